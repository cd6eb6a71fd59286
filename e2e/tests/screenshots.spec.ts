import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { keepHeaderTourClosed } from './header-tour.js';
import { type Idioma, openSignedIn, setLanguage } from './session.js';

// Screenshots of the header for people to look at (issue 3 "Done when"): /home as
// montadora@portal.demo at 1440x900 and 375x740, in pt-BR, es and en, with the user menu, the bell
// panel and the menu drawer open. Written to .reports/screenshots/ (git-ignored), never compared.

const DIR = fileURLToPath(new URL('../../.reports/screenshots/', import.meta.url));
const EMAIL = 'montadora@portal.demo';

// The seeded welcome notification is read in the user's language (decision 0042).
const LANGUAGES: { idioma: Idioma; lang: string; greeting: string; welcome: string }[] = [
  { idioma: 'PT_BR', lang: 'pt-BR', greeting: 'Olá, Marcos Montadora', welcome: 'Bem-vindo ao portal' },
  { idioma: 'ES', lang: 'es', greeting: 'Hola, Marcos Montadora', welcome: 'Bienvenido al portal' },
  { idioma: 'EN', lang: 'en', greeting: 'Hello, Marcos Montadora', welcome: 'Welcome to the portal' },
];
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 375, height: 740 },
];

// Labels in any of the three languages (packages/i18n catalogues).
const USER_MENU = /^(Menu do usuário|Menú del usuario|User menu)\b/;
const BELL = /^(Notificações|Notificaciones|Notifications)/;
const OPEN_MENU = /^(Abrir menu|Abrir menú|Open menu)$/;

test.beforeEach(async ({ page }) => {
  await keepHeaderTourClosed(page);
});

test.afterEach(async ({ page }) => {
  await setLanguage(page, 'PT_BR');
});

/** Opens /home afresh and waits for it in `lang`. */
async function openHome(page: Page, lang: string, greeting: string) {
  await page.goto('/home');
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByRole('heading', { level: 1, name: greeting })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: BELL })).toBeVisible();
}

async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${DIR}${name}.png`, animations: 'disabled' });
}

for (const { idioma, lang, greeting, welcome } of LANGUAGES) {
  test(`screenshots of the header in ${lang} at 1440 px and 375 px`, async ({ page }) => {
    test.setTimeout(120_000);
    mkdirSync(DIR, { recursive: true });
    await openSignedIn(page, '/home', EMAIL);
    await setLanguage(page, idioma);

    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      const base = `home-${lang}-${viewport.width}`;
      const banner = page.getByRole('banner');

      await openHome(page, lang, greeting);
      await shoot(page, base);

      await banner.getByRole('button', { name: USER_MENU }).click();
      await expect(page.getByRole('menu').getByRole('menuitem').last()).toBeVisible();
      await shoot(page, `${base}-user-menu`);

      // A fresh page rather than Escape: closing the panel would mark montadora's notification seen.
      await openHome(page, lang, greeting);
      await banner.getByRole('button', { name: BELL }).click();
      const panel = page.getByRole('dialog', { name: BELL });
      await expect(panel.getByRole('link', { name: /^(Ver todas|See all)$/ })).toBeVisible();
      await expect(panel.getByText(welcome)).toBeVisible();
      await shoot(page, `${base}-bell`);

      await openHome(page, lang, greeting);
      await banner.getByRole('button', { name: OPEN_MENU }).click();
      await expect(page.getByRole('navigation', { name: /^(Menu principal|Menú principal|Main menu)$/ })).toBeVisible();
      await shoot(page, `${base}-menu`);
    }
  });
}
