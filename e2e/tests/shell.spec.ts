import { expect, test } from '@playwright/test';
import { keepHeaderTourClosed } from './header-tour.js';
import { openSignedIn, PORTAL, seriousViolations } from './session.js';

// The frame of every signed-in screen (docs/domains/menu-and-shell.md): header, menu, breadcrumbs, guard, bell, 404.
// Texts are what the user reads (packages/i18n catalogues, pt-BR); the demo customer is the seed's.

// The header's guided tour stays closed here (its own journey is tour.spec.ts).
test.beforeEach(async ({ page }) => {
  await keepHeaderTourClosed(page);
});

const USERS = [
  { email: 'admin@portal.demo', nome: 'Ana Admin', superAdmin: true },
  { email: 'dealer@portal.demo', nome: 'Diego Dealer', superAdmin: false },
] as const;

for (const user of USERS) {
  test(`${user.email} sees the header, the menu and the breadcrumbs`, async ({ page }) => {
    await openSignedIn(page, '/home', user.email);
    const banner = page.getByRole('banner');
    // A favicon is served: the customer's when its properties name one, else the portal's own.
    const icon = await page.locator('link[rel~="icon"]').getAttribute('href');
    expect((await page.request.get(icon ?? '/favicon.svg')).status()).toBe(200);

    await expect(banner.getByRole('link', { name: PORTAL })).toHaveAttribute('href', '/home');
    await expect(banner.getByRole('searchbox', { name: 'Buscar no menu' })).toBeVisible();
    await expect(banner.getByRole('link', { name: /^Academia/ })).toHaveAttribute(
      'href',
      'https://academia.portal.demo',
    );
    await expect(banner.getByRole('link', { name: /^Central de ajuda/ })).toHaveAttribute('target', '_blank');
    await expect(banner.getByRole('combobox', { name: 'Idioma' })).toHaveValue('PT_BR');
    await expect(banner.getByRole('button', { name: /^Notificações/ })).toBeVisible();

    // User menu: my account for everyone, SuperAdmin for TECSINAPSE only.
    await banner.getByRole('button', { name: 'Menu do usuário' }).click();
    const userMenu = page.getByRole('menu');
    await expect(userMenu.getByText(user.nome)).toBeVisible();
    await expect(userMenu.getByRole('menuitem', { name: 'Minha conta' })).toHaveAttribute('href', '/minha-conta');
    await expect(userMenu.getByRole('menuitem', { name: 'Sair' })).toBeVisible();
    await expect(userMenu.getByRole('menuitem', { name: 'SuperAdmin' })).toHaveCount(user.superAdmin ? 1 : 0);
    await page.keyboard.press('Escape');
    await expect(userMenu).toBeHidden();

    // Breadcrumbs: the root is the product name.
    const crumbs = page.getByRole('navigation', { name: 'Você está em' });
    await expect(crumbs.getByRole('link', { name: 'Portal', exact: true })).toHaveAttribute('href', '/home');
    await expect(crumbs.getByText('Início')).toHaveAttribute('aria-current', 'page');

    // Menu: categories ordered; in-app links go to their screens; external links open a tab.
    await banner.getByRole('button', { name: 'Abrir menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await expect(menu.getByRole('link', { name: 'Início' }).first()).toHaveAttribute('href', '/home');
    await expect(menu.getByRole('link', { name: /^Central de ajuda/ })).toHaveAttribute('rel', 'noopener');
    // The generic notifications screen is in the menu of those with its key (the admin), and of nobody else.
    const generic = menu.getByRole('link', { name: 'Notificações genéricas', exact: true });
    if (user.superAdmin) await expect(generic).toHaveAttribute('href', '/notificacoesGenericas');
    else await expect(generic).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // Search (in the bar on wide screens) filters the menu, ignoring case and accents.
    await banner.getByRole('searchbox', { name: 'Buscar no menu' }).fill('CENTRAL');
    await expect(menu.getByRole('link', { name: /^Central de ajuda/ })).toBeVisible();
    await expect(menu.getByRole('link', { name: /^Academia/ })).toHaveCount(0);
    await banner.getByRole('searchbox', { name: 'Buscar no menu' }).fill('inicio');
    await expect(menu.getByRole('link', { name: 'Início' }).first()).toBeVisible();
    await expect(menu.getByRole('link', { name: /^Central de ajuda/ })).toHaveCount(0);
    await banner.getByRole('searchbox', { name: 'Buscar no menu' }).press('Escape');
    await expect(menu).toBeHidden();
  });
}

test('a route the user may not open redirects to /home; an unknown one shows 404', async ({ page }) => {
  await openSignedIn(page, '/usuarios', 'dealer@portal.demo', '/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Diego Dealer' })).toBeVisible();
  await expect(page).toHaveTitle(`${PORTAL} - Início`);

  await page.goto('/superAdmin');
  await expect(page).toHaveURL('/home');

  await page.goto('/nao-existe');
  await expect(page.getByRole('heading', { level: 1, name: '404!' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Menu do usuário' })).toBeVisible();
});

test('the bell shows the unread count and its panel, and closing it marks them seen', async ({ page }) => {
  await openSignedIn(page, '/home', 'aprovador@portal.demo');
  // At least the seed's welcome; other journeys (communications to approve) may have added more.
  const bell = page.getByRole('banner').getByRole('button', { name: /^Notificações: \d+ não lidas?$/ });
  await expect(bell).toBeVisible();

  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notificações' });
  const recent = panel.getByRole('region', { name: 'Recentes' });
  await expect(recent.getByText('Bem-vindo ao portal')).toBeVisible();
  await expect(recent.getByText('Rede Aurora', { exact: true })).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Marcar todas como lidas' })).toBeEnabled();
  await expect(panel.getByRole('link', { name: 'Ver todas' })).toHaveAttribute('href', '/notificacoes');

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Notificações', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Notificações', exact: true })).toBeVisible();
});

test('on a phone the search box and the language picker are in the menu', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openSignedIn(page, '/home', 'admin@portal.demo');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('searchbox', { name: 'Buscar no menu' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Você está em' })).toBeHidden();

  await banner.getByRole('button', { name: 'Abrir menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await page.getByRole('searchbox', { name: 'Buscar no menu' }).fill('academia');
  await expect(menu.getByRole('link', { name: /^Academia/ })).toBeVisible();
  await expect(menu.getByRole('link', { name: /^Central de ajuda/ })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Idioma' })).toBeVisible();
});

test('/home and /notificacoes have no serious or critical accessibility violations', async ({ page }) => {
  await openSignedIn(page, '/home', 'montadora@portal.demo');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/notificacoes');
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
  await expect(page).toHaveTitle(`${PORTAL} - Notificações`);
  await expect(page.getByRole('status')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a tab left open notices within seconds that the user signed out in another, and goes to sign in', async ({
  page,
  context,
}) => {
  await openSignedIn(page, '/home', 'dealer2@portal.demo');
  const other = await context.newPage();
  await keepHeaderTourClosed(other);
  await other.goto('/notificacoes');
  await expect(other.getByRole('banner').getByRole('button', { name: 'Menu do usuário' })).toBeVisible();

  // Signed out from the first tab: the second (open, untouched) is sent to sign in by its session check (5 s).
  await page.getByRole('banner').getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Sair' }).click();
  await expect(other).toHaveURL(/\/oidc\/interaction\//, { timeout: 15_000 });
});
