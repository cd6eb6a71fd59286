import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerIdsByCode } from '../src/modules/dealers/dealers.queries.js';
import { dealerGroupIdsByName } from '../src/modules/groups/groups.queries.js';
import { featureIdsByKey } from '../src/modules/products/products.queries.js';
import { MAX_IMPORT_ROWS } from '../src/modules/user-import/user-import.process.js';
import { importacaoUsuariosErro } from '../src/modules/user-import/user-import.tables.js';
import { usuario } from '../src/modules/users/users.tables.js';
import { readXlsxRows, type XlsxRow } from '../src/platform/xlsx-reader.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, signIn } from './browserless.js';
import { createUser } from './factories.js';
import { startTestPortal, type TestPortal } from './harness.js';
import { freshCpf, importEnded, uploadedImport } from './user-import-client.js';
import { cfbFile, deflatedZeros, MAIN, sheetXml, xlsxParts, zipOf } from './xlsx-files.js';

// Issue 15 point 6: hostile and odd files through the real upload and the real job (docs/domains/user-import.md).
// A file error ends the import in ERROR with its key and writes no user of the file; a bad row is rejected with
// its key while the file's other rows are imported. Runs on PGlite and, with TEST_PG_URL, on PostgreSQL.

const run = crypto.randomBytes(3).toString('hex');
const mail = (name: string) => `${name}-${run}@hostil.demo`;
const PASSWORD = 'Hostil-Import-2026!';

/** The columns of the files below, by their raw keys (the reader of the import matches them too). */
const COLUMNS = ['nome', 'email', 'cpf', 'tipo', 'dealers', 'cargos', 'dataAdmissao', 'emailSuperior'] as const;
type Row = Partial<Record<(typeof COLUMNS)[number], string | ExcelJS.CellValue>>;

/** A carmaker user the admin may create (management data filled, as the portal's rules ask). */
const carmaker = (name: string, extra: Row = {}): Row => ({
  nome: `Hostil ${name}`,
  email: mail(name),
  tipo: 'MONTADORA',
  dataAdmissao: '03/02/2025',
  emailSuperior: 'chefe@portal.demo',
  ...extra,
});

const columnLetter = (index: number) => String.fromCharCode(65 + index);
/** One `<row>` of inline strings, in the order of COLUMNS, written raw (so `&lol9;` stays an entity reference). */
const rowXml = (n: number, row: Row) =>
  `<row r="${n}">${COLUMNS.map((c, i) =>
    row[c] === undefined ? '' : `<c r="${columnLetter(i)}${n}" t="inlineStr"><is><t>${row[c]}</t></is></c>`,
  ).join('')}</row>`;
const headerXml = rowXml(1, Object.fromEntries(COLUMNS.map((c) => [c, c])));

/** A workbook written by ExcelJS with the header row and `rows`. */
async function excelFile(rows: Row[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Usuários');
  sheet.addRow([...COLUMNS]);
  for (const row of rows) sheet.addRow(COLUMNS.map((c) => row[c] ?? null));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('user import: hostile files, through the upload and the job', () => {
  let portal: TestPortal;
  let base: string;
  let admin: CookieClient;
  const as: Record<string, CookieClient> = {};

  const upload = (client: CookieClient, name: string, data: Buffer) => uploadedImport(client, base, name, data);
  /** Waits for the job to end the import (FINISHED or ERROR). */
  const finished = (client: CookieClient, id: string, timeoutMs = 60_000) => importEnded(client, base, id, timeoutMs);

  const importAs = async (client: CookieClient, data: Buffer, name = 'usuarios.xlsx') =>
    finished(client, await upload(client, name, data));

  const userCount = async () =>
    Number(((await portal.services.db.execute(sql`SELECT count(*) AS n FROM usuario`)).rows[0] as { n: string }).n);
  const usersNamed = async (emails: string[]) =>
    portal.services.db.select().from(usuario).where(inArray(usuario.email, emails));
  const errorsOf = async (id: string) =>
    (
      await portal.services.db
        .select()
        .from(importacaoUsuariosErro)
        .where(eq(importacaoUsuariosErro.importacaoId, id))
        .orderBy(importacaoUsuariosErro.linha)
    ).map((r) => ({ linha: r.linha, messages: r.erros.map((e) => e.message) }));

  /** Uploads `data` as the admin and expects the file error `code`, with no user written at all. */
  async function expectFileError(data: Buffer, code: string, emails: string[] = []) {
    const users = await userCount();
    const started = Date.now();
    const status = await importAs(admin, data);
    expect(status).toMatchObject({ status: 'ERROR', erro: `userImport.file.${code}`, criados: 0, done: 0 });
    expect(await userCount()).toBe(users);
    if (emails.length) expect(await usersNamed(emails)).toEqual([]);
    return { status, seconds: (Date.now() - started) / 1000 };
  }

  beforeAll(async () => {
    portal = await startTestPortal();
    base = portal.baseUrl;
    admin = (await signIn(base, 'admin@portal.demo', DEMO_PASSWORD)).client;
    const db = portal.services.db;
    const keys = await featureIdsByKey(db, ['PORTAL_IMPORTACAO_USUARIOS', 'PORTAL_MANUTENCAO_USUARIOS']);
    const both = [keys.PORTAL_IMPORTACAO_USUARIOS, keys.PORTAL_MANUTENCAO_USUARIOS];
    const dealers = await dealerIdsByCode(db, ['D001', 'D002']);
    const groups = await dealerGroupIdsByName(db, ['Grupo Horizonte']);
    // A carmaker administrator, and a dealer group's administrator of Grupo Horizonte (D001, D002).
    const carmakerAdmin = await createUser(portal, { tipo: 'MONTADORA', idsFuncionalidades: both, password: PASSWORD });
    const horizonAdmin = await createUser(portal, {
      tipo: 'DEALER_GRUPO',
      idsFuncionalidades: both,
      idsDealers: [dealers.D001, dealers.D002],
      idsGrupos: [groups['Grupo Horizonte']],
      password: PASSWORD,
    });
    as.carmaker = (await signIn(base, carmakerAdmin.email, PASSWORD)).client;
    as.horizon = (await signIn(base, horizonAdmin.email, PASSWORD)).client;
  }, 120_000);

  afterAll(async () => {
    await portal?.stop();
  });

  it('a PNG renamed .xlsx ends in NOT_XLSX', async () => {
    const png = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), crypto.randomBytes(2_000)]);
    await expectFileError(png, 'NOT_XLSX');
  });

  it('an encrypted workbook (a CFB file with EncryptionInfo) ends in ENCRYPTED', async () => {
    await expectFileError(cfbFile('EncryptionInfo'), 'ENCRYPTED');
  });

  it('a truncated zip and a sheet whose XML breaks after valid rows end in CORRUPT, writing none of its rows', async () => {
    const whole = await excelFile([carmaker('trunc1'), carmaker('trunc2'), carmaker('trunc3')]);
    await expectFileError(whole.subarray(0, Math.floor(whole.length * 0.6)), 'CORRUPT', [
      mail('trunc1'),
      mail('trunc2'),
      mail('trunc3'),
    ]);
    const broken = zipOf(
      xlsxParts({
        sheet: `<?xml version="1.0"?><worksheet ${MAIN}><sheetData>${headerXml}${rowXml(2, carmaker('quebra1'))}${rowXml(3, carmaker('quebra2'))}<row r="4"><c><v>1</c></row>`,
      }),
    );
    await expectFileError(broken, 'CORRUPT', [mail('quebra1'), mail('quebra2')]);
  });

  it('a zip bomb (a sheet entry of 300 MB of zeros) ends in TOO_LARGE quickly, declared or only by its ratio', async () => {
    const zeros = await deflatedZeros(300);
    const declared = await expectFileError(zipOf(xlsxParts({ sheet: { name: '', deflated: zeros } })), 'TOO_LARGE');
    const byRatio = await expectFileError(
      zipOf(xlsxParts({ sheet: { name: '', deflated: zeros, declaredSize: 150 * 1024 * 1024 } })),
      'TOO_LARGE',
    );
    console.log(
      `user import: zip bomb of ${Math.round(zeros.data.length / 1024)} KB refused in ${declared.seconds.toFixed(2)} s (declared) and ${byRatio.seconds.toFixed(2)} s (ratio), upload to ERROR`,
    );
    expect(declared.seconds).toBeLessThan(10);
    expect(byRatio.seconds).toBeLessThan(10);
  }, 60_000);

  it('a shared-strings table over the caps (1,000,001 strings) ends in TOO_LARGE, writing none of its rows', async () => {
    const strings: string[] = COLUMNS.map((c) => `<si><t>${c}</t></si>`);
    const user = carmaker('sst');
    const userIndex = COLUMNS.map((c) => {
      if (user[c] === undefined) return -1;
      strings.push(`<si><t>${user[c]}</t></si>`);
      return strings.length - 1;
    });
    while (strings.length <= 1_000_000) strings.push(`<si><t>s${strings.length}</t></si>`);
    const shared = (indexes: number[], n: number) =>
      `<row r="${n}">${indexes.map((index, i) => (index < 0 ? '' : `<c r="${columnLetter(i)}${n}" t="s"><v>${index}</v></c>`)).join('')}</row>`;
    const file = zipOf(
      xlsxParts({
        sharedStrings: `<sst ${MAIN} count="${strings.length}" uniqueCount="${strings.length}">${strings.join('')}</sst>`,
        sheet: sheetXml(
          shared(
            COLUMNS.map((_, i) => i),
            1,
          ) + shared(userIndex, 2),
        ),
      }),
    );
    expect(file.length).toBeLessThan(50 * 1024 * 1024);
    await expectFileError(file, 'TOO_LARGE', [mail('sst')]);
  }, 60_000);

  it('a sheet declaring the whole grid as its dimension, with 3 real user rows, imports the 3 rows', async () => {
    const rows = [carmaker('grade1'), carmaker('grade2'), carmaker('grade3')];
    const file = zipOf(
      xlsxParts({
        sheet: sheetXml(
          headerXml + rows.map((row, i) => rowXml(i + 2, row)).join(''),
          '<dimension ref="A1:XFD1048576"/>',
        ),
      }),
    );
    const status = await importAs(admin, file);
    expect(status).toMatchObject({ status: 'FINISHED', total: 3, done: 3, criados: 3, rejeitadas: 0 });
    expect(await usersNamed(rows.map((r) => r.email as string))).toHaveLength(3);
  });

  it('XML entities (billion laughs) end in UNSAFE_XML, writing none of its rows', async () => {
    const doctype = `<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i ? i : ''};`.repeat(10)}">`,
    ).join('')}]>`;
    const file = zipOf(
      xlsxParts({
        sheet: `<?xml version="1.0"?>${doctype}<worksheet ${MAIN}><sheetData>${headerXml}${rowXml(2, carmaker('risos'))}${rowXml(3, carmaker('risos2', { nome: '&lol9;' }))}</sheetData></worksheet>`,
      }),
    );
    await expectFileError(file, 'UNSAFE_XML', [mail('risos'), mail('risos2')]);
  });

  it('a formula imports its cached value; one without a value rejects its row (formulaWithoutValue), the others import', async () => {
    const file = await excelFile([
      carmaker('formula', { nome: { formula: 'CONCAT("A","na")', result: 'Ana' } }),
      carmaker('semvalor', { nome: { formula: 'CONCAT("B","ia")' } as ExcelJS.CellFormulaValue }),
      carmaker('simples'),
    ]);
    const status = await importAs(admin, file);
    expect(status).toMatchObject({ status: 'FINISHED', total: 3, criados: 2, rejeitadas: 1 });
    const [ana] = await usersNamed([mail('formula')]);
    expect(ana.nome).toBe('Ana');
    expect(await usersNamed([mail('semvalor')])).toEqual([]);
    expect(await usersNamed([mail('simples')])).toHaveLength(1);
    expect(await errorsOf(status.id)).toEqual([{ linha: 3, messages: ['userImport.row.formulaWithoutValue'] }]);
  });

  it('NUL and control characters in a name reject that row (controlCharacters), the others import', async () => {
    // As Excel writes them: _xHHHH_ escapes (raw NUL is not even XML).
    const file = zipOf(
      xlsxParts({
        sheet: sheetXml(
          headerXml +
            rowXml(2, carmaker('nul', { nome: 'Ana_x0000_Nul' })) +
            rowXml(3, carmaker('sino', { nome: 'Bia_x0007_Sino' })) +
            rowXml(4, carmaker('limpo')),
        ),
      }),
    );
    const status = await importAs(admin, file);
    expect(status).toMatchObject({ status: 'FINISHED', total: 3, criados: 1, rejeitadas: 2 });
    expect(await errorsOf(status.id)).toEqual([
      { linha: 2, messages: ['userImport.row.controlCharacters'] },
      { linha: 3, messages: ['userImport.row.controlCharacters'] },
    ]);
    expect((await usersNamed([mail('nul'), mail('sino'), mail('limpo')])).map((u) => u.email)).toEqual([mail('limpo')]);
    // The error report of these rows still opens, the NUL shown as U+FFFD (jsonb cannot hold a NUL).
    const report = await admin.fetch(`${base}/import/users/${status.id}/erros.xlsx`);
    expect(report.status).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-report-'));
    try {
      const file = path.join(dir, 'erros.xlsx');
      fs.writeFileSync(file, Buffer.from(await report.arrayBuffer()));
      const rows: XlsxRow[] = [];
      for await (const row of readXlsxRows(file)) rows.push(row);
      // (The export leaves out the control characters XML cannot carry.)
      expect(rows.map((r) => r.cells[0])).toEqual(['nome', 'Ana\uFFFDNul', 'BiaSino']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a 10,000-character cell rejects its row (tooLong), the others import', async () => {
    const file = await excelFile([carmaker('longo', { nome: 'x'.repeat(10_000) }), carmaker('curto')]);
    const status = await importAs(admin, file);
    expect(status).toMatchObject({ status: 'FINISHED', total: 2, criados: 1, rejeitadas: 1 });
    expect(await errorsOf(status.id)).toEqual([{ linha: 2, messages: ['userImport.row.tooLong'] }]);
    expect(await usersNamed([mail('longo')])).toEqual([]);
  });

  it(`more rows than the cap (${MAX_IMPORT_ROWS + 1} user rows) ends in TOO_MANY_ROWS, naming the cap`, async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-rows-'));
    try {
      const file = path.join(dir, 'muitas.xlsx');
      const started = Date.now();
      const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: false });
      const sheet = writer.addWorksheet('Usuários');
      sheet.addRow(['nome', 'email', 'tipo']).commit();
      for (let i = 1; i <= MAX_IMPORT_ROWS + 1; i++)
        sheet.addRow([`Muitas ${i}`, mail(`muitas${i}`), 'MONTADORA']).commit();
      sheet.commit();
      await writer.commit();
      const written = (Date.now() - started) / 1000;
      const data = fs.readFileSync(file);
      const { status, seconds } = await expectFileError(data, 'TOO_MANY_ROWS', [mail('muitas1'), mail('muitas100001')]);
      console.log(
        `user import: ${MAX_IMPORT_ROWS + 1} rows written in ${written.toFixed(1)} s (${Math.round(data.length / 1024)} KB), upload to TOO_MANY_ROWS in ${seconds.toFixed(1)} s`,
      );
      expect(status.erroMensagem?.replace(/\D/g, '')).toContain('100000');
      expect(status.total).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);

  it('e-mails differing only in case and Unicode form (NFC / NFD) are one key: the later row is rejected (duplicateEmail)', async () => {
    const nfc = `josé-${run}@hostil.demo`.normalize('NFC');
    const nfd = `JOSÉ-${run}@HOSTIL.DEMO`.normalize('NFD');
    expect(nfc).not.toBe(nfd.toLowerCase());
    const file = await excelFile([
      carmaker('caixa'),
      carmaker('caixa2', { email: mail('CAIXA').toUpperCase() }),
      carmaker('jose1', { email: nfc }),
      carmaker('jose2', { email: nfd }),
    ]);
    const status = await importAs(admin, file);
    expect(status).toMatchObject({ status: 'FINISHED', total: 4, criados: 1 });
    const errors = await errorsOf(status.id);
    expect(errors.find((e) => e.linha === 3)).toEqual({ linha: 3, messages: ['userImport.row.duplicateEmail'] });
    expect(errors.find((e) => e.linha === 5)).toEqual({ linha: 5, messages: ['userImport.row.duplicateEmail'] });
    // The accented address itself is refused by the e-mail rule (ASCII addresses only): row 4 is rejected too.
    expect(errors.map((e) => e.linha)).toEqual([3, 4, 5]);
    expect(await usersNamed([mail('caixa')])).toHaveLength(1);
  });

  it('a carmaker administrator’s row asking for a Tecsinapse user is rejected (notAllowed), the other rows import', async () => {
    const file = await excelFile([carmaker('mont1'), carmaker('tec', { tipo: 'TECSINAPSE' }), carmaker('mont2')]);
    const status = await importAs(as.carmaker, file);
    expect(status).toMatchObject({ status: 'FINISHED', total: 3, criados: 2, rejeitadas: 1 });
    const errors = await errorsOf(status.id);
    expect(errors.map((e) => e.linha)).toEqual([3]);
    expect(errors[0].messages).toContain('userImport.row.notAllowed');
    expect(await usersNamed([mail('tec')])).toEqual([]);
    expect(await usersNamed([mail('mont1'), mail('mont2')])).toHaveLength(2);
  });

  it('a dealer group administrator’s row at another network’s dealer (D004) is rejected (notAllowed), the other rows import', async () => {
    const dealer = (name: string, code: string): Row => ({
      nome: `Hostil ${name}`,
      email: mail(name),
      cpf: freshCpf(),
      tipo: 'DEALER_GRUPO',
      dealers: code,
      cargos: `Vendedor | Vendas | 01/02/2024 | ${code}`,
      dataAdmissao: '03/02/2025',
      emailSuperior: 'chefe@portal.demo',
    });
    const file = await excelFile([dealer('horiz1', 'D001'), dealer('litoral', 'D004'), dealer('horiz2', 'D002')]);
    const status = await importAs(as.horizon, file);
    expect(status).toMatchObject({ status: 'FINISHED', total: 3, criados: 2, rejeitadas: 1 });
    const errors = await errorsOf(status.id);
    expect(errors.map((e) => e.linha)).toEqual([3]);
    expect(errors[0].messages).toContain('userImport.row.notAllowed');
    expect(await usersNamed([mail('litoral')])).toEqual([]);
    expect(await usersNamed([mail('horiz1'), mail('horiz2')])).toHaveLength(2);
  });
});
