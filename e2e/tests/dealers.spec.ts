import { type Browser, expect, type Page, test } from '@playwright/test';
import { keepHeaderTourClosed } from './header-tour.js';
import { openSignedIn, seriousViolations } from './session.js';

// Issue 13's dealers journey (docs/domains/organisation.md): the administrator creates a brand on the brands tab of
// /dealers, then a dealer in the demo group "Grupo Horizonte" selling it: an invalid CNPJ is refused in the wizard
// with its message and nothing typed is lost, a valid one is saved; the dealer is found in the list by its CNPJ
// typed without punctuation. The demo customer names dealers "Concessionárias" (its labels). axe on the list and
// the wizard at 1440 and 375 px. Then (issue 19) the dealer is renamed and its history, opened from its page, shows
// the change before → after (axe on it at both widths). Names, CNPJ and code are unique per run.

/** A CNPJ's two check digits appended to its first 12 digits. */
function withCheckDigits(base12: string): string {
  const digit = (digits: string) => {
    const weights =
      digits.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const rest = [...digits].reduce((sum, d, i) => sum + Number(d) * weights[i], 0) % 11;
    return rest < 2 ? '0' : String(11 - rest);
  };
  const first = digit(base12);
  return base12 + first + digit(base12 + first);
}

const masked = (cnpj: string) =>
  `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`;

async function signedIn(browser: Browser, urlPath: string, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await keepHeaderTourClosed(page);
  await openSignedIn(page, urlPath, email);
  return page;
}

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

const field = (page: Page, name: RegExp) => page.getByRole('textbox', { name });

test('a brand, then a dealer refused with an invalid CNPJ and saved with a valid one, found by its bare CNPJ', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const brand = `Marca E2E ${stamp}`;
  const display = `Pérola ${stamp}`;
  const cnpj = withCheckDigits(`${String(stamp).slice(-8)}0001`);
  const code = `E2E${String(stamp).slice(-9)}`;

  const admin = await signedIn(browser, '/dealers', 'admin@portal.demo');
  await expect(admin.getByRole('heading', { level: 1, name: 'Concessionárias' })).toBeVisible();
  await axeAtBothWidths(admin, () =>
    expect(admin.getByRole('heading', { level: 1, name: 'Concessionárias' })).toBeVisible(),
  );

  // The brand, on the brands tab.
  await admin.getByRole('tab', { name: 'Marcas' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Marcas' })).toBeVisible();
  await admin.getByRole('button', { name: 'Nova Marca' }).click();
  await admin
    .getByRole('dialog')
    .getByRole('textbox', { name: /^Descrição/ })
    .fill(brand);
  await admin.getByRole('dialog').getByRole('button', { name: 'Salvar' }).click();
  await expect(admin.getByRole('dialog')).toHaveCount(0);
  await admin.getByRole('searchbox', { name: /Buscar por descrição/ }).fill(brand);
  await expect(admin).toHaveURL(/busca=/);
  await expect(admin.getByRole('row')).toHaveCount(2);
  await expect(admin.getByRole('row', { name: new RegExp(brand) })).toBeVisible();

  // The wizard: an invalid CNPJ keeps the user on the first step with the message, nothing lost.
  await admin.getByRole('tab', { name: 'Concessionárias' }).click();
  await admin.getByRole('link', { name: 'Nova concessionária' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Nova concessionária' })).toBeVisible();
  await field(admin, /^Razão social/).fill(`Pérola Veículos ${stamp} Ltda`);
  await field(admin, /^Nome de exibição/).fill(display);
  await field(admin, /^CNPJ\b/).fill('11.444.777/0001-62');
  await admin.getByRole('button', { name: 'Próximo' }).click();
  await expect(admin.getByText('Valor inválido.').first()).toBeVisible();
  await expect(field(admin, /^Razão social/)).toHaveValue(`Pérola Veículos ${stamp} Ltda`);
  await expect(field(admin, /^Nome de exibição/)).toHaveValue(display);

  await field(admin, /^CNPJ\b/).fill(cnpj);
  await expect(field(admin, /^CNPJ\b/)).toHaveValue(masked(cnpj));
  await admin.getByRole('button', { name: 'Próximo' }).click();
  await field(admin, /^Código principal/).fill(code);
  await admin.getByRole('button', { name: 'Próximo' }).click();
  await field(admin, /^Cidade/).fill('São Paulo');
  await field(admin, /^CEP/).fill('01310100');
  await expect(field(admin, /^CEP/)).toHaveValue('01310-100');
  await admin.getByRole('combobox', { name: /^UF/ }).click();
  await admin.getByRole('option', { name: 'SP', exact: true }).click();
  await admin.getByRole('button', { name: 'Próximo' }).click();
  await admin.getByRole('button', { name: 'Adicionar contato' }).click();
  await field(admin, /^Nome do contato/).fill('Recepção');
  await admin.getByRole('button', { name: 'Próximo' }).click();

  await admin.getByRole('combobox', { name: /^Grupo/ }).click();
  await admin.getByRole('option', { name: 'Grupo Horizonte' }).click();
  await admin.getByRole('combobox', { name: /^Marcas/ }).click();
  await admin.getByRole('option', { name: brand }).click();
  await admin.keyboard.press('Escape');
  await admin.getByRole('button', { name: 'Concluir' }).click();
  await expect(admin.getByText(`Concessionária ${display}: cadastro criado.`)).toBeVisible();
  await expect(admin).toHaveURL(/\/dealers$/);

  // Found by its CNPJ without punctuation, in the group with the brand.
  await admin.getByRole('searchbox', { name: /Buscar por nome, CNPJ ou código/ }).fill(cnpj);
  const row = admin.getByRole('row', { name: new RegExp(display) });
  await expect(row).toBeVisible();
  await expect(row).toContainText(code);
  await expect(row).toContainText('Grupo Horizonte');
  await expect(row).toContainText(brand);
  await expect(admin.getByRole('row')).toHaveCount(2);

  // The dealer's page: the wizard with what was saved; axe on it at both widths.
  await row.click();
  await expect(admin.getByRole('heading', { level: 1, name: display })).toBeVisible();
  await expect(field(admin, /^CNPJ\b/)).toHaveValue(masked(cnpj));
  await expect(admin.getByRole('heading', { level: 2, name: 'Usuários e grupos' })).toBeVisible();
  await axeAtBothWidths(admin, () => expect(admin.getByRole('heading', { level: 1, name: display })).toBeVisible());
  const dealerUrl = admin.url();

  // Issue 19: the administrator renames it, opens its history from its page and sees the change, before → after.
  await field(admin, /^Nome de exibição/).fill(`${display} Norte`);
  for (let step = 0; step < 4; step++) await admin.getByRole('button', { name: 'Próximo' }).click();
  await admin.getByRole('button', { name: 'Concluir' }).click();
  await expect(admin).toHaveURL(/\/dealers$/);
  await admin.goto(dealerUrl);
  await admin.getByRole('link', { name: 'Histórico' }).click();
  await expect(admin).toHaveURL(/\/auditoria\/[^/]+\/dealer$/);
  await expect(admin.getByRole('heading', { level: 1, name: 'Histórico: Concessionária' })).toBeVisible();
  const edit = admin.getByRole('row', { name: /Edição/ });
  await expect(edit).toContainText(`Nome de exibição: ${display} → ${display} Norte`);
  await expect(edit).toContainText('admin@portal.demo');
  await expect(admin.getByRole('row', { name: /Criação/ })).toBeVisible();
  await axeAtBothWidths(admin, () =>
    expect(admin.getByRole('heading', { level: 1, name: 'Histórico: Concessionária' })).toBeVisible(),
  );

  await admin.goto('/dealers/novo');
  await axeAtBothWidths(admin, () =>
    expect(admin.getByRole('heading', { level: 1, name: 'Nova concessionária' })).toBeVisible(),
  );
});
