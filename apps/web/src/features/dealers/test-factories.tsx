import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SignedInUser } from '../../app/current-user/current-user.documents';
import { SignedInUserContext } from '../../app/current-user/signed-in-user';
import { i18n, setPortalLabels } from '../../app/i18n';
import { ToastProvider } from '../../ui/toast';
import {
  type DealerLinhaFragment,
  type MarcaCamposFragment,
  OpcoesDealerDocument,
  type OpcoesDealerQuery,
} from './dealers.generated';

export const G1 = '7d3c8f2e-4b1a-4c6e-9f0a-1b2c3d4e5f60';
export const M1 = '0b7e8c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b';
export const P1 = '1c8f9d2b-3a4e-4f60-9bac-1d2e3f4a5b6c';
export const DC1 = '2d9a0e3c-4b5f-4a71-8cbd-2e3f4a5b6c7d';

/** The demo customer's labels: the screens say "Concessionárias", not "Dealers". */
export function applyDemoLabels() {
  setPortalLabels({
    labelDealer: 'Concessionária',
    labelDealers: 'Concessionárias',
    labelNovoDealer: 'Nova concessionária',
  });
}

/** A signed-in user with the dealers key (or without any). */
export function buildUser(keys: string[] = ['PORTAL_MANUTENCAO_DEALERS_GRUPO']): SignedInUser {
  return {
    __typename: 'UsuarioLogado',
    id: 'u-1',
    nome: 'Ana Admin',
    email: 'admin@portal.demo',
    tipo: { __typename: 'TipoUsuario', id: 'TECSINAPSE', description: 'TECSINAPSE' },
    idioma: { __typename: 'Idioma', id: 'PT_BR', description: 'Português' },
    avatarLink: null,
    funcionalidades: keys.map((chave) => ({ __typename: 'Funcionalidade', id: chave, chave })),
  };
}

export function buildDealer(overrides: Partial<DealerLinhaFragment> = {}): DealerLinhaFragment {
  return {
    __typename: 'Dealer',
    id: 'd-1',
    nome: 'Horizonte Veículos Centro Ltda',
    nomeExibicao: 'Horizonte Centro',
    cnpj: '11444777000161',
    codigoPrincipal: 'D001',
    cidade: 'São Paulo',
    uf: 'SP',
    active: true,
    grupo: { __typename: 'DealerGrupo', id: G1, nome: 'Grupo Horizonte' },
    marcas: [{ __typename: 'Marca', id: M1, description: 'Aurora' }],
    ...overrides,
  };
}

export function buildBrand(overrides: Partial<MarcaCamposFragment> = {}): MarcaCamposFragment {
  return {
    __typename: 'MarcaAdministracao',
    id: M1,
    descricao: 'Aurora',
    active: true,
    quantidadeDealers: 3,
    ...overrides,
  };
}

export const OPTIONS: OpcoesDealerQuery['opcoesDealer'] = {
  __typename: 'OpcoesDealer',
  grupos: [{ __typename: 'OpcaoDealer', id: G1, nome: 'Grupo Horizonte', active: true }],
  marcas: [{ __typename: 'OpcaoDealer', id: M1, nome: 'Aurora', active: true }],
  produtos: [{ __typename: 'OpcaoDealer', id: P1, nome: 'CRM Rede', active: true }],
  dadosComplementares: [
    { __typename: 'OpcaoDadoComplementar', id: DC1, descricao: 'Código no CRM', tipo: 'LINK', produtoId: P1 },
  ],
};

export const optionsMock: MockedResponse = {
  request: { query: OpcoesDealerDocument },
  result: { data: { opcoesDealer: OPTIONS } },
  maxUsageCount: 10,
};

/** Renders a dealers screen at `url` with i18n (pt-BR), toasts, Apollo mocks and the signed-in user. */
export function renderScreen(opts: {
  path: string;
  url: string;
  screen: ReactNode;
  mocks: MockedResponse[];
  user?: SignedInUser;
}) {
  const others = ['/dealers', '/dealers/novo', '/dealers/:id'].filter((p) => p !== opts.path);
  const router = createMemoryRouter(
    [{ path: opts.path, element: opts.screen }, ...others.map((path) => ({ path, element: <p>rota {path}</p> }))],
    { initialEntries: [opts.url] },
  );
  const view = (
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <MockedProvider mocks={opts.mocks}>
          <SignedInUserContext value={opts.user ?? buildUser()}>
            <RouterProvider router={router} />
          </SignedInUserContext>
        </MockedProvider>
      </ToastProvider>
    </I18nextProvider>
  );
  return { view, router };
}
