import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SignedInUser } from '../../app/current-user/current-user.documents';
import { SignedInUserContext } from '../../app/current-user/signed-in-user';
import { i18n } from '../../app/i18n';
import { ToastProvider } from '../../ui/toast';
import type { GrupoCamposFragment } from './dealer-groups.generated';

/** A signed-in user with the given feature keys (by default the dealer groups' key). */
export function buildUser(chaves: string[] = ['PORTAL_MANUTENCAO_DEALERS_GRUPO']): SignedInUser {
  return {
    __typename: 'UsuarioLogado',
    id: 'u-1',
    nome: 'Ana Admin',
    email: 'admin@portal.demo',
    tipo: { __typename: 'TipoUsuario', id: 'MONTADORA', description: 'MONTADORA' },
    idioma: { __typename: 'Idioma', id: 'PT_BR', description: 'Português' },
    avatarLink: null,
    funcionalidades: chaves.map((chave, i) => ({ __typename: 'Funcionalidade', id: `f-${i}`, chave })),
  };
}

/** A dealer group as the list reads it; active with two dealers by default. */
export function buildGroup(overrides: Partial<GrupoCamposFragment> = {}): GrupoCamposFragment {
  return { __typename: 'Grupo', id: 'g-1', nome: 'Grupo Horizonte', active: true, quantidadeDealers: 2, ...overrides };
}

/**
 * Renders a dealer groups screen at `url` with i18n (pt-BR), toasts, Apollo mocks and the signed-in
 * user; the other dealer groups paths render their name, so a test sees where the screen went.
 */
export function renderScreen(opts: {
  path: string;
  url: string;
  screen: ReactNode;
  mocks: MockedResponse[];
  user?: SignedInUser;
}) {
  const others = ['/grupos', '/grupos/novo', '/grupos/:id'].filter((p) => p !== opts.path);
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
