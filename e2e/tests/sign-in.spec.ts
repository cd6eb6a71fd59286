import { expect, type Page, test } from '@playwright/test';
import { keepHeaderTourClosed } from './header-tour.js';

// Journeys of sign-in, language and sign-out against the demo customer (apps/server seed).
// Texts are what the user reads (packages/i18n catalogues); the browser asks for pt-BR.

// The header's guided tour stays closed here (its own journey is tour.spec.ts).
test.beforeEach(async ({ page }) => {
  await keepHeaderTourClosed(page);
});

const PORTAL = 'Portal Rede Aurora';
/** The portal's session cookie (apps/server/src/platform/auth/session.ts). */
const SESSION_COOKIE = 'portal_sid';
const PASSWORD = 'Portal@2026';

const USERS = [
  { email: 'admin@portal.demo', nome: 'Ana Admin', tipo: 'Tecsinapse' },
  { email: 'montadora@portal.demo', nome: 'Marcos Montadora', tipo: 'Montadora' },
  { email: 'aprovador@portal.demo', nome: 'Alice Aprovadora', tipo: 'Montadora' },
  { email: 'dealer@portal.demo', nome: 'Diego Dealer', tipo: 'Dealer / Grupo' },
  { email: 'dealer2@portal.demo', nome: 'Daniela Dealer', tipo: 'Dealer / Grupo' },
] as const;

/** The provider's sign-in form, in pt-BR unless told otherwise. */
async function expectSignInPage(page: Page) {
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await expect(page.getByRole('heading', { name: `Entrar no ${PORTAL}` })).toBeVisible();
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/** Opens a portal page signed out, signs in at the provider and waits to be back there. */
async function openSignedIn(page: Page, path: string, email: string) {
  await page.goto(path);
  await expectSignInPage(page);
  await signIn(page, email);
  await expect(page).toHaveURL(path);
}

for (const user of USERS) {
  test(`${user.email} signs in and lands on /home`, async ({ page }) => {
    await page.goto('/home');
    await expectSignInPage(page);
    await expect(page.getByLabel('E-mail', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Senha', { exact: true })).toBeVisible();

    await signIn(page, user.email);

    await expect(page).toHaveURL('/home');
    await expect(page.getByRole('heading', { level: 1, name: `Olá, ${user.nome}` })).toBeVisible();
    await expect(page.getByText(`Tipo de usuário: ${user.tipo}`)).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(PORTAL);
    await expect(page).toHaveTitle(`${PORTAL} - Início`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  });
}

test('a wrong password is refused and the form stays', async ({ page }) => {
  await page.goto('/home');
  await expectSignInPage(page);

  await signIn(page, 'dealer2@portal.demo', 'Errada@2026');

  await expect(page.getByRole('alert')).toHaveText('E-mail ou senha inválidos.');
  await expectSignInPage(page);
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveValue('dealer2@portal.demo');
  await expect(page.getByLabel('Senha', { exact: true })).toBeEmpty();
});

test("the provider's language links translate the sign-in page", async ({ page }) => {
  await page.goto('/home');
  await expectSignInPage(page);
  const languages = page.getByRole('navigation', { name: 'Idioma' });

  await languages.getByRole('link', { name: 'Español' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: `Iniciar sesión en ${PORTAL}` })).toBeVisible();
  await expect(page.getByLabel('Correo electrónico', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Contraseña', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Iniciar sesión', exact: true })).toBeVisible();

  await page.getByRole('navigation', { name: 'Idioma' }).getByRole('link', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { name: `Sign in to ${PORTAL}` })).toBeVisible();
  await page.getByLabel('E-mail', { exact: true }).fill('admin@portal.demo');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  // The portal itself speaks the user's stored language, not the sign-in page's.
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Ana Admin' })).toBeVisible();
});

test('the language picked on /home changes the labels and is kept after a reload', async ({ page }) => {
  await openSignedIn(page, '/home', 'aprovador@portal.demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Alice Aprovadora' })).toBeVisible();

  await page.getByLabel('Idioma').selectOption({ label: 'Español' });
  const inSpanish = async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Hola, Alice Aprovadora' })).toBeVisible();
    await expect(page.getByText('Tipo de usuario: Fabricante')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Comunicados recientes' })).toBeVisible();
    await expect(page.getByLabel('Idioma')).toHaveValue('ES');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page).toHaveTitle(`${PORTAL} - Inicio`);
  };
  await inSpanish();
  await page.reload();
  await inSpanish();

  await page.getByLabel('Idioma').selectOption({ label: 'English' });
  const inEnglish = async () => {
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Alice Aprovadora' })).toBeVisible();
    await expect(page.getByText('User type: Manufacturer')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Recent communications' })).toBeVisible();
    await expect(page.getByLabel('Language')).toHaveValue('EN');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(`${PORTAL} - Home`);
  };
  await inEnglish();
  await page.reload();
  await inEnglish();

  // Back to the default, so the other journeys of this user read pt-BR.
  await page.getByLabel('Language').selectOption({ label: 'Português (Brasil)' });
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Alice Aprovadora' })).toBeVisible();
});

test('signing out from the user menu clears everything and /home asks to sign in again', async ({ page, context }) => {
  await openSignedIn(page, '/home', 'montadora@portal.demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Marcos Montadora' })).toBeVisible();
  // What a browser may keep of the user: local and session storage, and the session cookie.
  await page.evaluate(() => {
    localStorage.setItem('portal-test', 'x');
    sessionStorage.setItem('portal-test', 'x');
  });
  expect((await context.cookies()).map((c) => c.name)).toContain(SESSION_COOKIE);

  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expectSignInPage(page);
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
  expect((await context.cookies()).map((c) => c.name)).not.toContain(SESSION_COOKIE);

  // Neither the back button nor the address brings the signed-in page back.
  await page.goBack();
  await expectSignInPage(page);
  await expect(page.getByText('Marcos Montadora')).toHaveCount(0);
  await page.goto('/home');
  await expectSignInPage(page);
  await signIn(page, 'montadora@portal.demo');
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Marcos Montadora' })).toBeVisible();
});

test('an unknown path shows the 404 page, whose back button leads home', async ({ page }) => {
  // Signed out first: sign-in must bring the user back to the path they asked for.
  await openSignedIn(page, '/nao-existe', 'dealer@portal.demo');

  await expect(page.getByRole('heading', { level: 1, name: '404!' })).toBeVisible();
  await expect(page.getByText('A página que você procura não existe.')).toBeVisible();
  await expect(page).toHaveTitle(`${PORTAL} - 404!`);

  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page).toHaveURL('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Olá, Diego Dealer' })).toBeVisible();
});

test('the recovery page looks like the sign-in page: the same bar, card and language links, at 1440 and 375 px', async ({
  page,
}) => {
  /** What makes the page's look: the bar's colour and height, the card's width and place, the page's background. */
  const look = () =>
    page.evaluate(() => {
      const style = (selector: string) => getComputedStyle(document.querySelector(selector) as Element);
      const main = (document.querySelector('main') as HTMLElement).getBoundingClientRect();
      const header = (document.querySelector('header') as HTMLElement).getBoundingClientRect();
      return {
        bar: style('header').backgroundColor,
        barText: style('header').color,
        barHeight: Math.round(header.height / 4),
        page: getComputedStyle(document.querySelector('main')?.parentElement as Element).backgroundColor,
        card: style('main').backgroundColor,
        cardWidth: Math.round(main.width),
        cardLeft: Math.round(main.left),
        languages: document.querySelectorAll('nav a, nav strong').length,
      };
    });
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/auth/login');
    await expectSignInPage(page);
    const signIn = await look();
    await page.goto('/esqueci-senha');
    await expect(page.getByRole('heading', { level: 1, name: 'Recuperar senha' })).toBeVisible();
    expect(await look()).toEqual(signIn);
  }
});
