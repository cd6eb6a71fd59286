import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import type { FeatureKey } from '@portal/domain';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { SignedInUser } from '../../app/current-user/current-user.documents';
import { SignedInUserContext } from '../../app/current-user/signed-in-user';
import { i18n } from '../../app/i18n';
import { PortalPropertiesContext } from '../../app/portal-properties';
import { ToastProvider } from '../../ui/toast';
import type { GrupoUsuariosCamposFragment, UsuarioGrupoUsuariosCamposFragment } from './user-groups.generated';

/** A signed-in MONTADORA user holding `keys`. */
export function buildUser(keys: FeatureKey[]): SignedInUser {
  return {
    __typename: 'UsuarioLogado',
    id: 'u-1',
    nome: 'Mara Montadora',
    email: 'montadora@portal.demo',
    tipo: { __typename: 'TipoUsuario', id: 'MONTADORA', description: 'Montadora' },
    idioma: { __typename: 'Idioma', id: 'PT_BR', description: 'Português' },
    avatarLink: null,
    funcionalidades: keys.map((chave, i) => ({ __typename: 'Funcionalidade', id: `f-${i}`, chave })),
  };
}

export const MANAGER = buildUser(['PORTAL_MANUTENCAO_GRUPOS_USUARIOS', 'PORTAL_CRIACAO_GRUPOS_USUARIOS_PUBLICOS']);

/** A user group as the administration reads it: private, active, two users. */
export function buildGroup(overrides: Partial<GrupoUsuariosCamposFragment> = {}): GrupoUsuariosCamposFragment {
  return {
    __typename: 'GrupoUsuarios',
    id: 'g-1',
    nome: 'Pós-venda Sul',
    publico: false,
    active: true,
    quantidadeUsuarios: 2,
    createdDateTime: '2026-03-10T12:00:00.000Z',
    ...overrides,
  };
}

/** A user as a group's member list shows them. */
export function buildMember(
  overrides: Partial<UsuarioGrupoUsuariosCamposFragment> = {},
): UsuarioGrupoUsuariosCamposFragment {
  return {
    __typename: 'UsuarioGrupoUsuarios',
    id: 'u-10',
    nome: 'Joana Estêvão',
    email: 'joana@teste.demo',
    active: true,
    dealers: ['Auto Ipê'],
    ...overrides,
  };
}

/**
 * Renders a user groups screen at `url` with i18n (pt-BR), toasts, Apollo mocks, the portal properties
 * and the signed-in user; the other user groups paths render their name.
 */
export function renderScreen(opts: {
  path: string;
  url: string;
  screen: ReactNode;
  mocks: MockedResponse[];
  user?: SignedInUser;
}) {
  const others = ['/gruposUsuarios', '/gruposUsuarios/novo', '/gruposUsuarios/:id'].filter((p) => p !== opts.path);
  const router = createMemoryRouter(
    [{ path: opts.path, element: opts.screen }, ...others.map((path) => ({ path, element: <p>rota {path}</p> }))],
    { initialEntries: [opts.url] },
  );
  const view = (
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <MockedProvider mocks={opts.mocks}>
          <PortalPropertiesContext
            value={{
              name: 'Portal',
              theme: 'blueOcean',
              favicon: null,
              onboardingHabilitado: false,
            }}
          >
            <SignedInUserContext value={opts.user ?? MANAGER}>
              <RouterProvider router={router} />
            </SignedInUserContext>
          </PortalPropertiesContext>
        </MockedProvider>
      </ToastProvider>
    </I18nextProvider>
  );
  return { view, router };
}
