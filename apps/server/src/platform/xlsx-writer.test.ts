import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readXlsxRows } from './xlsx-reader.js';
import { escapeXml, writeXlsx, XlsxClientGone, type XlsxSheetSpec } from './xlsx-writer.js';

/** A client that takes `chunk` bytes at a time, slowly (a small buffer: the writer must wait for it). */
function client(opts: { failAfterBytes?: number } = {}) {
  const chunks: Buffer[] = [];
  let bytes = 0;
  const out = new Writable({
    highWaterMark: 1024,
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk);
      bytes += chunk.length;
      if (opts.failAfterBytes && bytes > opts.failAfterBytes) {
        out.destroy();
        return done();
      }
      setImmediate(done);
    },
  });
  return { out, file: () => Buffer.concat(chunks) };
}

async function* slowRows(n: number, read: { count: number; closed: boolean }) {
  try {
    for (let i = 1; i <= n; i++) {
      read.count++;
      if (i % 500 === 0) await new Promise((resolve) => setImmediate(resolve));
      yield [`Pessoa ${i} & <filha>`, i, i % 2 === 0, new Date(Date.UTC(2026, 10, 28, 12, 30, i % 60)), null];
    }
  } finally {
    read.closed = true;
  }
}

describe('writeXlsx (the exports’ own streaming writer, decision 0054)', () => {
  it('writes sheets Excel and ExcelJS read back: names, a bold frozen header, widths, dates, formats, text', async () => {
    const { out, file } = client();
    const read = { count: 0, closed: false };
    const sheets: XlsxSheetSpec[] = [
      {
        name: 'Resumo & "tudo"',
        header: ['Campo', 'Valor'],
        styledHeader: true,
        widths: [28, 60],
        rows: [
          ['Título', 'A <b>negrito</b> 🚗 ação\u0001\u000b fim  '],
          ['Entregues', 3],
          ['Vazio', ''],
        ],
      },
      {
        name: 'Leituras',
        header: ['Nome', 'N', 'Par', 'Recebido', 'Lido em'],
        styledHeader: true,
        widths: [36, 8, 8, 18, 18],
        rows: slowRows(5_000, read),
      },
      {
        name: 'Por marca',
        header: ['Marca', 'Taxa'],
        styledHeader: true,
        formats: [undefined, '0.0%'],
        rows: [['X', 0.25]],
      },
      { name: 'Simples', header: ['a'], styledHeader: false, rows: [['=1+1']] },
    ];
    await writeXlsx(out, { dateFormat: 'dd/mm/yyyy hh:mm', sheets });
    await new Promise((resolve) => out.end(resolve));
    expect(read).toEqual({ count: 5_000, closed: true });

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file() as never);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Resumo & "tudo"', 'Leituras', 'Por marca', 'Simples']);
    const [summary, readers, byBrand, plain] = workbook.worksheets;
    expect(summary.getRow(2).values).toEqual([undefined, 'Título', 'A <b>negrito</b> 🚗 ação fim  ']);
    expect(summary.getRow(3).getCell(2).value).toBe(3);
    expect(summary.getRow(4).getCell(2).value).toBeNull();
    expect(summary.getColumn(2).width).toBe(60);

    expect(readers.rowCount).toBe(5_001);
    expect(readers.getRow(1).font?.bold).toBe(true);
    expect(readers.getRow(1).values).toEqual([undefined, 'Nome', 'N', 'Par', 'Recebido', 'Lido em']);
    expect(readers.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(readers.getColumn(1).width).toBe(36);
    const last = readers.getRow(5_001);
    expect(last.getCell(1).value).toBe('Pessoa 5000 & <filha>');
    expect(last.getCell(2).value).toBe(5_000);
    expect(last.getCell(3).value).toBe(true);
    expect(last.getCell(4).value).toEqual(new Date(Date.UTC(2026, 10, 28, 12, 30, 5_000 % 60)));
    expect(last.getCell(4).numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(last.getCell(5).value).toBeNull();

    expect(byBrand.getRow(2).getCell(2).value).toBe(0.25);
    expect(byBrand.getRow(2).getCell(2).numFmt).toBe('0.0%');
    expect(plain.getRow(1).font?.bold).toBeFalsy();
    expect(plain.views?.[0]?.state).not.toBe('frozen');
    expect(plain.getRow(2).getCell(1).value).toBe('=1+1');

    // The project's own reader (yauzl + saxes, the import's) reads it too: its first sheet.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xlsx-writer-'));
    const filePath = path.join(dir, 'book.xlsx');
    fs.writeFileSync(filePath, file());
    const rows: unknown[][] = [];
    for await (const row of readXlsxRows(filePath)) rows.push(row.cells);
    fs.rmSync(dir, { recursive: true });
    expect(rows.slice(0, 2)).toEqual([
      ['Campo', 'Valor'],
      ['Título', 'A <b>negrito</b> 🚗 ação fim  '],
    ]);
  });

  it('stops reading rows when the client goes away', async () => {
    const { out } = client({ failAfterBytes: 20_000 });
    const read = { count: 0, closed: false };
    await expect(
      writeXlsx(out, {
        dateFormat: 'dd/mm/yyyy',
        sheets: [{ name: 'Leituras', header: ['Nome'], styledHeader: true, rows: slowRows(1_000_000, read) }],
      }),
    ).rejects.toBeInstanceOf(XlsxClientGone);
    expect(read.closed).toBe(true);
    expect(read.count).toBeLessThan(1_000_000);
  });

  it('escapes markup and drops characters XML cannot hold', () => {
    expect(escapeXml('a & b < c > "d"')).toBe('a &amp; b &lt; c &gt; &quot;d&quot;');
    expect(escapeXml('x\u0000y\u001fz\ufffe\ud800!\t\n')).toBe('xyz!\t\n');
    expect(escapeXml('🚗')).toBe('🚗');
  });
});
