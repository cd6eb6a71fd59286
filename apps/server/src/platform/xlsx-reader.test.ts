import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cfbFile, deflatedZeros, MAIN, REL, sheetXml, xlsxParts, zipOf } from '../../test/xlsx-files.js';
import {
  excelSerialToDate,
  isDateFormatCode,
  readXlsxRows,
  type XlsxFileErrorCode,
  type XlsxReadLimits,
  type XlsxRow,
} from './xlsx-reader.js';

let dir: string;
let fileCount = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'xlsx-reader-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function saveFile(data: Buffer | string, extension = 'xlsx'): Promise<string> {
  const path = join(dir, `f${++fileCount}.${extension}`);
  await writeFile(path, data);
  return path;
}

/** A workbook written by ExcelJS, as Excel would (shared strings, styles). */
async function excelFile(build: (sheet: ExcelJS.Worksheet, workbook: ExcelJS.Workbook) => void): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  build(workbook.addWorksheet('Usuários'), workbook);
  const path = join(dir, `f${++fileCount}.xlsx`);
  await workbook.xlsx.writeFile(path);
  return path;
}

async function readAll(path: string, limits?: Partial<XlsxReadLimits>): Promise<XlsxRow[]> {
  const rows: XlsxRow[] = [];
  for await (const row of readXlsxRows(path, limits)) rows.push(row);
  return rows;
}

async function errorCode(path: string, limits?: Partial<XlsxReadLimits>): Promise<XlsxFileErrorCode | 'none'> {
  try {
    await readAll(path, limits);
    return 'none';
  } catch (err) {
    return (err as { code: XlsxFileErrorCode }).code;
  }
}

const handMade = (parts: Parameters<typeof xlsxParts>[0]) => saveFile(zipOf(xlsxParts(parts)));

describe('readXlsxRows: valid workbooks', () => {
  it('reads strings, numbers, booleans, rich text and empty cells, the header included', async () => {
    const path = await excelFile((sheet) => {
      sheet.addRow(['nome', 'email', 'quantos', 'ativo']);
      sheet.addRow(['Ana', 'ana@x.com', 3.5, true]);
      sheet.addRow(['Bia', null, -2, false]);
      sheet.getCell('B4').value = { richText: [{ text: 'Ri' }, { font: { bold: true }, text: 'co' }] };
    });
    expect(await readAll(path)).toEqual([
      { number: 1, cells: ['nome', 'email', 'quantos', 'ativo'], problems: [] },
      { number: 2, cells: ['Ana', 'ana@x.com', 3.5, true], problems: [] },
      { number: 3, cells: ['Bia', null, -2, false], problems: [] },
      { number: 4, cells: [null, 'Rico'], problems: [] },
    ]);
  });

  it('gives a formula its cached value, and null plus a problem without one; an error cell is null plus ERROR_VALUE', async () => {
    const path = await excelFile((sheet) => {
      sheet.getCell('A1').value = { formula: '1+1', result: 2 };
      sheet.getCell('B1').value = { formula: 'A1&"x"', result: '2x' };
      sheet.getCell('C1').value = { formula: 'A1*3' } as ExcelJS.CellFormulaValue;
      sheet.getCell('D1').value = { error: '#N/A' } as ExcelJS.CellErrorValue;
      sheet.getCell('E1').value = 'fim';
    });
    expect(await readAll(path)).toEqual([
      {
        number: 1,
        cells: [2, '2x', null, null, 'fim'],
        problems: [
          { column: 2, code: 'FORMULA_WITHOUT_VALUE' },
          { column: 3, code: 'ERROR_VALUE' },
        ],
      },
    ]);
  });

  it('returns dates of built-in and custom formats as UTC dates, and other numbers as numbers', async () => {
    const path = await excelFile((sheet) => {
      sheet.getCell('A1').value = new Date(Date.UTC(2026, 10, 24));
      sheet.getCell('B1').value = new Date(Date.UTC(2026, 10, 24, 18, 5));
      sheet.getCell('B1').numFmt = 'dd/mm/yyyy hh:mm';
      sheet.getCell('C1').value = 46_000;
      sheet.getCell('C1').numFmt = '#,##0.00';
      sheet.getCell('D1').value = 12;
      sheet.getCell('D1').numFmt = '0 "dias"';
      sheet.getCell('E1').value = 0.75;
      sheet.getCell('E1').numFmt = '[h]:mm';
    });
    const [row] = await readAll(path);
    expect(row.cells).toEqual([
      new Date('2026-11-24T00:00:00Z'),
      new Date('2026-11-24T18:05:00Z'),
      46_000,
      12,
      new Date('1899-12-31T18:00:00Z'),
    ]);
  });

  it('honours the 1904 date system', async () => {
    const path = await handMade({
      workbookPr: '<workbookPr date1904="1"/>',
      styles: `<styleSheet ${MAIN}><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>`,
      sheet: sheetXml(
        '<row r="1"><c r="A1" s="1"><v>0</v></c><c r="B1" s="1"><v>44196</v></c><c r="C1"><v>1</v></c></row>',
      ),
    });
    expect((await readAll(path))[0].cells).toEqual([
      new Date('1904-01-01T00:00:00Z'),
      new Date('2025-01-01T00:00:00Z'),
      1,
    ]);
  });

  it('skips the styles of cellStyleXfs and reads custom formats by their numFmtId', async () => {
    const path = await handMade({
      styles: `<styleSheet ${MAIN}><numFmts count="2"><numFmt numFmtId="164" formatCode="yyyy\\-mm\\-dd"/><numFmt numFmtId="165" formatCode="&quot;Day&quot; 0"/></numFmts><cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs></styleSheet>`,
      sheet: sheetXml(
        '<row r="1"><c r="A1"><v>45658</v></c><c r="B1" s="1"><v>45658</v></c><c r="C1" s="2"><v>45658</v></c></row>',
      ),
    });
    expect((await readAll(path))[0].cells).toEqual([45658, new Date('2025-01-01T00:00:00Z'), 45658]);
  });

  it('reads inline strings (runs joined, phonetic runs left out), t="d" dates and t="str" values', async () => {
    const path = await handMade({
      sheet: sheetXml(
        '<row r="1"><c r="A1" t="inlineStr"><is><t>simples</t></is></c>' +
          '<c r="B1" t="inlineStr"><is><r><t>ri</t></r><r><rPr><b/></rPr><t xml:space="preserve">co </t></r><rPh sb="0" eb="1"><t>ignored</t></rPh></is></c>' +
          '<c r="C1" t="d"><v>2026-11-24</v></c><c r="D1" t="d"><v>2026-11-24T10:30:00</v></c>' +
          '<c r="E1" t="str"><f>"a"&amp;"b"</f><v>ab</v></c><c r="F1" t="str"><f>""</f><v></v></c></row>',
      ),
    });
    expect((await readAll(path))[0].cells).toEqual([
      'simples',
      'rico ',
      new Date('2026-11-24T00:00:00Z'),
      new Date('2026-11-24T10:30:00Z'),
      'ab',
      '',
    ]);
  });

  it('places cells by their reference, follows the previous one without it, numbers rows without r, and skips empty rows', async () => {
    const path = await handMade({
      sheet: sheetXml(
        '<row r="2"><c r="C2"><v>1</v></c><c><v>2</v></c><c r="F2"><v>3</v></c></row>' +
          '<row><c><v>4</v></c></row>' +
          '<row r="7" customHeight="1"><c r="A7" s="0"/></row>' +
          '<row r="9"><c r="B9" t="inlineStr"><is><t></t></is></c><c r="A9" t="n"><v>5</v></c></row>',
      ),
    });
    expect(await readAll(path)).toEqual([
      { number: 2, cells: [null, null, 1, 2, null, 3], problems: [] },
      { number: 3, cells: [4], problems: [] },
      { number: 9, cells: [5, ''], problems: [] },
    ]);
  });

  it('reads parts whose elements carry a namespace prefix, and finds the sheet through the relationships', async () => {
    const x = 'xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
    const path = await saveFile(
      zipOf([
        {
          name: 'xl/workbook.xml',
          data: `<x:workbook ${x} xmlns:r="${REL}"><x:sheets><x:sheet name="A" sheetId="7" r:id="rIdSheet"/></x:sheets></x:workbook>`,
        },
        {
          name: 'xl/_rels/workbook.xml.rels',
          data: `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rIdSheet" Type="${REL}/worksheet" Target="/xl/worksheets/Dados.xml"/></Relationships>`,
        },
        { name: 'xl/worksheets/sheet1.xml', data: sheetXml('<row r="1"><c r="A1"><v>1</v></c></row>') },
        {
          name: 'xl/worksheets/Dados.xml',
          data: `<x:worksheet ${x}><x:sheetData><x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t>certo</x:t></x:is></x:c></x:row></x:sheetData></x:worksheet>`,
        },
      ]),
    );
    expect((await readAll(path))[0].cells).toEqual(['certo']);
  });

  it('falls back to xl/worksheets/sheet1.xml without a workbook part', async () => {
    const path = await saveFile(
      zipOf([{ name: 'xl/worksheets/sheet1.xml', data: sheetXml('<row r="1"><c r="A1"><v>1</v></c></row>') }]),
    );
    expect((await readAll(path))[0].cells).toEqual([1]);
  });

  it('keeps NUL and control characters as written, raw or as _xHHHH_ escapes', async () => {
    const path = await handMade({
      sharedStrings: `<sst ${MAIN}><si><t>sino_x0007_</t></si><si><t>_x005F_x0041_</t></si></sst>`,
      sheet: sheetXml(
        '<row r="1"><c r="A1" t="inlineStr"><is><t>a\u0001b</t></is></c><c r="B1" t="inlineStr"><is><t>nul_x0000_</t></is></c>' +
          '<c r="C1" t="s"><v>0</v></c><c r="D1" t="s"><v>1</v></c></row>',
      ),
    });
    expect((await readAll(path))[0].cells).toEqual(['a\u0001b', 'nul\u0000', 'sino\u0007', '_x0041_']);
  });

  it('returns a 10,000-character cell whole', async () => {
    const long = `${'x'.repeat(9_999)}é`;
    const path = await excelFile((sheet) => {
      sheet.addRow([long]);
    });
    expect((await readAll(path))[0].cells[0]).toBe(long);
  });

  it('ignores the declared dimension: a whole-grid <dimension> with 3 real rows reads 3 rows', async () => {
    const path = await handMade({
      sheet: sheetXml(
        '<row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="A2"><v>2</v></c></row><row r="1048576"><c r="C1048576"><v>3</v></c></row>',
        '<dimension ref="A1:XFD1048576"/>',
      ),
    });
    const rows = await readAll(path);
    expect(rows.map((row) => row.number)).toEqual([1, 2, 1_048_576]);
  });

  it('stops reading when the caller stops asking', async () => {
    const path = await excelFile((sheet) => {
      for (let i = 1; i <= 2_000; i++) sheet.addRow([`linha ${i}`]);
    });
    let seen = 0;
    for await (const row of readXlsxRows(path)) {
      seen++;
      if (row.number === 10) break;
    }
    expect(seen).toBe(10);
  });

  it('reads 50,000 rows × 13 columns quickly, with bounded memory', async () => {
    const path = join(dir, 'large.xlsx');
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: true, useStyles: true });
    const sheet = writer.addWorksheet('Usuários');
    sheet.addRow([
      'nome',
      'email',
      'cpf',
      'tipo',
      'idioma',
      'marcas',
      'dealers',
      'grupos',
      'gu',
      'cargos',
      'produtos',
      'data',
      'sup',
    ]);
    for (let i = 1; i <= 50_000; i++) {
      sheet
        .addRow([
          `Usuário ${i}`,
          `u${i}@example.com`,
          String(10_000_000_000 + i),
          'DEALER_GRUPO',
          'pt-BR',
          'Marca A;Marca B',
          `D${i % 500}`,
          'Grupo 1',
          'GU',
          'Vendedor | Vendas | 01/02/2026 | D1',
          'Portal: Leitor',
          new Date(Date.UTC(2026, 0, 1 + (i % 365))),
          `chefe${i % 100}@example.com`,
        ])
        .commit();
    }
    sheet.commit();
    await writer.commit();

    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    let rows = 0;
    let last: XlsxRow | undefined;
    const started = performance.now();
    for await (const row of readXlsxRows(path)) {
      rows++;
      last = row;
      if (rows % 5_000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `xlsx-reader: ${rows} rows × 13 columns in ${seconds.toFixed(2)} s (${Math.round(rows / seconds)} rows/s), heap +${Math.round((peak - before) / 1024 / 1024)} MB at most`,
    );
    expect(rows).toBe(50_001);
    expect(last?.cells[0]).toBe('Usuário 50000');
    expect(last?.cells[11]).toEqual(new Date(Date.UTC(2026, 0, 1 + (50_000 % 365))));
    // The shared strings (about 100,000 here) stay in memory; the sheet's 30 MB of XML must not.
    expect(peak - before).toBeLessThan(150 * 1024 * 1024);
  });
});

describe('readXlsxRows: hostile and broken files', () => {
  it('refuses a text file renamed .xlsx (NOT_XLSX)', async () => {
    expect(await errorCode(await saveFile('nome;email\nAna;ana@x.com\n'))).toBe('NOT_XLSX');
  });

  it('refuses an empty file and a PNG renamed .xlsx (NOT_XLSX)', async () => {
    expect(await errorCode(await saveFile(Buffer.alloc(0)))).toBe('NOT_XLSX');
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]);
    expect(await errorCode(await saveFile(png))).toBe('NOT_XLSX');
  });

  it('refuses a .docx renamed .xlsx (NOT_XLSX)', async () => {
    const docx = zipOf([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'word/document.xml', data: '<w:document xmlns:w="w"><w:body/></w:document>' },
    ]);
    expect(await errorCode(await saveFile(docx))).toBe('NOT_XLSX');
  });

  it('refuses a workbook whose sheet part is missing (NO_SHEET)', async () => {
    const parts = xlsxParts().filter((part) => part.name !== 'xl/worksheets/sheet1.xml');
    expect(await errorCode(await saveFile(zipOf(parts)))).toBe('NO_SHEET');
  });

  it('tells an encrypted workbook (an OLE file with EncryptionInfo: ENCRYPTED) from another OLE file (NOT_XLSX)', async () => {
    expect(await errorCode(await saveFile(cfbFile('EncryptionInfo')))).toBe('ENCRYPTED');
    expect(await errorCode(await saveFile(cfbFile('WordDocument'), 'xls'))).toBe('NOT_XLSX');
  });

  it('refuses a zip whose entries are encrypted (ENCRYPTED)', async () => {
    const zip = zipOf(xlsxParts());
    // Set the "encrypted" flag of every entry, in the local and central headers.
    for (let at = zip.indexOf('PK\x03\x04'); at !== -1; at = zip.indexOf('PK\x03\x04', at + 4)) zip[at + 6] |= 1;
    for (let at = zip.indexOf('PK\x01\x02'); at !== -1; at = zip.indexOf('PK\x01\x02', at + 4)) zip[at + 8] |= 1;
    expect(await errorCode(await saveFile(zip))).toBe('ENCRYPTED');
  });

  it('refuses a truncated zip (CORRUPT)', async () => {
    const path = await excelFile((sheet) => {
      sheet.addRow(['nome', 'email']);
    });
    const whole = await import('node:fs/promises').then((fs) => fs.readFile(path));
    expect(await errorCode(await saveFile(whole.subarray(0, Math.floor(whole.length / 2))))).toBe('CORRUPT');
  });

  it('refuses broken XML (CORRUPT)', async () => {
    expect(await errorCode(await handMade({ sheet: `<worksheet ${MAIN}><sheetData><row><c><v>1</c></row>` }))).toBe(
      'CORRUPT',
    );
  });

  describe('zip bombs', () => {
    let zeros: { data: Buffer; crc: number; size: number };
    beforeAll(async () => {
      zeros = await deflatedZeros(300);
    });

    it('refuses an entry of 300 MB of zeros before inflating it (TOO_LARGE)', async () => {
      console.log(`xlsx-reader: 300 MB of zeros deflate to ${Math.round(zeros.data.length / 1024)} KB`);
      const path = await handMade({ sheet: { name: '', deflated: zeros } });
      expect(await errorCode(path)).toBe('TOO_LARGE');
      // The same declared size over content that is not even deflate: refused before any inflating.
      const liar = await handMade({
        sheet: { name: '', deflated: { data: Buffer.from('junk'), crc: 0, size: 300 * 1024 * 1024 } },
      });
      expect(await errorCode(liar)).toBe('TOO_LARGE');
    });

    it('refuses an entry under the size cap that inflates over the ratio cap (TOO_LARGE)', async () => {
      const path = await handMade({ sheet: { name: '', deflated: zeros, declaredSize: 150 * 1024 * 1024 } });
      expect(await errorCode(path)).toBe('TOO_LARGE');
    });

    it('stops inflating an entry whose declared size lies, fast and with bounded memory (CORRUPT)', async () => {
      const path = await handMade({ sheet: { name: '', deflated: zeros, declaredSize: 1_000 } });
      const before = process.memoryUsage();
      expect(await errorCode(path)).toBe('CORRUPT');
      const after = process.memoryUsage();
      expect(after.heapUsed + after.arrayBuffers - before.heapUsed - before.arrayBuffers).toBeLessThan(
        64 * 1024 * 1024,
      );
    });

    it('stops inflating past maxEntryBytes even when the declared size is small (TOO_LARGE)', async () => {
      const text = sheetXml(`<row r="1"><c r="A1" t="inlineStr"><is><t>${'a'.repeat(4_000)}</t></is></c></row>`);
      const path = await handMade({ sheet: text });
      expect(await errorCode(path, { maxEntryBytes: 1_000 })).toBe('TOO_LARGE');
    });
  });

  it('refuses shared strings over the count cap and over the size cap (TOO_LARGE)', async () => {
    const strings = Array.from({ length: 1_001 }, (_, i) => `<si><t>texto ${i}</t></si>`).join('');
    const path = await handMade({
      sharedStrings: `<sst ${MAIN}>${strings}</sst>`,
      sheet: sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>'),
    });
    expect(await errorCode(path, { maxSharedStrings: 1_000 })).toBe('TOO_LARGE');
    expect(await errorCode(path, { maxSharedStringsBytes: 10_000 })).toBe('TOO_LARGE');
    expect(await errorCode(path)).toBe('none');
  });

  it('refuses a sharedStrings part declaring more than 50 MB before inflating it (TOO_LARGE)', async () => {
    const path = await handMade({
      sharedStrings: {
        name: '',
        deflated: { data: Buffer.from('junk'), crc: 0, size: 4 },
        declaredSize: 60 * 1024 * 1024,
      },
      sheet: sheetXml('<row r="1"><c r="A1"><v>1</v></c></row>'),
    });
    expect(await errorCode(path)).toBe('TOO_LARGE');
  });

  it('refuses a DOCTYPE with entities (billion laughs) without expanding them (UNSAFE_XML)', async () => {
    const doctype = `<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from(
      { length: 9 },
      (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i ? i : ''};`.repeat(10)}">`,
    ).join('')}]>`;
    const inSheet = await handMade({
      sheet: `<?xml version="1.0"?>${doctype}<worksheet ${MAIN}><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&lol9;</t></is></c></row></sheetData></worksheet>`,
    });
    expect(await errorCode(inSheet)).toBe('UNSAFE_XML');
    const inStrings = await handMade({
      sharedStrings: `<?xml version="1.0"?>${doctype}<sst ${MAIN}><si><t>&lol9;</t></si></sst>`,
      sheet: sheetXml('<row r="1"><c r="A1" t="s"><v>0</v></c></row>'),
    });
    expect(await errorCode(inStrings)).toBe('UNSAFE_XML');
    const external = await handMade({
      sheet: `<?xml version="1.0"?><!DOCTYPE x SYSTEM "file:///etc/passwd"><worksheet ${MAIN}/>`,
    });
    expect(await errorCode(external)).toBe('UNSAFE_XML');
  });

  it('refuses a 40,000-character cell (CELL_TOO_LONG), shared or inline', async () => {
    const shared = await excelFile((sheet) => {
      sheet.addRow(['x'.repeat(40_000)]);
    });
    expect(await errorCode(shared)).toBe('CELL_TOO_LONG');
    const inline = await handMade({
      sheet: sheetXml(`<row r="1"><c r="A1" t="inlineStr"><is><t>${'y'.repeat(40_000)}</t></is></c></row>`),
    });
    expect(await errorCode(inline)).toBe('CELL_TOO_LONG');
  });

  it('refuses one huge text or CDATA node before it is whole (CELL_TOO_LONG)', async () => {
    const text = await handMade({ sheet: sheetXml(`<row r="1"><c r="A1"><v>${'9'.repeat(2_000_000)}</v></c></row>`) });
    // Both compress too well: the ratio cap is lifted so that the node's own cap is what stops them.
    expect(await errorCode(text, { maxRatio: 1e9 })).toBe('CELL_TOO_LONG');
    const cdata = await handMade({
      sheet: sheetXml(
        `<row r="1"><c r="A1" t="inlineStr"><is><t><![CDATA[${'<a'.repeat(1_000_000)}]]></t></is></c></row>`,
      ),
    });
    expect(await errorCode(cdata, { maxRatio: 1e9 })).toBe('CELL_TOO_LONG');
  });

  it('refuses more rows than maxRows, the header counted (TOO_MANY_ROWS)', async () => {
    const path = await excelFile((sheet) => {
      for (let i = 1; i <= 11; i++) sheet.addRow([`linha ${i}`]);
    });
    expect(await errorCode(path, { maxRows: 11 })).toBe('none');
    expect(await errorCode(path, { maxRows: 10 })).toBe('TOO_MANY_ROWS');
  });

  it('refuses a cell in column 300 (TOO_MANY_COLUMNS), and an absurd reference without computing it', async () => {
    const path = await excelFile((sheet) => {
      sheet.getRow(1).getCell(300).value = 'longe';
    });
    expect(await errorCode(path)).toBe('TOO_MANY_COLUMNS');
    const absurd = await handMade({ sheet: sheetXml(`<row r="1"><c r="${'Z'.repeat(5_000)}1"><v>1</v></c></row>`) });
    expect(await errorCode(absurd)).toBe('TOO_MANY_COLUMNS');
    const formulaOnly = await handMade({ sheet: sheetXml('<row r="1"><c r="KN1"><f>1/0</f></c></row>') });
    expect(await errorCode(formulaOnly)).toBe('TOO_MANY_COLUMNS');
  });

  it('lets through formatted empty cells past the column cap (whole formatted rows), without keeping them', async () => {
    const path = await handMade({
      sheet: sheetXml('<row r="1"><c r="A1"><v>1</v></c><c r="KN1" s="1"/><c r="XFD1" s="1"><v></v></c></row>'),
    });
    expect(await readAll(path)).toEqual([{ number: 1, cells: [1], problems: [] }]);
  });

  it('refuses a shared string index that does not exist (CORRUPT)', async () => {
    const path = await handMade({
      sharedStrings: `<sst ${MAIN}><si><t>um</t></si></sst>`,
      sheet: sheetXml('<row r="1"><c r="A1" t="s"><v>5</v></c></row>'),
    });
    expect(await errorCode(path)).toBe('CORRUPT');
  });
});

describe('excelSerialToDate', () => {
  it.each([
    [1, '1900-01-01T00:00:00.000Z'],
    [59, '1900-02-28T00:00:00.000Z'],
    [61, '1900-03-01T00:00:00.000Z'],
    [45658, '2025-01-01T00:00:00.000Z'],
    [45658.5, '2025-01-01T12:00:00.000Z'],
    [46350.7541666667, '2026-11-24T18:06:00.000Z'],
  ])('1900 system: %s is %s', (serial, iso) => {
    expect(excelSerialToDate(serial).toISOString()).toBe(iso);
  });

  it('1904 system: 0 is 1 January 1904', () => {
    expect(excelSerialToDate(0, true).toISOString()).toBe('1904-01-01T00:00:00.000Z');
    expect(excelSerialToDate(44196, true).toISOString()).toBe('2025-01-01T00:00:00.000Z');
  });
});

describe('isDateFormatCode', () => {
  it.each([
    ['dd/mm/yyyy', true],
    ['yyyy\\-mm\\-dd', true],
    ['[h]:mm:ss', true],
    ['[$-416]d "de" mmmm "de" yyyy', true],
    ['h:mm AM/PM', true],
    ['0.00', false],
    ['#,##0 "dias"', false],
    ['[Red]0;[Blue]-0', false],
    ['General', false],
    ['0.00E+00', false],
    ['_(* #,##0_);_(* (#,##0);_(* "-"_)', false],
  ])('%s -> %s', (code, isDate) => {
    expect(isDateFormatCode(code)).toBe(isDate);
  });
});
