import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SignedInUser } from '../../app/current-user/current-user.documents';
import { SignedInUserContext } from '../../app/current-user/signed-in-user';
import { i18n, setPortalLabels } from '../../app/i18n';
import { PortalPropertiesContext } from '../../app/portal-properties';
import { ToastProvider } from '../../ui/toast';
import {
  UserFormOpcoesDocument,
  type UserFormOpcoesQuery,
  UserFormProdutosDocument,
  type UserFormProdutosQuery,
  type UserFormUsuarioQuery,
} from './user-form.generated';

// The schema wants UUIDs for every id it receives.
export const ME = '00000000-0000-4000-8000-000000000001';
export const U1 = '00000000-0000-4000-8000-0000000000a1';
export const U2 = '00000000-0000-4000-8000-0000000000a2';
export const G1 = '00000000-0000-4000-8000-0000000000b1';
export const D1 = '00000000-0000-4000-8000-0000000000c1';
export const D2 = '00000000-0000-4000-8000-0000000000c2';
export const M1 = '00000000-0000-4000-8000-0000000000d1';
export const M2 = '00000000-0000-4000-8000-0000000000d2';
export const C1 = '00000000-0000-4000-8000-0000000000e1';
export const C2 = '00000000-0000-4000-8000-0000000000e2';
export const DEP1 = '00000000-0000-4000-8000-0000000000f1';
export const DES1 = '00000000-0000-4000-8000-000000000101';
export const PORTAL = '00000000-0000-4000-8000-000000000201';
export const CRM = '00000000-0000-4000-8000-000000000202';
export const TA_GESTOR = '00000000-0000-4000-8000-000000000301';
export const TA_ADMIN = '00000000-0000-4000-8000-000000000302';
export const F_COM = '00000000-0000-4000-8000-000000000401';
export const F_BIB = '00000000-0000-4000-8000-000000000402';
export const F_USU = '00000000-0000-4000-8000-000000000403';

/** The demo customer's labels: the screens say "Concessionárias", not "Dealers". */
export function applyDemoLabels() {
  setPortalLabels({
    labelDealer: 'Concessionária',
    labelDealers: 'Concessionárias',
    labelGrupo: 'Grupo',
    labelGrupos: 'Grupos',
    labelMarcas: 'Marcas',
  });
}

/** The signed-in administrator (TECSINAPSE with the users key). */
export const ADMIN: SignedInUser = {
  __typename: 'UsuarioLogado',
  id: ME,
  nome: 'Ana Admin',
  email: 'admin@portal.demo',
  tipo: { __typename: 'TipoUsuario', id: 'TECSINAPSE', description: 'Tecsinapse' },
  idioma: { __typename: 'Idioma', id: 'PT_BR', description: 'Português' },
  avatarLink: null,
  funcionalidades: [{ __typename: 'Funcionalidade', id: F_USU, chave: 'PORTAL_MANUTENCAO_USUARIOS' }],
};

const tipo = (id: 'TECSINAPSE' | 'MONTADORA' | 'DEALER_GRUPO', description: string) => ({
  __typename: 'TipoUsuario' as const,
  id,
  description,
});
const ref = (id: 'TECSINAPSE' | 'MONTADORA' | 'DEALER_GRUPO') => ({ __typename: 'TipoUsuarioRef' as const, id });
const dealer = (id: string, nomeExibicao: string, codigoPrincipal: string) => ({
  __typename: 'UsuarioDealer' as const,
  id,
  nome: `${nomeExibicao} Ltda`,
  nomeExibicao,
  codigoPrincipal,
  grupo: { __typename: 'DealerGrupo' as const, id: G1, nome: 'Rede Horizonte' },
});
const marca = (id: string, description: string) => ({ __typename: 'Marca' as const, id, description });

/**
 * The wizard's choices: two types (MONTADORA in the management list, DEALER_GRUPO with positions), two brands,
 * two dealers, two positions, departments shown. `overrides` changes any part.
 */
export function buildOptions(
  overrides: {
    tipos?: ('TECSINAPSE' | 'MONTADORA' | 'DEALER_GRUPO')[];
    marcas?: number;
    informarDepartamentoCargo?: boolean;
  } = {},
): UserFormOpcoesQuery {
  const tipos = overrides.tipos ?? ['MONTADORA', 'DEALER_GRUPO'];
  const names = { TECSINAPSE: 'Tecsinapse', MONTADORA: 'Montadora', DEALER_GRUPO: 'Dealer / Grupo' };
  return {
    __typename: 'Query',
    usuarioDominioQuery: {
      __typename: 'UsuarioDominio',
      idiomas: [
        { __typename: 'Idioma', id: 'PT_BR', description: 'Português (Brasil)' },
        { __typename: 'Idioma', id: 'ES', description: 'Español' },
      ],
      grupos: [{ __typename: 'UsuarioGrupo', id: G1, nome: 'Rede Horizonte' }],
      dealers: [dealer(D1, 'Horizonte Centro', 'D001'), dealer(D2, 'Horizonte Norte', 'D002')],
      marcas: [marca(M1, 'Aurora'), marca(M2, 'Boreal')].slice(0, overrides.marcas ?? 2),
      tiposUsuario: tipos.map((id) => tipo(id, names[id])),
    },
    usuariosPortalProperties: {
      __typename: 'PortalProperties',
      informarDepartamentoCargo: overrides.informarDepartamentoCargo ?? true,
      tiposUsuarioDocumentoObrigatorio: [],
      tiposUsuarioInformarCargo: [ref('DEALER_GRUPO')],
      tiposUsuarioInformarGestao: [ref('MONTADORA')],
    },
    cargos: [
      { __typename: 'Cargo', id: C1, nome: 'Gerente de vendas' },
      { __typename: 'Cargo', id: C2, nome: 'Vendedor' },
    ],
    departamentosCargosUsuarios: [{ __typename: 'Departamento', id: DEP1, nome: 'Comercial', sigla: 'COM' }],
    desligamentos: [{ __typename: 'Desligamento', id: DES1, motivo: 'Pedido de demissão' }],
  };
}

/** The options query answering `options` (as often as asked). */
export const optionsMock = (options: UserFormOpcoesQuery = buildOptions()): MockedResponse => ({
  request: { query: UserFormOpcoesDocument },
  result: { data: options },
  maxUsageCount: 20,
});

/** Portal (access types Gestor with two default features, Administrador with none granted) and CRM. */
export const PRODUTOS: UserFormProdutosQuery['produtosByDealersAndTipoUsuario'] = [
  {
    __typename: 'ProdutoConcedivel',
    id: PORTAL,
    nome: 'Portal',
    tiposAcesso: [
      {
        __typename: 'TipoAcesso',
        id: TA_GESTOR,
        nome: 'Gestor de comunicados',
        funcionalidadesPadrao: [
          { __typename: 'Funcionalidade', id: F_COM },
          { __typename: 'Funcionalidade', id: F_BIB },
        ],
      },
      { __typename: 'TipoAcesso', id: TA_ADMIN, nome: 'Administrador', funcionalidadesPadrao: [] },
    ],
    funcionalidades: [
      { __typename: 'Funcionalidade', id: F_COM, nome: 'Criar comunicados' },
      { __typename: 'Funcionalidade', id: F_BIB, nome: 'Gerenciar biblioteca' },
      { __typename: 'Funcionalidade', id: F_USU, nome: 'Manter usuários' },
    ],
    idsTiposAcessoConcediveis: [TA_GESTOR],
    idsFuncionalidadesConcediveis: [F_COM, F_BIB],
  },
  {
    __typename: 'ProdutoConcedivel',
    id: CRM,
    nome: 'CRM Rede',
    tiposAcesso: [],
    funcionalidades: [],
    idsTiposAcessoConcediveis: [],
    idsFuncionalidadesConcediveis: [],
  },
];

export const produtosMock: MockedResponse = {
  request: { query: UserFormProdutosDocument },
  variableMatcher: () => true,
  result: { data: { produtosByDealersAndTipoUsuario: PRODUTOS } },
  maxUsageCount: 50,
};

/** A DEALER_GRUPO user at D1 with one position and the Portal access type Gestor. */
export function buildLoaded(overrides: Partial<UserFormUsuarioQuery['usuario']> = {}): UserFormUsuarioQuery {
  return {
    __typename: 'Query',
    usuario: {
      __typename: 'Usuario',
      id: U1,
      nome: 'Diego Dealer',
      email: 'dealer@portal.demo',
      cpf: '52998224725',
      telefones: ['1133334444'],
      celulares: [],
      codigos: ['X1'],
      editavel: true,
      tipo: tipo('DEALER_GRUPO', 'Dealer / Grupo'),
      idioma: { __typename: 'Idioma', id: 'PT_BR', description: 'Português (Brasil)' },
      marcas: [marca(M1, 'Aurora')],
      grupos: [{ __typename: 'UsuarioGrupo', id: G1, nome: 'Rede Horizonte' }],
      dealers: [dealer(D1, 'Horizonte Centro', 'D001')],
      gruposUsuarios: [],
      tiposAcesso: [
        {
          __typename: 'TipoAcesso',
          id: TA_GESTOR,
          nome: 'Gestor de comunicados',
          produto: { __typename: 'Produto', id: PORTAL },
        },
      ],
      funcionalidades: [],
      ...overrides,
    },
    cargos: [
      {
        __typename: 'Cargo',
        cargoId: C1,
        nome: 'Gerente de vendas',
        dataInicio: '2025-03-01',
        dealer: { __typename: 'CargoDealer', id: D1, nome: 'Horizonte Centro' },
        departamento: { __typename: 'Departamento', id: DEP1, nome: 'Comercial' },
      },
    ],
    infoUsuario: null,
  };
}

/** Renders a users screen at `url` with i18n (pt-BR), toasts, Apollo mocks, portal properties and the user. */
export function renderScreen(opts: {
  path: string;
  url: string;
  screen: ReactNode;
  mocks: MockedResponse[];
  user?: SignedInUser;
}) {
  const others = ['/usuarios', '/usuarios/novo', '/usuarios/:id'].filter((p) => p !== opts.path);
  const router = createMemoryRouter(
    [{ path: opts.path, element: opts.screen }, ...others.map((path) => ({ path, element: <p>rota {path}</p> }))],
    { initialEntries: [opts.url] },
  );
  const view: ReactNode = (
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <MockedProvider mocks={opts.mocks}>
          <PortalPropertiesContext
            value={{ name: 'Portal', theme: 'blueOcean', favicon: null, onboardingHabilitado: false }}
          >
            <SignedInUserContext value={opts.user ?? ADMIN}>
              <RouterProvider router={router} />
            </SignedInUserContext>
          </PortalPropertiesContext>
        </MockedProvider>
      </ToastProvider>
    </I18nextProvider>
  );
  return { view, router };
}
