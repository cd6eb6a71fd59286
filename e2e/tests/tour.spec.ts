import { expect, type Page, type Request, test } from '@playwright/test';

// The header's guided tour (docs/domains/menu-and-shell.md#guided-tour, onboarding id HOME), shown once per user.
// Only this journey lets the tour open: the others keep it closed in the browser (header-tour.ts)
// and never mark it seen, so montadora's tour is still unseen here whatever the file order.

const PASSWORD = 'Portal@2026';
const EMAIL = 'montadora@portal.demo';

type Operation = { operationName?: string };

/**
 * The answer to the GraphQL operation `name` the app sends next, whether alone or in a batch (an array body, one
 * answer per operation).
 */
async function graphqlAnswer(page: Page, name: string): Promise<unknown> {
  const operationsOf = (r: Request) => {
    const sent = r.postDataJSON() as Operation | Operation[] | null;
    return Array.isArray(sent) ? sent : [sent ?? {}];
  };
  const response = await page.waitForResponse(
    (r) => r.url().endsWith('/api/graphql') && operationsOf(r.request()).some((o) => o.operationName === name),
  );
  const json = (await response.json()) as unknown;
  const index = operationsOf(response.request()).findIndex((o) => o.operationName === name);
  return Array.isArray(json) ? json[index] : json;
}

/** The popover sits beside its element: just below (or above) it and overlapping it horizontally, not at an edge. */
async function expectBeside(page: Page, selector: string) {
  // The popover glides from the previous step's place: its place is read once it has settled.
  await expect(async () => {
    const target = await page.locator(selector).first().boundingBox();
    const popover = await page.getByRole('dialog', { name: 'Tour guiado' }).boundingBox();
    if (!target || !popover) throw new Error('the tour or its element is not on the screen');
    const gapBelow = popover.y - (target.y + target.height);
    const gapAbove = target.y - (popover.y + popover.height);
    // The highlight's padding and the gap: a few dozen pixels from the element, never across the screen.
    expect(Math.min(Math.abs(gapBelow), Math.abs(gapAbove))).toBeLessThanOrEqual(48);
    expect(popover.x).toBeLessThanOrEqual(target.x + target.width);
    expect(popover.x + popover.width).toBeGreaterThanOrEqual(target.x);
    expect(popover.x).toBeGreaterThanOrEqual(8);
  }).toPass({ timeout: 5_000 });
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
  await expectBeside(page, '[data-tour="menu"]');

  await page.keyboard.press('ArrowRight');
  await expect(tour).toContainText('2/2');
  await expect(tour).toContainText('Aqui ficam as notificações e o menu do seu usuário.');
  await expectBeside(page, '[data-tour="toolbar"]');
  await page.keyboard.press('ArrowLeft');
  await expect(tour).toContainText('1/2');
  await page.keyboard.press('ArrowRight');
  await expect(tour).toContainText('2/2');

  const marked = graphqlAnswer(page, 'SetCurrentUserOnboardingSeen');
  await tour.getByRole('button', { name: 'Concluir' }).click();
  await expect(tour).toBeHidden();
  expect(await marked).toEqual({ data: { setCurrentUserOnboardingSeen: true } });

  // Seen now: after a reload the server says so (in the frame's request) and the tour stays closed.
  const seen = graphqlAnswer(page, 'Frame');
  await page.reload();
  expect((await seen) as { data: unknown }).toMatchObject({ data: { currentUserOnboardingIsSeen: true } });
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Marcos Montadora' })).toBeVisible();
  await expect(tour).toHaveCount(0);
  await page.getByRole('banner').getByRole('button', { name: 'Abrir menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
});
