import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { APPROVE_KEY, CREATE_KEY } from '@portal/domain';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import type { SignedInUser } from '../../app/current-user/current-user.documents';
import { SignedInUserContext } from '../../app/current-user/signed-in-user';
import { i18n } from '../../app/i18n';
import { ToastProvider } from '../../ui/toast';
import type { Comunicado, ComunicadoEnvio, ComunicadoHistorico } from './communications.documents';

let seq = 0;

/** A signed-in user holding `chaves`; a dealer by default. */
export function buildUser(chaves: string[] = [], overrides: Partial<SignedInUser> = {}): SignedInUser {
  return {
    __typename: 'UsuarioLogado',
    id: 'u-1',
    nome: 'Maria Montadora',
    email: 'montadora@portal.demo',
    tipo: { __typename: 'TipoUsuario', id: chaves.length ? 'MONTADORA' : 'DEALER_GRUPO', description: 'Montadora' },
    idioma: { __typename: 'Idioma', id: 'PT_BR', description: 'Português' },
    avatarLink: null,
    funcionalidades: chaves.map((chave, i) => ({ __typename: 'Funcionalidade', id: `f${i}`, chave })),
    ...overrides,
  };
}
export const creator = () => buildUser([CREATE_KEY]);
export const approver = () => buildUser([APPROVE_KEY], { id: 'u-2', nome: 'Ana Aprovadora' });
export const dealer = () => buildUser([], { id: 'u-3', nome: 'Davi Dealer' });

const NO_ACTIONS = {
  __typename: 'ComunicadoViewerCan' as const,
  editar: false,
  enviarParaAprovacao: false,
  aprovar: false,
  rejeitar: false,
  enviar: false,
  arquivar: false,
  desarquivar: false,
  criarErrata: false,
  verDashboard: false,
};

/** A communication with every field of the documents' fragment; override what a test needs. */
export function buildComunicado(
  overrides: Partial<Omit<Comunicado & ComunicadoHistorico, 'viewerCan'>> & {
    viewerCan?: Partial<Comunicado['viewerCan']>;
  } = {},
): Comunicado & ComunicadoHistorico {
  seq += 1;
  const { viewerCan, ...rest } = overrides;
  return {
    __typename: 'Comunicado',
    id: `c-${seq}`,
    titulo: `Comunicado ${seq}`,
    mensagem: '<p>Olá, rede.</p>',
    createdDateTime: '2026-03-01T12:00:00.000Z',
    envioDateTime: null,
    usuarioCriador: {
      __typename: 'UsuarioComunicado',
      id: 'u-1',
      nome: 'Maria Montadora',
      email: 'montadora@portal.demo',
    },
    etiquetas: [],
    arquivos: [],
    departamento: null,
    dataInicioExibicao: null,
    dataFimExibicao: null,
    idParent: null,
    justificativa: null,
    exigeConfirmacao: false,
    motivoRejeicao: null,
    dataHoraAgendamento: null,
    entregues: null,
    status: { __typename: 'StatusComunicado', id: 'RASCUNHO', description: 'Rascunho' },
    usuarioAprovador: null,
    grupos: [{ __typename: 'GrupoUsuariosResumo', id: 'g1', nome: 'Rede Horizonte' }],
    gruposDealers: [],
    usuariosRemovidos: [],
    emailsAvulsos: [],
    erratas: [],
    idioma: 'PT_BR',
    traducoes: [],
    historico: [],
    alteracoesDesdeRejeicao: null,
    viewerCan: { ...NO_ACTIONS, ...viewerCan },
    ...rest,
  };
}

/** A delivery of a communication to the signed-in user. */
export function buildEnvio(overrides: Partial<ComunicadoEnvio> = {}): ComunicadoEnvio {
  const c = buildComunicado({ status: { __typename: 'StatusComunicado', id: 'ENVIADO', description: 'Enviado' } });
  const { viewerCan: _v, status: _s, ...conteudo } = c;
  const {
    motivoRejeicao: _m,
    dataHoraAgendamento: _d,
    usuarioAprovador: _a,
    grupos: _g,
    gruposDealers: _gd,
    usuariosRemovidos: _u,
    emailsAvulsos: _e,
    erratas: _er,
    idioma: _i,
    traducoes: _t,
    historico: _h,
    alteracoesDesdeRejeicao: _ad,
    ...fields
  } = conteudo;
  return {
    __typename: 'ComunicadoEnvio',
    id: `e-${c.id}`,
    lido: false,
    arquivado: false,
    favorito: false,
    dataRecebimento: '2026-03-02T09:00:00.000Z',
    dataLeitura: null,
    comunicado: fields,
    original: null,
    ...overrides,
  };
}

/** Providers of a screen: i18n (pt-BR), toasts, Apollo mocks, router and the signed-in user. */
export function Providers({
  user,
  mocks,
  path = '/',
  children,
}: {
  user: SignedInUser;
  mocks: MockedResponse[];
  path?: string;
  children: ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <MockedProvider mocks={mocks}>
          <MemoryRouter initialEntries={[path]}>
            <SignedInUserContext value={user}>{children}</SignedInUserContext>
          </MemoryRouter>
        </MockedProvider>
      </ToastProvider>
    </I18nextProvider>
  );
}
