import { t } from '@portal/i18n';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_PROPERTIES_CACHE_KEY } from '../src/modules/portal/portal.queries.js';
import { portalProperties } from '../src/modules/portal/portal.tables.js';
import { featureIdsByKey } from '../src/modules/products/products.queries.js';
import { importacaoUsuarios, importacaoUsuariosErro } from '../src/modules/user-import/user-import.tables.js';
import { usuario } from '../src/modules/users/users.tables.js';
import { type CookieClient, gql, multipart, signIn } from './browserless.js';
import { createUser } from './factories.js';
import { startTestPortal, type TestPortal } from './harness.js';

// The user import's two downloads (docs/domains/user-import.md#template-and-error-report): the template in the
// reader's language with the customer's labels and drop-downs, and an import's error report in the language of
// the upload; who may download which.

const PASSWORD = 'Importacao-2026!';
const COLUMNS = 13;

async function workbookOf(res: Response): Promise<ExcelJS.Workbook> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
  return workbook;
}

const rowValues = (sheet: ExcelJS.Worksheet, n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
// ExcelJS reads the validations of every cell of a range; its typings do not declare them.
const validationAt = (sheet: ExcelJS.Worksheet, address: string) =>
  (sheet as unknown as { dataValidations: { model: Record<string, any> } }).dataValidations.model[address];

describe('user import: template and error report', () => {
  let portal: TestPortal;
  let base: string;
  const as: Record<string, CookieClient> = {};
  const u: Record<string, { id: string; email: string }> = {};

  beforeAll(async () => {
    portal = await startTestPortal();
    base = portal.baseUrl;
    const keys = await featureIdsByKey(portal.services.db, [
      'PORTAL_IMPORTACAO_USUARIOS',
      'PORTAL_MANUTENCAO_USUARIOS',
    ]);
    const both = [keys.PORTAL_IMPORTACAO_USUARIOS, keys.PORTAL_MANUTENCAO_USUARIOS];
    u.pt = await createUser(portal, { idsFuncionalidades: both, idioma: 'PT_BR', password: PASSWORD });
    u.es = await createUser(portal, { idsFuncionalidades: both, idioma: 'ES', password: PASSWORD });
    u.en = await createUser(portal, { idsFuncionalidades: both, idioma: 'EN', password: PASSWORD });
    u.importOnly = await createUser(portal, {
      idsFuncionalidades: [keys.PORTAL_IMPORTACAO_USUARIOS],
      password: PASSWORD,
    });
    u.maintainOnly = await createUser(portal, {
      idsFuncionalidades: [keys.PORTAL_MANUTENCAO_USUARIOS],
      password: PASSWORD,
    });
    for (const who of Object.keys(u)) as[who] = (await signIn(base, u[who].email, PASSWORD)).client;
  });

  afterAll(async () => {
    await portal?.stop();
  });

  /** Records an import of `usuarioId` as the job would leave it (uploaded in `idioma`), with its rejected rows. */
  async function recordFinishedImport(
    usuarioId: string,
    input: {
      idioma: 'PT_BR' | 'ES' | 'EN';
      cabecalho: string[] | null;
      errors: { linha: number; celulas: unknown[]; erros: { field: string; message: string; params?: any }[] }[];
    },
  ) {
    const db = portal.services.db;
    const [row] = await db
      .insert(importacaoUsuarios)
      .values({
        usuarioId,
        nomeArquivo: 'Equipe março.xlsx',
        storageKey: `imports/test-${crypto.randomUUID()}`,
        idioma: input.idioma,
        status: input.cabecalho ? 'FINISHED' : 'ERROR',
        cabecalho: input.cabecalho,
        rejeitadas: input.errors.length,
      })
      .returning();
    for (let i = 0; i < input.errors.length; i += 500)
      await db
        .insert(importacaoUsuariosErro)
        .values(input.errors.slice(i, i + 500).map((e) => ({ ...e, importacaoId: row.id })));
    return row.id;
  }

  it.each([
    ['pt', 'pt-BR', 'Usuários', 'Instruções', ['Tecsinapse', 'Montadora', 'Dealer / Grupo']],
    ['es', 'es', 'Usuarios', 'Instrucciones', ['Tecsinapse', 'Fabricante', 'Concesionario / Grupo']],
    ['en', 'en', 'Users', 'Instructions', ['Tecsinapse', 'Manufacturer', 'Dealer / Group']],
  ] as const)(
    "the template downloads in the reader's language (%s)",
    async (who, locale, sheetUsers, sheetHelp, types) => {
      const res = await as[who].fetch(`${base}/import/users/modelo.xlsx`);
      expect(res.headers.get('content-disposition')).toContain(
        encodeURIComponent(`${t(locale, 'userImport.template.fileName')}.xlsx`),
      );
      const workbook = await workbookOf(res);
      expect(workbook.worksheets.map((s) => s.name)).toEqual([
        sheetUsers,
        sheetHelp,
        t(locale, 'userImport.template.sheetLists'),
      ]);

      // Sheet 1: the header row, bold and frozen; drop-downs on tipo (D) and idioma (E) from row 2 to 1001.
      const users = workbook.worksheets[0];
      const headers = rowValues(users, 1);
      expect(headers).toHaveLength(COLUMNS);
      expect(headers.slice(0, 5)).toEqual([
        t(locale, 'userImport.column.nome'),
        t(locale, 'userImport.column.email'),
        'CPF',
        t(locale, 'userImport.column.tipo'),
        t(locale, 'userImport.column.idioma'),
      ]);
      expect(headers[6]).toBe(t(locale, 'userImport.column.dealers', { labelDealers: 'Concessionárias' }));
      expect(users.getRow(1).getCell(1).font?.bold).toBe(true);
      expect(users.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(users.rowCount).toBe(1);
      for (const [column, listRange] of [
        ['D', '$A$1:$A$3'],
        ['E', '$B$1:$B$3'],
      ]) {
        for (const row of [2, 1001]) {
          const validation = validationAt(users, `${column}${row}`);
          expect(validation, `${column}${row}`).toMatchObject({ type: 'list', showErrorMessage: true });
          expect(validation.formulae[0]).toBe(`'${t(locale, 'userImport.template.sheetLists')}'!${listRange}`);
          expect(validation.error).toBeTruthy();
        }
        expect(validationAt(users, `${column}1002`)).toBeUndefined();
      }
      expect(validationAt(users, 'D2').error).toBe(t(locale, 'userImport.template.invalidType'));
      expect(users.getColumn(12).numFmt).toBe('dd/mm/yyyy');

      // Sheet 3, hidden: the lists.
      const lists = workbook.worksheets[2];
      expect(lists.state).toBe('hidden');
      expect([1, 2, 3].map((n) => lists.getRow(n).getCell(1).value)).toEqual(types);
      expect([1, 2, 3].map((n) => lists.getRow(n).getCell(2).value)).toEqual(['pt-BR', 'es', 'en']);

      // Sheet 2: the notes, then one line per column (header, required or not, format, example).
      const help = workbook.worksheets[1];
      const lines: unknown[][] = [];
      help.eachRow((row) => lines.push((row.values as unknown[]).slice(1)));
      const text = lines.map((l) => l.join(' | ')).join('\n');
      expect(text).toContain(t(locale, 'userImport.template.notes.key'));
      expect(text).toContain(t(locale, 'userImport.template.notes.emptyKeeps'));
      expect(text).toContain(t(locale, 'userImport.template.notes.separator'));
      expect(text).toContain(t(locale, 'userImport.template.notes.dryRun'));
      expect(text).toContain(new Intl.NumberFormat(locale).format(100_000));
      const byHeader = new Map(lines.map((l) => [l[0], l]));
      expect(byHeader.get(headers[0])?.[1]).toBe(t(locale, 'userImport.template.required'));
      expect(byHeader.get(headers[1])?.[1]).toBe(t(locale, 'userImport.template.required'));
      expect(byHeader.get(headers[3])?.[1]).toBe(t(locale, 'userImport.template.requiredOnCreate'));
      expect(byHeader.get(headers[3])?.[2]).toContain(types[1]);
      expect(byHeader.get(headers[3])?.[3]).toBe(types[1]);
      expect(byHeader.get(headers[2])?.[1]).toBe(t(locale, 'userImport.template.optional'));
      expect(byHeader.get(headers[9])?.[2]).toBe(
        t(locale, 'userImport.help.cargos', { labelDealer: 'Concessionária' }),
      );
      for (const header of headers) expect(byHeader.has(header), String(header)).toBe(true);
    },
  );

  it("the template's headers carry the customer's labels", async () => {
    const db = portal.services.db;
    const [before] = await db.select().from(portalProperties);
    await db.update(portalProperties).set({ labelDealers: 'Lojas', labelMarcas: 'Bandeiras' });
    portal.services.cache.invalidate(PORTAL_PROPERTIES_CACHE_KEY);
    try {
      const users = (await workbookOf(await as.es.fetch(`${base}/import/users/modelo.xlsx`))).worksheets[0];
      expect(rowValues(users, 1).slice(5, 7)).toEqual(['Bandeiras', 'Lojas (códigos)']);
    } finally {
      await db.update(portalProperties).set({ labelDealers: before.labelDealers, labelMarcas: before.labelMarcas });
      portal.services.cache.invalidate(PORTAL_PROPERTIES_CACHE_KEY);
    }
  });

  it('the template: 401 signed out, 403 without both keys', async () => {
    const res = await fetch(`${base}/import/users/modelo.xlsx`);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'UNAUTHENTICATED' });
    for (const who of ['importOnly', 'maintainOnly']) {
      const denied = await as[who].fetch(`${base}/import/users/modelo.xlsx`);
      expect(denied.status, who).toBe(403);
      expect(await denied.json()).toMatchObject({ error: 'FORBIDDEN', message: t('pt-BR', 'error.forbidden') });
    }
  });

  it("the error report: 401 signed out, 403 without the import key, 404 for someone else's import", async () => {
    const id = await recordFinishedImport(u.importOnly.id, { idioma: 'PT_BR', cabecalho: ['E-mail'], errors: [] });
    const url = `${base}/import/users/${id}/erros.xlsx`;
    expect((await fetch(url)).status).toBe(401);
    expect((await as.maintainOnly.fetch(url)).status).toBe(403);
    for (const who of ['pt', 'es']) expect((await as[who].fetch(url)).status, who).toBe(404);
    expect((await as.pt.fetch(`${base}/import/users/not-a-uuid/erros.xlsx`)).status).toBe(404);
    expect((await as.pt.fetch(`${base}/import/users/${crypto.randomUUID()}/erros.xlsx`)).status).toBe(404);
    // The uploader with the import key alone downloads it (an empty report: the header and the errors column).
    const sheet = (await workbookOf(await as.importOnly.fetch(url))).worksheets[0];
    expect(rowValues(sheet, 1)).toEqual(['E-mail', t('pt-BR', 'userImport.report.errors')]);
    expect(sheet.rowCount).toBe(1);
  });

  it("the error report: the rejected rows as uploaded, neutralised, with their errors in the import's language", async () => {
    // Uploaded in Spanish (the uploader reads Portuguese now: the report stays in the upload's language).
    const cabecalho = ['Nombre', 'Correo electrónico', 'CPF', 'Tipo de usuario', 'Notas', 'Fecha de admisión'];
    const id = await recordFinishedImport(u.pt.id, {
      idioma: 'ES',
      cabecalho,
      errors: [
        {
          linha: 7,
          celulas: ['Beto', 'beto@x.demo', 52998224725, 'CHEFE', null, '2025-02-03T00:00:00.000Z'],
          erros: [{ field: 'usuario.tipo', message: 'validation.required' }],
        },
        {
          linha: 3,
          celulas: ['=HYPERLINK("http://x","clique")', 'ana@', '529.982.247-25', '+1', '@SUM(A1)', null, 'ignored'],
          erros: [
            { field: 'usuario.email', message: 'validation.email' },
            { field: 'usuario.cpf', message: 'users.cpfTaken' },
            { field: 'dealers', message: 'userImport.file.TOO_MANY_ROWS', params: { max: 3 } },
          ],
        },
      ],
    });
    const res = await as.pt.fetch(`${base}/import/users/${id}/erros.xlsx`);
    expect(res.headers.get('content-disposition')).toContain(
      encodeURIComponent(`Equipe março - ${t('es', 'userImport.report.suffix')}.xlsx`),
    );
    const workbook = await workbookOf(res);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe(t('es', 'userImport.report.sheet'));
    expect(rowValues(sheet, 1)).toEqual([...cabecalho, 'Errores']);
    expect(rowValues(sheet, 2)).toEqual([
      '\'=HYPERLINK("http://x","clique")',
      'ana@',
      '529.982.247-25',
      "'+1",
      "'@SUM(A1)",
      undefined,
      `Correo electrónico: ${t('es', 'validation.email')}; CPF: ${t('es', 'users.cpfTaken')}; ${t('es', 'userImport.column.dealers', { labelDealers: 'Concessionárias' })}: ${t('es', 'userImport.file.TOO_MANY_ROWS', { max: 3 })}`,
    ]);
    expect(rowValues(sheet, 3)).toEqual([
      'Beto',
      'beto@x.demo',
      52998224725,
      'CHEFE',
      undefined,
      '2025-02-03',
      `Tipo de usuario: ${t('es', 'validation.required')}`,
    ]);
    expect(sheet.rowCount).toBe(3);
  });

  it("an import without a header (its file could not be read) gets the template's headers", async () => {
    const id = await recordFinishedImport(u.en.id, { idioma: 'EN', cabecalho: null, errors: [] });
    const sheet = (await workbookOf(await as.en.fetch(`${base}/import/users/${id}/erros.xlsx`))).worksheets[0];
    const header = rowValues(sheet, 1);
    expect(header).toHaveLength(COLUMNS + 1);
    expect(header[0]).toBe('Name');
    expect(header[COLUMNS]).toBe('Errors');
  });

  it('a filled template imports, and its rejected row comes back in the report as typed, with its errors', async () => {
    // The Spanish template, filled in Excel's way: a type from the drop-down, a date cell, a bad row.
    const workbook = await workbookOf(await as.es.fetch(`${base}/import/users/modelo.xlsx`));
    const users = workbook.worksheets[0];
    const headers = rowValues(users, 1) as string[];
    const column = (name: string) => headers.indexOf(t('es', `userImport.column.${name}`)) + 1;
    const email = `plantilla-${crypto.randomUUID().slice(0, 8)}@import.demo`;
    const good = users.getRow(2);
    good.getCell(column('nome')).value = 'Lucía Plantilla';
    good.getCell(column('email')).value = email;
    good.getCell(column('tipo')).value = 'Fabricante';
    good.getCell(column('idioma')).value = 'en';
    good.getCell(column('dataAdmissao')).value = new Date(Date.UTC(2025, 1, 3));
    good.getCell(column('emailSuperior')).value = 'chefe@portal.demo';
    const bad = users.getRow(3);
    bad.getCell(column('nome')).value = 'Mala';
    bad.getCell(column('email')).value = 'mala@import.demo';
    bad.getCell(column('tipo')).value = '=CHEFE';
    const { body, contentType } = multipart([
      { name: 'file', filename: 'plantilla.xlsx', data: Buffer.from(await workbook.xlsx.writeBuffer()) },
    ]);
    const res = await as.es.fetch(`${base}/import/users`, {
      method: 'POST',
      body,
      headers: { 'content-type': contentType, origin: new URL(base).origin },
    });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    let status: { status: string; criados: number; rejeitadas: number } | undefined;
    for (const until = Date.now() + 45_000; Date.now() < until; await new Promise((r) => setTimeout(r, 150))) {
      const list = (await gql(as.es, base, '{ importStatus { id status criados rejeitadas } }')).data.importStatus;
      status = list.find((s: { id: string }) => s.id === id);
      if (status?.status === 'FINISHED' || status?.status === 'ERROR') break;
    }
    expect(status).toMatchObject({ status: 'FINISHED', criados: 1, rejeitadas: 1 });
    const [created] = await portal.services.db.select().from(usuario).where(eq(usuario.email, email));
    expect(created).toMatchObject({ tipo: 'MONTADORA', idioma: 'EN', dataAdmissao: '2025-02-03' });

    const report = (await workbookOf(await as.es.fetch(`${base}/import/users/${id}/erros.xlsx`))).worksheets[0];
    expect(rowValues(report, 1)).toEqual([...headers, 'Errores']);
    const line = rowValues(report, 2);
    expect(line.slice(0, 4)).toEqual(['Mala', 'mala@import.demo', undefined, "'=CHEFE"]);
    expect(line[headers.length]).toMatch(new RegExp(`^${t('es', 'userImport.column.tipo')}: `));
    expect(report.rowCount).toBe(2);
  });

  it('a report over 1,000 rows streams whole, in row order', async () => {
    const total = 2_345;
    const rows = Array.from({ length: total }, (_, i) => ({
      linha: i + 2,
      celulas: [`Pessoa ${i + 2}`, `p${i + 2}@x.demo`],
      erros: [{ field: 'usuario.email', message: 'users.emailTaken' }],
    })).reverse();
    const id = await recordFinishedImport(u.pt.id, { idioma: 'PT_BR', cabecalho: ['Nome', 'E-mail'], errors: rows });
    const sheet = (await workbookOf(await as.pt.fetch(`${base}/import/users/${id}/erros.xlsx`))).worksheets[0];
    expect(sheet.rowCount).toBe(total + 1);
    const names: unknown[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) names.push(row.getCell(1).value);
    });
    expect(names).toEqual(Array.from({ length: total }, (_, i) => `Pessoa ${i + 2}`));
    expect(sheet.getRow(total + 1).getCell(3).value).toBe(`E-mail: ${t('pt-BR', 'users.emailTaken')}`);
  });
});
