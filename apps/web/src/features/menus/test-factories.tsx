import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import type { UserType } from '@portal/domain';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SignedInUser } from '../../app/current-user/current-user.documents';
import { SignedInUserContext } from '../../app/current-user/signed-in-user';
import { i18n } from '../../app/i18n';
import { ToastProvider } from '../../ui/toast';
import type { MenuAdministracaoCamposFragment, OpcoesMenuAdministracaoQuery } from './menus.generated';
import { OpcoesMenuAdministracaoDocument } from './menus.generated';

/** A signed-in user of the given type. */
export function buildUser(tipo: UserType): SignedInUser {
  return {
    __typename: 'UsuarioLogado',
    id: 'u-1',
    nome: 'Ana Admin',
    email: 'admin@portal.demo',
    tipo: { __typename: 'TipoUsuario', id: tipo, description: tipo },
    idioma: { __typename: 'Idioma', id: 'PT_BR', description: 'Português' },
    avatarLink: null,
    funcionalidades: [],
  };
}

/** A menu entry as the administration reads it; an item under 'Portal' by default. */
export function buildEntry(overrides: Partial<MenuAdministracaoCamposFragment> = {}): MenuAdministracaoCamposFragment {
  return {
    __typename: 'MenuAdministracao',
    id: 'm-1',
    titulo: 'Comunicados',
    tituloChave: null,
    uri: '/comunicados',
    ordem: 2,
    externo: false,
    active: true,
    chaves: [],
    tipos: [],
    quantidadeFilhos: 0,
    produto: null,
    pai: { __typename: 'MenuPai', id: 'c-1', titulo: 'Portal' },
    ...overrides,
  };
}

export const OPTIONS: OpcoesMenuAdministracaoQuery['opcoesMenuAdministracao'] = {
  __typename: 'OpcoesMenuAdministracao',
  produtos: [{ __typename: 'MenuProduto', id: 'p-1', nome: 'CRM Rede' }],
  funcionalidades: [{ __typename: 'MenuFuncionalidade', chave: 'CRM_VENDAS', nome: 'Vendas', produto: 'CRM Rede' }],
  pais: [
    { __typename: 'MenuPai', id: 'c-1', titulo: 'Portal' },
    { __typename: 'MenuPai', id: 'c-2', titulo: 'Administração' },
  ],
};

export const optionsMock: MockedResponse = {
  request: { query: OpcoesMenuAdministracaoDocument },
  result: { data: { opcoesMenuAdministracao: OPTIONS } },
  maxUsageCount: 10,
};

/**
 * Renders a menus screen at `url` with i18n (pt-BR), toasts, Apollo mocks and the signed-in user; the
 * other menus paths render their name, so a test sees where the screen went.
 */
export function renderScreen(opts: {
  path: string;
  url: string;
  screen: ReactNode;
  mocks: MockedResponse[];
  user?: SignedInUser;
}) {
  const others = ['/menus', '/menus/novo', '/menus/:id'].filter((p) => p !== opts.path);
  const router = createMemoryRouter(
    [{ path: opts.path, element: opts.screen }, ...others.map((path) => ({ path, element: <p>rota {path}</p> }))],
    { initialEntries: [opts.url] },
  );
  const view = (
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <MockedProvider mocks={opts.mocks}>
          <SignedInUserContext value={opts.user ?? buildUser('TECSINAPSE')}>
            <RouterProvider router={router} />
          </SignedInUserContext>
        </MockedProvider>
      </ToastProvider>
    </I18nextProvider>
  );
  return { view, router };
}
