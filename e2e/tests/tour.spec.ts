import { expect, type Page, type Response, test } from '@playwright/test';

// The header's guided tour (docs/domains/menu-and-shell.md#guided-tour, onboarding id HOME), shown once per user.
// Only this journey lets the tour open: the others keep it closed in the browser (header-tour.ts)
// and never mark it seen, so montadora's tour is still unseen here whatever the file order.

const PASSWORD = 'Portal@2026';
const EMAIL = 'montadora@portal.demo';

/** The response of the GraphQL operation `name` sent by the app. */
function graphqlResponse(page: Page, name: string): Promise<Response> {
  return page.waitForResponse(
    (r) =>
      r.url().endsWith('/api/graphql') &&
      (r.request().postDataJSON() as { operationName?: string } | null)?.operationName === name,
  );
}

test('the header tour opens once after sign-in, moves with the arrows and is not shown again', async ({ page }) => {
  await page.goto('/home');
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await page.getByLabel('E-mail', { exact: true }).fill(EMAIL);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Marcos Montadora' })).toBeVisible();

  const tour = page.getByRole('dialog', { name: 'Tour guiado' });
  await expect(tour).toBeVisible();
  await expect(tour).toContainText('1/2');
  await expect(tour).toContainText('Abra o menu para navegar entre as áreas do portal.');
  await expect(tour.getByRole('button', { name: 'Voltar' })).toHaveCount(0);

  await page.keyboard.press('ArrowRight');
  await expect(tour).toContainText('2/2');
  await expect(tour).toContainText('Aqui ficam as notificações e o menu do seu usuário.');
  await page.keyboard.press('ArrowLeft');
  await expect(tour).toContainText('1/2');
  await page.keyboard.press('ArrowRight');
  await expect(tour).toContainText('2/2');

  const marked = graphqlResponse(page, 'SetCurrentUserOnboardingSeen');
  await tour.getByRole('button', { name: 'Concluir' }).click();
  await expect(tour).toBeHidden();
  expect(await (await marked).json()).toEqual({ data: { setCurrentUserOnboardingSeen: true } });

  // Seen now: after a reload the server says so and the tour stays closed.
  const seen = graphqlResponse(page, 'CurrentUserOnboardingIsSeen');
  await page.reload();
  expect(await (await seen).json()).toEqual({ data: { currentUserOnboardingIsSeen: true } });
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Marcos Montadora' })).toBeVisible();
  await expect(tour).toHaveCount(0);
  await page.getByRole('banner').getByRole('button', { name: 'Abrir menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
});
