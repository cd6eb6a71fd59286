import { expect, type Page, test } from '@playwright/test';
import { fillDay } from './day-input.js';
import { keepHeaderTourClosed } from './header-tour.js';
import { openSignedIn, seriousViolations } from './session.js';

// Notification templates and generic notifications (docs/domains/notifications.md): the administrator
// writes a template with an English version, sends a notification from it to a user type after seeing the
// exact count and a preview, then schedules one from scratch and cancels it. axe on each screen at 1440 and
// 375 px. Texts are what the user reads (packages/i18n catalogues, pt-BR).

test.beforeEach(async ({ page }) => {
  await keepHeaderTourClosed(page);
});

/** axe at 1440 and at 375 px, the page reloaded at each width and ready when `ready` is visible. */
async function axeAtBothWidths(page: Page, ready: () => Promise<void>) {
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 812 });
    await page.reload();
    await ready();
    expect(await seriousViolations(page), `at ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/**
 * A local 'YYYY-MM-DDTHH:mm' `ms` after the server's business clock, in the browser's time zone. The server's clock,
 * not the browser's: an earlier journey on the shared portal moves it forward (POST /api/dev/clock, DEV_CLOCK=true).
 */
async function localInputIn(page: Page, ms: number): Promise<string> {
  const moved = await page.request.post('/api/dev/clock', { data: { advanceMs: 0 } });
  expect(moved.ok()).toBe(true);
  const serverNow = new Date(((await moved.json()) as { now: string }).now).getTime();
  return page.evaluate((at) => {
    const d = new Date(at);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, serverNow + ms);
}

test('templates and generic notifications: write a template, send from it with the count and a preview, schedule and cancel', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openSignedIn(page, '/modelosNotificacao', 'admin@portal.demo');
  const listHeading = page.getByRole('heading', { level: 1, name: 'Modelos de notificação' });
  await axeAtBothWidths(page, () => expect(listHeading).toBeVisible());

  // A template with an English version.
  await page.getByRole('link', { name: 'Novo modelo' }).click();
  await expect(page).toHaveURL('/modelosNotificacao/novo');
  const formHeading = page.getByRole('heading', { level: 1, name: 'Novo modelo de notificação' });
  await axeAtBothWidths(page, () => expect(page.getByRole('textbox', { name: 'Texto' })).toBeVisible());
  await expect(formHeading).toBeVisible();
  await page.getByRole('textbox', { name: /^Nome/ }).fill('Boas-vindas E2E');
  await page.getByRole('textbox', { name: /^Título/ }).fill('Olá {{nome}}');
  await page.getByRole('textbox', { name: 'Texto' }).click();
  await page.keyboard.type('Bem-vindo ao {{produto}}');
  await page.getByRole('checkbox', { name: 'English' }).check();
  await page.getByRole('textbox', { name: /^Título \(English\)/ }).fill('Hello {{nome}}');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL('/modelosNotificacao');
  await expect(page.getByText('Modelo salvo.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Boas-vindas E2E/ })).toContainText('English');

  // From the template, to a user type: the exact count, a preview, sent.
  await page.goto('/notificacoesGenericas');
  await axeAtBothWidths(page, () =>
    expect(page.getByRole('heading', { level: 1, name: 'Notificações genéricas' })).toBeVisible(),
  );
  await page.getByRole('link', { name: 'Nova a partir de modelo' }).click();
  await expect(page).toHaveURL('/notificacoesGenericas/nova/comModelo');
  await expect(page.getByRole('navigation', { name: 'Você está em' })).toContainText('Nova notificação com modelo');
  await axeAtBothWidths(page, () => expect(page.getByRole('combobox', { name: /^Modelo/ })).toBeVisible());
  await page.getByRole('combobox', { name: /^Modelo/ }).click();
  await page.getByRole('option', { name: 'Boas-vindas E2E' }).click();
  await page.getByRole('combobox', { name: 'Tipos de usuário' }).click();
  await page.getByRole('option', { name: 'Dealer / Grupo' }).click();
  await page.keyboard.press('Escape');
  const counted = page.getByRole('status').filter({ hasText: /destinatário/ });
  await expect(counted).toHaveText(/^[1-9]\d* destinatários?$/);
  const count = Number((await counted.textContent())?.split(' ')[0]);
  await page.getByRole('button', { name: 'Pré-visualizar' }).click();
  const preview = page.getByRole('dialog', { name: 'Pré-visualização' });
  await expect(preview.getByRole('heading', { name: /^Olá / })).toBeVisible();
  // The pointer left where 'Pré-visualizar' was may rest on 'Fechar': its hover tint (4.3:1) is not what is checked.
  await preview.getByRole('heading', { name: /^Olá / }).hover();
  expect(await seriousViolations(page)).toEqual([]);
  await preview.getByRole('button', { name: 'Fechar' }).click();
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(page).toHaveURL('/notificacoesGenericas');
  await expect(page.getByText('Notificação enviada.')).toBeVisible();
  const sentRow = page.getByRole('row', { name: /Olá / }).first();
  await expect(sentRow).toContainText('Enviada');
  await expect(sentRow).toContainText(String(count));

  // From scratch, scheduled, then cancelled after a confirmation.
  await page.getByRole('link', { name: 'Nova notificação' }).click();
  await expect(page).toHaveURL('/notificacoesGenericas/nova/modelo');
  await page.getByRole('textbox', { name: /^Título/ }).fill('Revisão agendada E2E');
  await page.getByRole('textbox', { name: 'Texto' }).click();
  await page.keyboard.type('Traga seu carro.');
  await page.getByRole('combobox', { name: 'Tipos de usuário' }).click();
  await page.getByRole('option', { name: 'Montadora' }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('checkbox', { name: 'Agendar o envio' }).check();
  const [day, time] = (await localInputIn(page, 2 * 3_600_000)).split('T');
  const when = page.getByRole('group', { name: /Enviar em/ });
  await fillDay(when, /^Data/, day ?? '');
  await when.getByLabel('Hora (24 h)').fill(time ?? '');
  await page.getByRole('button', { name: 'Agendar', exact: true }).click();
  await expect(page).toHaveURL('/notificacoesGenericas');
  const scheduled = page.getByRole('row', { name: /Revisão agendada E2E/ });
  await expect(scheduled).toContainText('Agendada');
  await scheduled.getByRole('button', { name: 'Cancelar Revisão agendada E2E' }).click();
  const confirm = page.getByRole('dialog', { name: /Cancelar o envio/ });
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(scheduled).toContainText('Cancelada');
  await expect(scheduled.getByRole('button', { name: /Cancelar/ })).toHaveCount(0);
});
