import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { businessDay } from '@portal/domain';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SignedInUser } from '../../app/current-user/current-user.documents';
import { SignedInUserContext } from '../../app/current-user/signed-in-user';
import { i18n } from '../../app/i18n';
import { ToastProvider } from '../../ui/toast';
import type { AnuncioCamposFragment, SlideCamposFragment } from './home-content.generated';
import { GruposConteudoHomeDocument } from './home-content.generated';

/** A day `offset` days from today in the business calendar ('YYYY-MM-DD'). */
export function dayFromToday(offset: number): string {
  return businessDay(new Date(Date.now() + offset * 24 * 3600 * 1000));
}

/** A signed-in user holding the slides and ads keys (or the given ones). */
export function buildUser(keys = ['PORTAL_MANUTENCAO_SLIDES', 'PORTAL_MANUTENCAO_ANUNCIOS']): SignedInUser {
  return {
    __typename: 'UsuarioLogado',
    id: 'u-1',
    nome: 'Ana Admin',
    email: 'admin@portal.demo',
    tipo: { __typename: 'TipoUsuario', id: 'MONTADORA', description: 'MONTADORA' },
    idioma: { __typename: 'Idioma', id: 'PT_BR', description: 'Português' },
    avatarLink: null,
    funcionalidades: keys.map((chave) => ({ __typename: 'Funcionalidade', id: chave, chave })),
  };
}

const GROUPS = [
  { __typename: 'GrupoUsuariosAtivo' as const, id: 'g-1', nome: 'Pós-venda', active: true },
  { __typename: 'GrupoUsuariosAtivo' as const, id: 'g-2', nome: 'Rede Horizonte', active: true },
];

/** A slide as the administration reads it: showing, for 'Pós-venda', with an image. */
export function buildSlide(overrides: Partial<SlideCamposFragment> = {}): SlideCamposFragment {
  return {
    __typename: 'Slide',
    id: 's-1',
    titulo: 'Campanha de revisão',
    corTitulo: '#ffffff',
    tamanhoTitulo: 36,
    subtitulo: 'Materiais novos',
    corSubtitulo: '#f0f0f0',
    tamanhoSubtitulo: 20,
    tituloBotao: 'Ver materiais',
    link: '/biblioteca',
    linkTarget: '_self',
    inicioDate: dayFromToday(-3),
    fimDate: dayFromToday(30),
    active: true,
    status: 'EM_EXIBICAO',
    arquivo: {
      __typename: 'ArquivoConteudoHome',
      id: 'f-1',
      nome: 'campanha.png',
      arquivoLink: '/api/download/f-1',
      largura: 1140,
      altura: 400,
      variantes: [{ __typename: 'VarianteImagem', largura: 480, link: '/api/files/f-1/variant/480' }],
    },
    grupos: [{ __typename: 'GrupoConteudoHome', id: 'g-1', nome: 'Pós-venda' }],
    ...overrides,
  };
}

/** An ad as the administration reads it: scheduled, for 'Rede Horizonte', without an image. */
export function buildAnuncio(overrides: Partial<AnuncioCamposFragment> = {}): AnuncioCamposFragment {
  return {
    __typename: 'Anuncio',
    id: 'a-1',
    titulo: 'Feirão Horizonte',
    link: '/comunicados',
    linkTarget: '_blank',
    inicioDate: dayFromToday(5),
    fimDate: dayFromToday(20),
    active: true,
    status: 'AGENDADO',
    arquivo: null,
    grupos: [{ __typename: 'GrupoConteudoHome', id: 'g-2', nome: 'Rede Horizonte' }],
    ...overrides,
  };
}

export const groupsMock: MockedResponse = {
  request: { query: GruposConteudoHomeDocument },
  result: { data: { gruposUsuariosAtivos: GROUPS } },
  maxUsageCount: 10,
};

const PATHS = ['/slides', '/slides/novo', '/slides/editar/:id', '/anuncios', '/anuncios/novo', '/anuncios/editar/:id'];

/**
 * Renders a slides or ads screen at `url` with i18n (pt-BR), toasts, Apollo mocks and the signed-in
 * user; the other paths render their name, so a test sees where the screen went.
 */
export function renderScreen(opts: {
  path: string;
  url: string;
  screen: ReactNode;
  mocks: MockedResponse[];
  user?: SignedInUser;
}) {
  const others = PATHS.filter((p) => p !== opts.path);
  const router = createMemoryRouter(
    [{ path: opts.path, element: opts.screen }, ...others.map((path) => ({ path, element: <p>rota {path}</p> }))],
    { initialEntries: [opts.url] },
  );
  const view = (
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <MockedProvider mocks={[groupsMock, ...opts.mocks]}>
          <SignedInUserContext value={opts.user ?? buildUser()}>
            <RouterProvider router={router} />
          </SignedInUserContext>
        </MockedProvider>
      </ToastProvider>
    </I18nextProvider>
  );
  return { view, router };
}
