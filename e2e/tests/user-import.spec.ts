import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { mailTo } from '../mail-catcher.js';
import { keepHeaderTourClosed } from './header-tour.js';
import { openSignedIn, seriousViolations } from './session.js';

// Issue 15's bulk user import journey (docs/domains/user-import.md): the administrator opens /importarUsuarios from
// the menu, downloads the template, fills it with 17 new users and 3 bad rows, checks it (dry run), downloads the
// error report, imports the file for real and watches it finish; one imported user gets the invitation by real
// SMTP (e2e/mail-catcher.ts), sets a password and signs in. axe on the screen. Names, e-mails and CPFs are unique
// per run.

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
const FILE = `usuarios-${run}.xlsx`;
const NEW_PASSWORD = 'Convite#2027';
const mail = (name: string) => `${name}.${run}@import.demo`;

/** The template's header row in pt-BR with the demo customer's labels (catalogue `userImport.column.*`). */
const HEADERS = {
  nome: 'Nome',
  email: 'E-mail',
  cpf: 'CPF',
  tipo: 'Tipo de usuário',
  idioma: 'Idioma',
  marcas: 'Marcas',
  dealers: 'Concessionárias (códigos)',
  grupos: 'Grupos',
  gruposUsuarios: 'Grupos de usuários',
  cargos: 'Cargos',
  produtos: 'Produtos e perfis',
  dataAdmissao: 'Data de admissão',
  emailSuperior: 'E-mail do superior',
};
type Row = Partial<Record<keyof typeof HEADERS, string>>;

/** A carmaker user as the demo's portal properties require (brands, management data). */
const carmaker = (name: string, extra: Row = {}): Row => ({
  nome: `Importado ${name} ${run}`,
  email: mail(name),
  tipo: 'Montadora',
  idioma: 'pt-BR',
  marcas: 'Aurora',
  gruposUsuarios: 'Marketing',
  produtos: 'Portal: Consulta',
  dataAdmissao: '03/02/2025',
  emailSuperior: 'chefe@portal.demo',
  ...extra,
});
/** A dealer user (CPF and a position required) at Horizonte Centro. */
const dealerUser = (name: string, cpf: string, extra: Row = {}): Row => ({
  nome: `Importado ${name} ${run}`,
  email: mail(name),
  cpf,
  tipo: 'Dealer / Grupo',
  dealers: 'D001',
  grupos: 'Grupo Horizonte',
  cargos: 'Vendedor | Vendas | 01/02/2024 | D001',
  produtos: 'CRM Rede: Vendedor',
  ...extra,
});

/** 17 new users and 3 bad rows (on sheet rows 7, 13 and 20: an unknown dealer, a bad date, a repeated e-mail). */
const ROWS: Row[] = [
  carmaker('ana'),
  ...['bia', 'caio', 'davi'].map((n) => carmaker(n)),
  dealerUser('edu', cpfOf(`7${seed}`)),
  dealerUser('zeca', cpfOf(`8${seed}`), { dealers: 'ZZZ-404' }),
  ...['fabi', 'gil', 'hana', 'ivo', 'juca'].map((n) => carmaker(n)),
  carmaker('lia', { dataAdmissao: '31/02/2025' }),
  dealerUser('malu', cpfOf(`9${seed}`)),
  ...['nina', 'otto', 'paco', 'rita', 'sol', 'teo'].map((n) => carmaker(n)),
  carmaker('ana', { email: mail('ana').toUpperCase(), nome: 'Ana de novo' }),
];
const INVITED = ROWS[0];

async function signedIn(browser: Browser, urlPath: string, email: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await keepHeaderTourClosed(page);
  await openSignedIn(page, urlPath, email);
  return page;
}

/** The template as downloaded, filled with `rows` under its header (the header checked first). */
async function fillTemplate(templatePath: string, rows: Row[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(templatePath);
  const sheet = workbook.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  expect(header).toEqual(Object.values(HEADERS));
  const columnOf = (key: keyof typeof HEADERS) => header.indexOf(HEADERS[key]) + 1;
  rows.forEach((row, i) => {
    const line = sheet.getRow(i + 2);
    for (const [key, value] of Object.entries(row)) line.getCell(columnOf(key as keyof typeof HEADERS)).value = value;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The cells of `row` by their column header ("Total" → "20"), to poll until the list shows a state. */
async function cellsOf(table: Locator, row: Locator): Promise<Record<string, string>> {
  const headers = await table.getByRole('columnheader').allInnerTexts();
  const cells = await row.getByRole('cell').allInnerTexts();
  return Object.fromEntries(headers.map((h, i) => [h.trim(), (cells[i] ?? '').trim()]));
}

/** Picks the file in the upload area and sends it with `button`; waits for the 202. */
async function upload(page: Page, file: Buffer, button: string) {
  await page.getByRole('region', { name: 'Importar usuários' }).locator('input[type="file"]').setInputFiles({
    name: FILE,
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: file,
  });
  await expect(page.getByText(`Arquivo escolhido: ${FILE}`)).toBeVisible();
  const sent = page.waitForResponse((r) => r.url().endsWith('/import/users') && r.request().method() === 'POST');
  await page.getByRole('button', { name: button }).click();
  expect((await sent).status()).toBe(202);
  await expect(page.getByText('Arquivo recebido. A importação está em processamento.')).toBeVisible();
}

test('the administrator checks a filled template, reads its errors, imports it; an imported user signs in', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const admin = await signedIn(browser, '/home', 'admin@portal.demo');
  await admin.getByRole('banner').getByRole('button', { name: 'Abrir menu' }).click();
  await admin
    .getByRole('navigation', { name: 'Menu principal' })
    .getByRole('link', { name: 'Importar usuários', exact: true })
    .click();
  await expect(admin).toHaveURL('/importarUsuarios');
  await expect(admin.getByRole('heading', { level: 1, name: 'Importar usuários' })).toBeVisible();

  // The template, filled with exceljs as a spreadsheet program would.
  const templateLink = admin.getByRole('link', { name: 'Baixar modelo (.xlsx)' });
  await expect(templateLink).toHaveAttribute('href', '/import/users/modelo.xlsx');
  const templateDownload = admin.waitForEvent('download');
  await templateLink.click();
  const file = await fillTemplate(await (await templateDownload).path(), ROWS);

  // The dry run: every row checked, 17 would be created, 3 rejected.
  await upload(admin, file, 'Verificar (sem gravar)');
  const table = admin.getByRole('table', { name: 'Importações' });
  const ofFile = table.getByRole('row').filter({ hasText: FILE });
  const dryRun = ofFile.filter({ hasText: 'Verificação' });
  await expect
    .poll(() => cellsOf(table, dryRun), { timeout: 30_000 })
    .toMatchObject({
      Progresso: '100,00 %',
      Status: 'Concluída',
      Total: '20',
      Processadas: '20',
      Criados: '17',
      Rejeitadas: '3',
    });

  // The error report: the three rejected rows as uploaded, each with its problem in Portuguese.
  const reportLink = dryRun.getByRole('link', { name: `Baixar erros de ${FILE}` });
  await expect(reportLink).toHaveAttribute('href', /^\/import\/users\/[^/]+\/erros\.xlsx$/);
  const reportDownload = admin.waitForEvent('download');
  await reportLink.click();
  const report = new ExcelJS.Workbook();
  await report.xlsx.readFile(await (await reportDownload).path());
  const lines = report.worksheets[0].getSheetValues().filter(Boolean) as unknown[][];
  expect(lines).toHaveLength(4);
  const [head, ...rejected] = lines.map((l) => l.slice(1).map((c) => (c == null ? '' : String(c))));
  expect(head).toEqual([...Object.values(HEADERS), 'Erros']);
  const emailAt = head.indexOf(HEADERS.email);
  expect(rejected.map((r) => r[emailAt])).toEqual([mail('zeca'), mail('lia'), mail('ana').toUpperCase()]);
  expect(rejected.map((r) => r[head.length - 1])).toEqual([
    expect.stringMatching(/código não encontrado ou inativo: ZZZ-404/),
    expect.stringMatching(/data inválida: 31\/02\/2025/),
    expect.stringMatching(/e-mail repetido: já está na linha 2/),
  ]);

  // The import for real, of the checked file: a new line that reaches 100 % and creates the 17 users.
  await dryRun.getByRole('button', { name: `Importar de verdade ${FILE}` }).click();
  const confirm = admin.getByRole('dialog', { name: `Importar ${FILE}?` });
  await expect(confirm).toContainText('as 3 linhas com erro serão rejeitadas de novo');
  await confirm.getByRole('button', { name: 'Importar', exact: true }).click();
  await expect(admin.getByText('Importação iniciada.')).toBeVisible();
  const imported = ofFile.filter({ hasNotText: 'Verificação' });
  await expect
    .poll(() => cellsOf(table, imported), { timeout: 30_000 })
    .toMatchObject({ Progresso: '100,00 %', Status: 'Concluída', Criados: '17', Rejeitadas: '3' });
  await expect(imported.getByRole('progressbar', { name: `Progresso de ${FILE}` })).toHaveAttribute(
    'aria-valuenow',
    '100',
  );
  // axe on the screen with its two lines at 1440 and 375 px (reloaded: the toasts are the kit's, checked elsewhere).
  for (const width of [1440, 375]) {
    await admin.setViewportSize({ width, height: width === 1440 ? 900 : 812 });
    await admin.reload();
    await expect(imported.getByRole('cell', { name: 'Concluída' })).toBeVisible();
    expect(await seriousViolations(admin), `at ${width} px`).toEqual([]);
  }

  // An imported user's invitation, by real SMTP: the link sets the password, then the real sign-in lands on /home.
  const email = INVITED.email as string;
  const link = /https?:\/\/\S+\/oidc\/reset\?token=[^\s"<>]+/.exec(await mailTo(email))?.[0];
  expect(link, 'the invitation carries a set-password link').toBeTruthy();
  const invited = await (await browser.newContext()).newPage();
  await keepHeaderTourClosed(invited);
  await invited.goto(link as string);
  await invited.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
  await invited.getByLabel('Confirme a nova senha', { exact: true }).fill(NEW_PASSWORD);
  await invited.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(invited.getByText('Senha alterada. Entre com a nova senha.')).toBeVisible();
  await invited.goto('/home');
  await expect(invited).toHaveURL(/\/oidc\/interaction\//);
  await invited.getByLabel('E-mail', { exact: true }).fill(email);
  await invited.getByLabel('Senha', { exact: true }).fill(NEW_PASSWORD);
  await invited.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(invited).toHaveURL('/home');
  await expect(invited.getByRole('heading', { level: 1, name: `Olá, ${INVITED.nome}` })).toBeVisible();
});
