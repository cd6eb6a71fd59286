import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { fillDay } from './day-input.js';
import { keepHeaderTourClosed } from './header-tour.js';
import { openSignedIn, seriousViolations } from './session.js';

// Issue 12's journey (docs/domains/home.md): the administrator makes a slide for the user group "Rede Litoral"
// (dealer2) and an ad for "Marketing" (montadora), both shown from tomorrow; neither shows today; the server's
// business clock is moved to tomorrow (POST /api/dev/clock, DEV_CLOCK=true); each then shows only to its own group;
// deactivating the slide hides it at the next load. axe on /home and on the screens, at 1440 and 375 px.

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

async function signedIn(browser: Browser, urlPath: string, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await keepHeaderTourClosed(page);
  await openSignedIn(page, urlPath, email);
  return page;
}

/** The server's business clock now (a zero move answers with it). */
async function serverNow(page: Page): Promise<Date> {
  const moved = await page.request.post('/api/dev/clock', { data: { advanceMs: 0 } });
  expect(moved.ok()).toBe(true);
  return new Date(((await moved.json()) as { now: string }).now);
}

/** The business day (America/Sao_Paulo) of a moment, 'YYYY-MM-DD'. */
const businessDay = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });

/** Milliseconds from `now` until one minute into the next business day. */
function untilNextBusinessDay(now: Date) {
  let t = now.getTime();
  const today = businessDay(now);
  // São Paulo keeps no daylight saving time: its midnight is 03:00 UTC, but this walks to it whatever the offset.
  while (businessDay(new Date(t)) === today) t += 60_000;
  return t - now.getTime() + 60_000;
}

/** Fills the shared fields of the slide and ad forms and saves. */
async function fillAndSave(page: Page, o: { titulo: string; grupo: string; dia: string; imagem: string }) {
  await page
    .getByRole('textbox', { name: /^Título/ })
    .first()
    .fill(o.titulo);
  await fillDay(page, /^Início/, o.dia);
  await fillDay(page, /^Fim/, o.dia);
  await page.getByRole('combobox', { name: /^Grupos de usuários/ }).click();
  await page.getByRole('option', { name: o.grupo }).click();
  await page.keyboard.press('Escape');
  await page.getByTestId('upload-dropzone-input').setInputFiles(path.join(FIXTURES, o.imagem));
  await expect(page.getByRole('img', { name: `Imagem escolhida: ${o.imagem}` })).toBeVisible();
  // Images of the recommended size raise no ratio warning.
  await expect(page.getByText(/difere em mais de 5%/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Salvar' })).toBeEnabled();
  await page.getByRole('button', { name: 'Salvar' }).click();
}

/** axe at 1440 and at 375 px, the page reloaded at each width and ready when `ready` is visible. */
async function axeAtBothWidths(page: Page, ready: () => Promise<void>) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 812 });
    await page.reload();
    await ready();
    expect(await seriousViolations(page), `at ${width} px`).toEqual([]);
  }
}

test('a slide and an ad show only to their user group, only inside their window, and deactivating hides them', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const slideTitle = `Revisão de verão ${stamp}`;
  const adTitle = `Feirão de pneus ${stamp}`;

  const admin = await signedIn(browser, '/slides', 'admin@portal.demo');
  await expect(admin.getByRole('heading', { level: 1, name: 'Slides' })).toBeVisible();
  const now = await serverNow(admin);
  const tomorrow = businessDay(new Date(now.getTime() + untilNextBusinessDay(now)));

  // The administrator makes the slide for "Rede Litoral" and the ad for "Marketing", both for tomorrow.
  await admin.getByRole('link', { name: 'Novo slide' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Novo slide' })).toBeVisible();
  await fillAndSave(admin, { titulo: slideTitle, grupo: 'Rede Litoral', dia: tomorrow, imagem: 'slide-revisao.png' });
  await expect(admin).toHaveURL('/slides');
  await expect(admin.getByText('Slide salvo.')).toBeVisible();
  await expect(admin.getByRole('row', { name: new RegExp(slideTitle) }).getByText('Agendado')).toBeVisible();
  await axeAtBothWidths(admin, () => expect(admin.getByRole('row', { name: new RegExp(slideTitle) })).toBeVisible());
  await admin.setViewportSize({ width: 1440, height: 900 });

  await admin.goto('/anuncios/novo');
  await expect(admin.getByRole('heading', { level: 1, name: 'Novo anúncio' })).toBeVisible();
  await fillAndSave(admin, { titulo: adTitle, grupo: 'Marketing', dia: tomorrow, imagem: 'anuncio-feirao.png' });
  await expect(admin).toHaveURL('/anuncios');
  await expect(admin.getByText('Anúncio salvo.')).toBeVisible();
  await expect(admin.getByRole('row', { name: new RegExp(adTitle) }).getByText('Agendado')).toBeVisible();

  // Today neither shows: dealer2 (Rede Litoral) has no banner, montadora (Marketing) no ad.
  const dealer2 = await signedIn(browser, '/home', 'dealer2@portal.demo');
  const montadora = await signedIn(browser, '/home', 'montadora@portal.demo');
  await expect(dealer2.getByRole('heading', { name: 'Comunicados recentes' })).toBeVisible();
  await expect(montadora.getByRole('heading', { name: 'Comunicados recentes' })).toBeVisible();
  await expect(dealer2.getByText(slideTitle)).toHaveCount(0);
  await expect(montadora.getByRole('region', { name: 'Publicidade' })).toHaveCount(0);

  // Tomorrow comes: each sees its own, never the other's.
  const moved = await admin.request.post('/api/dev/clock', {
    data: { advanceMs: untilNextBusinessDay(await serverNow(admin)) },
  });
  expect(moved.ok()).toBe(true);
  expect(businessDay(await serverNow(admin))).toBe(tomorrow);

  await dealer2.reload();
  const banner = dealer2.getByRole('region', { name: 'Destaques' });
  await expect(banner.getByText(slideTitle)).toBeVisible();
  await expect(banner.locator('img').first()).toHaveAttribute('srcset', /variant\/480/);
  await expect(dealer2.getByRole('region', { name: 'Publicidade' })).toHaveCount(0);
  await axeAtBothWidths(dealer2, () => expect(banner.getByText(slideTitle)).toBeVisible());

  await montadora.reload();
  const ad = montadora.getByRole('region', { name: 'Publicidade' });
  await expect(ad.getByRole('img', { name: adTitle })).toBeVisible();
  await expect(montadora.getByText(slideTitle)).toHaveCount(0);
  await axeAtBothWidths(montadora, () => expect(ad.getByRole('img', { name: adTitle })).toBeVisible());

  // Deactivating the slide takes it off at dealer2's next load.
  await admin.goto('/slides');
  await admin
    .getByRole('row', { name: new RegExp(slideTitle) })
    .getByRole('button', { name: 'Inativar' })
    .click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Inativar' }).click();
  await expect(admin.getByRole('row', { name: new RegExp(slideTitle) }).getByText('Inativo')).toBeVisible();
  await dealer2.setViewportSize({ width: 1440, height: 900 });
  await dealer2.reload();
  await expect(dealer2.getByRole('heading', { name: 'Comunicados recentes' })).toBeVisible();
  await expect(dealer2.getByText(slideTitle)).toHaveCount(0);

  // The ad goes off too, so the next journeys find montadora's /home as seeded.
  await admin.goto('/anuncios');
  await admin
    .getByRole('row', { name: new RegExp(adTitle) })
    .getByRole('button', { name: 'Inativar' })
    .click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Inativar' }).click();
  await expect(admin.getByRole('row', { name: new RegExp(adTitle) }).getByText('Inativo')).toBeVisible();
  await montadora.reload();
  await expect(montadora.getByRole('heading', { name: 'Comunicados recentes' })).toBeVisible();
  await expect(montadora.getByRole('region', { name: 'Publicidade' })).toHaveCount(0);
});
