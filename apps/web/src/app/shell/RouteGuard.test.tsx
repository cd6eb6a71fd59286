// @vitest-environment jsdom
import type { GuardSubject } from '@portal/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ToastProvider } from '../../ui/toast';
import { i18n } from '../i18n';
import { RouteGuard } from './RouteGuard';

function renderAt(path: string, user: GuardSubject) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <RouteGuard user={user}>
            <Outlet />
          </RouteGuard>
        ),
        children: [
          { path: '/home', element: <h1>home</h1> },
          { path: '/usuarios', element: <h1>usuarios</h1> },
          { path: '/superAdmin', element: <h1>superAdmin</h1> },
          { path: '/minha-conta', element: <h1>minha-conta</h1> },
          { path: '*', element: <h1>404</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </I18nextProvider>,
  );
  return router;
}

const dealer: GuardSubject = { tipo: 'DEALER_GRUPO', chaves: [] };
const admin: GuardSubject = { tipo: 'TECSINAPSE', chaves: ['PORTAL_MANUTENCAO_USUARIOS'] };
const viewer: GuardSubject = { tipo: 'MONTADORA', chaves: ['PORTAL_CONSULTA_VISUALIZACAO_USUARIOS'] };

describe('RouteGuard', () => {
  afterEach(cleanup);
  // notistack loads with the first toast; load it before the clock of findBy starts on a busy machine.
  beforeAll(() => import('../../ui/ToastHost'));

  it.each([
    ['/usuarios', dealer, 'home'],
    ['/usuarios', admin, 'usuarios'],
    ['/usuarios', viewer, 'usuarios'],
    ['/superAdmin', viewer, 'home'],
    ['/superAdmin', admin, 'superAdmin'],
    ['/minha-conta', dealer, 'minha-conta'],
    ['/nao-existe', dealer, '404'],
  ])('%s for %o shows %s', async (path, user, heading) => {
    const router = renderAt(path, user);
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(router.state.location.pathname).toBe(heading === 'home' ? '/home' : path);
    // Sent home for lack of access: told why, naming the page.
    if (heading === 'home')
      expect(await screen.findByText(/^Você não tem acesso a "/, undefined, { timeout: 5_000 })).toBeTruthy();
  });
});
