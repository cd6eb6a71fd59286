import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { mailTo } from '../mail-catcher.js';
import { fillDay } from './day-input.js';
import { keepHeaderTourClosed } from './header-tour.js';
import { openSignedIn, seriousViolations } from './session.js';

// Issue 14's users journey (docs/domains/users.md#administration): the administrator creates a dealer user with two
// positions and a Portal permission, then a second user whose permissions are cloned from the first and edited
// before saving. The first user sets a password through the invitation e-mail (real SMTP, e2e/mail-catcher.ts),
// signs in and gets what the permission allows and nothing more. A read-only viewer sees the list without edit
// actions. axe on the list and the wizard at 1440 and 375 px. Names and e-mails are unique per run.

/** A valid CPF (its two check digits appended) from 9 digits. */
function cpfOf(base9: string): string {
  const digit = (digits: string) => {
    const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return String(rest === 10 ? 0 : rest);
  };
  const first = digit(base9);
  return base9 + first + digit(base9 + first);
}

const run = Date.now().toString(36);
const seed = String(Date.now()).slice(-8);
const FIRST = { nome: `Paula Vendas ${run}`, email: `paula.${run}@portal.demo`, cpf: cpfOf(`1${seed}`) };
const SECOND = { nome: `Rafael Pós-venda ${run}`, email: `rafael.${run}@portal.demo`, cpf: cpfOf(`2${seed}`) };
const NEW_PASSWORD = 'Convite#2027';

async function signedIn(browser: Browser, urlPath: string, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await keepHeaderTourClosed(page);
  await openSignedIn(page, urlPath, email);
  return page;
}

/** Chooses `option` in the select (combobox) named `label` inside `scope`. */
async function choose(scope: Page | Locator, page: Page, label: RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** Adds `option` in the multi-select (autocomplete) named `label`. */
async function pick(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

/** Step 1 of the wizard for a dealer user of Grupo Horizonte at both of its dealers. */
async function fillDealerUser(page: Page, who: { nome: string; email: string; cpf: string }) {
  await page.getByLabel(/^Nome/).fill(who.nome);
  await page.getByLabel(/^E-mail/).fill(who.email);
  await page.getByLabel(/^CPF/).pressSequentially(who.cpf);
  await choose(page, page, /^Tipo de usuário/, 'Dealer / Grupo');
  await pick(page, /^Grupos/, 'Grupo Horizonte');
  await pick(page, /^Concessionárias/, 'Horizonte Centro (D001)');
  await pick(page, /^Concessionárias/, 'Horizonte Norte (D002)');
}

/** Adds a position through the wizard's dialog. */
async function addPosition(page: Page, dealer: string, cargo: string, departamento: string, dataInicio: string) {
  await page.getByRole('button', { name: 'Adicionar cargo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar cargo' });
  await choose(dialog, page, /^Concessionária/, dealer);
  await choose(dialog, page, /^Cargo/, cargo);
  await choose(dialog, page, /^Departamento/, departamento);
  await fillDay(dialog, /^Data de início/, dataInicio);
  await dialog.getByRole('button', { name: 'Adicionar', exact: true }).click();
  await expect(dialog).toHaveCount(0);
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

test('the administrator creates a dealer user, clones the permissions onto a second one; the first signs in by the invitation', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const admin = await signedIn(browser, '/usuarios', 'admin@portal.demo');
  await expect(admin.getByRole('heading', { level: 1, name: 'Usuários' })).toBeVisible();
  await axeAtBothWidths(admin, () => expect(admin.getByRole('row', { name: /Diego Dealer/ })).toBeVisible());

  // The first user: two positions, the Portal's "Criação de comunicados" only.
  await admin.getByRole('link', { name: 'Novo usuário' }).click();
  await expect(admin).toHaveURL('/usuarios/novo');
  await expect(admin.getByRole('heading', { level: 1, name: 'Novo usuário' })).toBeVisible();
  await fillDealerUser(admin, FIRST);
  await addPosition(admin, 'Horizonte Centro (D001)', 'Vendedor', 'Vendas', '2026-01-05');
  await addPosition(admin, 'Horizonte Norte (D002)', 'Consultor técnico', 'Pós-venda', '2026-02-02');
  await expect(admin.getByRole('list', { name: 'Cargos' }).getByRole('listitem')).toHaveCount(2);
  await admin.getByRole('button', { name: 'Próximo' }).click();
  await expect(admin.getByRole('heading', { level: 3, name: 'Portal' })).toBeVisible();
  await admin.getByRole('checkbox', { name: 'Criação de comunicados' }).check();
  await admin.getByRole('button', { name: 'Concluir' }).click();
  await expect(admin.getByText(`Usuário ${FIRST.nome} criado.`)).toBeVisible();
  await expect(admin).toHaveURL(/\/usuarios(\?.*)?$/);

  // The second user: the permissions cloned from the first, then one more feature before saving.
  await admin.goto('/usuarios/novo');
  await fillDealerUser(admin, SECOND);
  await addPosition(admin, 'Horizonte Centro (D001)', 'Gerente de pós-venda', 'Pós-venda', '2026-03-09');
  // Every selected dealer needs a position: the step says so and stays.
  await admin.getByRole('button', { name: 'Próximo' }).click();
  await expect(
    admin.getByRole('alert').filter({ hasText: 'Cada concessionária selecionada precisa de um cargo.' }),
  ).toBeVisible();
  await addPosition(admin, 'Horizonte Norte (D002)', 'Vendedor', 'Vendas', '2026-03-09');
  await admin.getByRole('button', { name: 'Próximo' }).click();
  await admin.getByRole('button', { name: 'Clonar permissões' }).first().click();
  const clone = admin.getByRole('dialog', { name: 'Clonar permissões de Portal' });
  await clone.getByLabel('Buscar por nome ou e-mail').fill('Paula');
  await clone.getByRole('button', { name: `Clonar as permissões de ${FIRST.nome}` }).click();
  const confirm = admin.getByRole('dialog', { name: `Clonar as permissões de ${FIRST.nome}?` });
  await confirm.getByRole('button', { name: 'Clonar' }).click();
  await expect(clone).toHaveCount(0);
  await expect(admin.getByRole('checkbox', { name: 'Criação de comunicados' })).toBeChecked();
  await admin.getByRole('checkbox', { name: 'Gerenciar biblioteca' }).check();
  await admin.getByRole('button', { name: 'Concluir' }).click();
  await expect(admin.getByText(`Usuário ${SECOND.nome} criado.`)).toBeVisible();

  // Saved as edited: opened again from the list, both features are there.
  await admin.getByLabel('Buscar por nome, e-mail ou CPF').fill(`rafael.${run}`);
  // The list has answered the search (one row) before its row is opened.
  await expect(admin.getByRole('table', { name: 'Usuários' }).getByRole('row')).toHaveCount(2);
  await admin
    .getByRole('row', { name: new RegExp(SECOND.nome) })
    .getByRole('link', { name: 'Editar' })
    .click();
  await expect(admin).toHaveURL(/\/usuarios\/[0-9a-f-]{36}$/);
  await expect(admin.getByRole('heading', { level: 1, name: SECOND.nome })).toBeVisible();
  await axeAtBothWidths(admin, () => expect(admin.getByRole('heading', { level: 1, name: SECOND.nome })).toBeVisible());
  await admin.getByRole('button', { name: 'Próximo' }).click();
  await expect(admin.getByRole('checkbox', { name: 'Criação de comunicados' })).toBeChecked();
  await expect(admin.getByRole('checkbox', { name: 'Gerenciar biblioteca' })).toBeChecked();

  // The first user's invitation, by real SMTP: the link sets the password once, then the real sign-in.
  const link = /https?:\/\/\S+\/oidc\/reset\?token=[^\s"<>]+/.exec(await mailTo(FIRST.email))?.[0];
  expect(link, 'the invitation carries a set-password link').toBeTruthy();
  const invited = await (await browser.newContext()).newPage();
  await keepHeaderTourClosed(invited);
  await invited.goto(link as string);
  await invited.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
  await invited.getByLabel('Confirme a nova senha', { exact: true }).fill(NEW_PASSWORD);
  await invited.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(invited.getByText('Senha alterada. Entre com a nova senha.')).toBeVisible();
  await invited.goto('/comunicados/novo');
  await expect(invited).toHaveURL(/\/oidc\/interaction\//);
  await invited.getByLabel('E-mail', { exact: true }).fill(FIRST.email);
  await invited.getByLabel('Senha', { exact: true }).fill(NEW_PASSWORD);
  await invited.getByRole('button', { name: 'Entrar', exact: true }).click();
  // What the permission allows: writing a communication; nothing more: the users administration sends them home.
  await expect(invited).toHaveURL('/comunicados/novo');
  await expect(invited.getByRole('heading', { level: 1, name: 'Novo comunicado' })).toBeVisible();
  await invited.goto('/usuarios');
  await expect(invited).toHaveURL('/home');
  await invited.getByRole('button', { name: 'Abrir menu' }).click();
  await expect(invited.getByRole('link', { name: 'Comunicados' }).first()).toBeVisible();
  await expect(invited.getByRole('link', { name: 'Usuários' })).toHaveCount(0);
});

test('a read-only viewer sees the users list without any edit action', async ({ browser }) => {
  const viewer = await signedIn(browser, '/usuarios', 'leitor@portal.demo');
  await expect(viewer.getByRole('heading', { level: 1, name: 'Usuários' })).toBeVisible();
  await expect(viewer.getByRole('row', { name: /Diego Dealer/ })).toBeVisible();
  await expect(viewer.getByRole('link', { name: 'Novo usuário' })).toHaveCount(0);
  await expect(viewer.getByRole('link', { name: /^Editar/ })).toHaveCount(0);
  // In the screen itself (the frame's push prompt has an "Ativar avisos" of its own).
  await expect(
    viewer.getByRole('main').getByRole('button', { name: /^Inativar|^Ativar|ativação especial/ }),
  ).toHaveCount(0);
  await viewer.goto('/usuarios/novo');
  await expect(viewer).toHaveURL('/home');
});
