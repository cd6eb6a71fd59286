import AxeBuilder from '@axe-core/playwright';
import { type Cookie, expect, type Page } from '@playwright/test';

// Shared steps of the signed-in journeys: sign-in at the provider, the user's stored language,
// and the accessibility check. Texts are what the user reads (packages/i18n catalogues, pt-BR).

export const PORTAL = 'Portal Rede Aurora';
export const PASSWORD = 'Portal@2026';

/**
 * The cookies of each user's last sign-in in this worker. A journey that needs a signed-in user starts from them and
 * skips the provider's form; a session that has ended meanwhile (a journey signed out, disabled the user, changed the
 * password) lands on the sign-in page, and the user signs in there. The journeys about signing in itself
 * (sign-in.spec.ts, return-address.spec.ts) always use the form.
 */
const lastSignIn = new Map<string, Cookie[]>();

/** Opens a portal page as `email` (signing in at the provider when needed) and waits to be on `landing`. */
export async function openSignedIn(page: Page, path: string, email: string, landing = path) {
  const userMenu = page
    .getByRole('banner')
    .getByRole('button', { name: /^(Menu do usuário|Menú del usuario|User menu)\b/ });
  const cookies = lastSignIn.get(email);
  if (cookies) await page.context().addCookies(cookies);
  await page.goto(path);
  if (cookies) {
    const passwordField = page.getByLabel('Senha', { exact: true });
    await expect(userMenu.or(passwordField)).toBeVisible();
    if (await userMenu.isVisible()) {
      await expect(page).toHaveURL(landing);
      return;
    }
    lastSignIn.delete(email);
  }
  await expect(page).toHaveURL(/\/oidc\/interaction\//);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(landing);
  await expect(userMenu).toBeVisible();
  lastSignIn.set(email, await page.context().cookies());
}

/**
 * Waits (up to 5 s) for the page's finite CSS transitions and animations to end (a dialog fading in, a button's colour
 * change): axe reads colours as they are painted, so a half-faded text fails contrast for a moment. Endless ones
 * (spinners) are not waited for.
 */
async function finishedAnimations(page: Page) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
      null,
      { timeout: 5_000 },
    )
    .catch(() => {});
}

/** Serious and critical accessibility violations of the page as it is now. */
export async function seriousViolations(page: Page) {
  await finishedAnimations(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const nodes = v.nodes.map((n) => {
        const why = [...n.any, ...n.all, ...n.none].find((c) => c.message)?.message;
        return why ? `${n.target.join(' ')} (${why})` : n.target.join(' ');
      });
      return `${v.id}: ${nodes.join(', ')}`;
    });
}

/**
 * The page's structure as axe's moderate rules see it (issue 17 point 12): landmarks unique and at the top level, one
 * main, a level-one heading, headings in order, and all content inside landmarks; plus a control's accessible name
 * holding its visible text. Same shape as `seriousViolations`.
 */
export async function structureViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withRules([
      'landmark-unique',
      'landmark-one-main',
      'landmark-no-duplicate-banner',
      'landmark-no-duplicate-contentinfo',
      'landmark-no-duplicate-main',
      'landmark-banner-is-top-level',
      'landmark-main-is-top-level',
      'landmark-complementary-is-top-level',
      'landmark-contentinfo-is-top-level',
      'heading-order',
      'page-has-heading-one',
      'region',
      'label-content-name-mismatch',
    ])
    .analyze();
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

export type Idioma = 'PT_BR' | 'ES' | 'EN';

/**
 * Stores the signed-in user's language through the API (`mudarLinguaUsuario`), as the header's
 * picker does; the page shows it from its next load.
 */
export async function setLanguage(page: Page, idioma: Idioma) {
  const me = await page.request.post('/api/graphql', { data: { query: '{ usuarioLogado { id } }' } });
  expect(me.ok()).toBe(true);
  const { data } = (await me.json()) as { data: { usuarioLogado: { id: string } } };
  const changed = await page.request.post('/api/graphql', {
    data: {
      query:
        'mutation ($id: ID!, $idioma: IdiomaId!) { mudarLinguaUsuario(id: $id, idioma: $idioma) { idioma { id } } }',
      variables: { id: data.usuarioLogado.id, idioma },
    },
  });
  expect(await changed.json()).toEqual({ data: { mudarLinguaUsuario: { idioma: { id: idioma } } } });
}
