import { expect, test } from '@playwright/test';
import { keepHeaderTourClosed } from './header-tour.js';
import { openSignedIn } from './session.js';

// docs/domains/menu-and-shell.md#access-and-error-pages: a screen that throws while rendering shows the Ops page inside
// the frame, with the help-desk link of the menu data (linkHelpTec of the seed) and a back button, and the browser
// reports the error to the server (POST /api/client-errors). The product has no test hook: the screen's own lazily
// loaded chunk is swapped in the browser for one that throws.

test.beforeEach(async ({ page }) => {
  await keepHeaderTourClosed(page);
});

const FORCED = 'Forced render error from the ops-page journey';

test('a screen that fails to render shows the Ops page, reports the error and leads back', async ({ page }) => {
  // /minha-conta's chunk (apps/web/src/app/router.tsx imports its named export MyAccountPage).
  await page.route('**/assets/MyAccountPage-*.js', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `export function MyAccountPage() { throw new Error(${JSON.stringify(FORCED)}); }
export const initialsOf = () => '';`,
    }),
  );
  await openSignedIn(page, '/home', 'aprovador@portal.demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Alice Aprovadora' })).toBeVisible();

  // In-app navigation from /home, so the back button has a page of the portal to return to.
  const reported = page.waitForRequest(
    (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/client-errors',
  );
  await page.getByRole('banner').getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Minha conta' }).click();

  await expect(page).toHaveURL('/minha-conta');
  await expect(page.getByRole('heading', { level: 1, name: 'Ops! Algo deu errado.' })).toBeVisible();
  await expect(
    page.getByText('Ocorreu um erro ao exibir esta página. Tente novamente ou fale com o suporte.'),
  ).toBeVisible();
  const helpDesk = page.getByRole('link', { name: 'Abrir chamado no suporte' });
  await expect(helpDesk).toHaveAttribute('href', 'https://ajuda.portal.demo');
  await expect(helpDesk).toHaveAttribute('target', '_blank');
  // The frame stays around the failed screen.
  await expect(page.getByRole('banner').getByRole('button', { name: 'Menu do usuário' })).toBeVisible();

  const request = await reported;
  const body = JSON.parse(request.postData() ?? '{}') as { message?: string; path?: string; stack?: string };
  expect(body.message).toBe(`Error: ${FORCED}`);
  expect(body.path).toBe('/minha-conta');
  expect(body.stack).toContain('MyAccountPage');

  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Alice Aprovadora' })).toBeVisible();
});
