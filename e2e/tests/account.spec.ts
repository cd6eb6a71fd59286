import { expect, type Page, test } from '@playwright/test';
import { mailTo } from '../mail-catcher.js';

// Journeys of /minha-conta (change password) and the public recovery screens.
// Texts are what the user reads (packages/i18n catalogues); the browser asks for pt-BR.

const PORTAL = 'Portal Rede Aurora';
const PASSWORD = 'Portal@2026';
const NEW_PASSWORD = 'Trocada#2027';
const EMAIL = 'dealer2@portal.demo';

async function expectSignInPage(page: Page) {
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await expect(page.getByRole('heading', { name: `Entrar no ${PORTAL}` })).toBeVisible();
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
}

/**
 * Opens /minha-conta signed in. The header's guided tour (shown once per user) would cover the page:
 * it is marked seen through the API first, then the page is loaded again.
 */
async function openMyAccount(page: Page, password: string) {
  await page.goto('/minha-conta');
  await expectSignInPage(page);
  await signIn(page, EMAIL, password);
  await expect(page).toHaveURL('/minha-conta');
  const seen = await page.request.post('/api/graphql', {
    data: { query: 'mutation { setCurrentUserOnboardingSeen(id: "HOME") }' },
  });
  expect(seen.ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
}

async function changePassword(page: Page, current: string, next: string, confirmation = next) {
  await page.getByLabel('Senha atual', { exact: true }).fill(current);
  await page.getByLabel('Nova senha', { exact: true }).fill(next);
  await page.getByLabel('Confirme a nova senha', { exact: true }).fill(confirmation);
  await page.getByRole('button', { name: 'Alterar senha' }).click();
}

/** Ends the session the way the app does (POST /auth/logout, then the provider's end-session). */
async function signOut(page: Page) {
  const response = await page.request.post('/auth/logout', { headers: { accept: 'application/json' } });
  expect(response.ok()).toBe(true);
  const { logoutUrl } = (await response.json()) as { logoutUrl: string };
  // The provider's page submits itself before its load event (its session is already gone on the
  // server), so wait only for the page to arrive; the caller waits for where it leads. Its script may
  // even replace this navigation before Playwright sees it commit (ERR_ABORTED, or 'interrupted by
  // another navigation'): that is the same end.
  await page.goto(logoutUrl, { waitUntil: 'commit' }).catch((err: Error) => {
    if (!/net::ERR_ABORTED|interrupted by another navigation/.test(err.message)) throw err;
  });
}

test('dealer2 changes the password on /minha-conta and signs in with it', async ({ page }) => {
  await openMyAccount(page, PASSWORD);
  const profile = page.getByRole('region', { name: 'Dados pessoais' });
  await expect(profile.getByText('Daniela Dealer', { exact: true })).toBeVisible();
  await expect(profile.getByText('DD', { exact: true })).toBeVisible();
  await expect(profile.getByLabel('E-mail', { exact: true })).toHaveValue(EMAIL);
  await expect(profile.getByLabel('E-mail', { exact: true })).toHaveAttribute('readonly', '');
  await expect(profile.getByLabel('Idioma')).toHaveValue('PT_BR');
  await expect(page).toHaveTitle(`${PORTAL} - Minha conta`);

  // A weak new password shows every rule it breaks once the field is left.
  await page.getByLabel('Nova senha', { exact: true }).fill('abc');
  await page.getByLabel('Nova senha', { exact: true }).blur();
  for (const rule of [
    'A senha deve ter ao menos 8 caracteres.',
    'A senha deve ter uma letra maiúscula.',
    'A senha deve ter um número.',
    'A senha deve ter um símbolo.',
  ]) {
    await expect(page.getByText(rule)).toBeVisible();
  }
  await expect(page.getByText('A senha deve ter uma letra minúscula.')).toHaveCount(0);

  // A submit attempt shows the errors of the untouched fields too.
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(page.getByText('Campo obrigatório.')).toHaveCount(2);

  // The server refuses a wrong current password on that field; the form stays usable.
  await changePassword(page, 'Errada@2026', NEW_PASSWORD);
  await expect(page.getByText('Senha atual inválida.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Alterar senha' })).toBeEnabled();

  await changePassword(page, PASSWORD, NEW_PASSWORD);
  await expect(page.getByRole('alert').filter({ hasText: 'Senha alterada.' })).toBeVisible();
  await expect(page.getByLabel('Senha atual', { exact: true })).toBeEmpty();
  await expect(page.getByLabel('Nova senha', { exact: true })).toBeEmpty();
  await expect(page.getByText('Senha atual inválida.')).toHaveCount(0);

  await signOut(page);
  await expectSignInPage(page);
  await signIn(page, EMAIL, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('E-mail ou senha inválidos.');

  await page.goto('/minha-conta');
  await expectSignInPage(page);
  await signIn(page, EMAIL, NEW_PASSWORD);
  await expect(page).toHaveURL('/minha-conta');

  // Back to the demo password, so the other journeys of this user keep working.
  await changePassword(page, NEW_PASSWORD, PASSWORD);
  await expect(page.getByRole('alert').filter({ hasText: 'Senha alterada.' })).toBeVisible();
});

test('/olvide-contrasena speaks Spanish and answers with the neutral confirmation', async ({ page }) => {
  await page.goto('/olvide-contrasena');
  await expect(page.getByRole('heading', { level: 1, name: 'Recuperar contraseña' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  // The sign-in page's bar with the portal's name (issue 17 point 12), not the shell's header: no menu, no buttons.
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('banner').getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Volver al inicio de sesión' })).toHaveAttribute(
    'href',
    '/auth/login?lang=es',
  );

  const email = page.getByLabel('Correo electrónico', { exact: true });
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByText('Campo obligatorio.')).toBeVisible();
  await email.fill('no-es-un-correo');
  await email.blur();
  await expect(page.getByText('Ingrese un correo electrónico válido.')).toBeVisible();

  await email.fill('nadie@portal.demo');
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(
    page.getByText('Si el correo electrónico está registrado, recibirá un enlace en unos instantes.'),
  ).toBeVisible();
});

test('/esqueci-senha and /forgot-password follow their own language', async ({ page }) => {
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Reset password' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/esqueci-senha');
  await expect(page.getByRole('heading', { level: 1, name: 'Recuperar senha' })).toBeVisible();
  await page.getByLabel('E-mail', { exact: true }).fill(EMAIL);
  await page.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByText('Se o e-mail estiver cadastrado, você receberá um link em instantes.')).toBeVisible();
  // The link arrives by real SMTP (e2e/mail-catcher.ts).
  expect(await mailTo(EMAIL)).toMatch(/\/oidc\/reset\?token=/);
});
