import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendXlsx, sheetName, wallClock } from './xlsx.js';

describe('sendXlsx', () => {
  it('streams one sheet with the header, neutralised text, ISO dates and both file names', async () => {
    const app = Fastify();
    app.get('/x.xlsx', (_request, reply) =>
      sendXlsx(reply, {
        fileName: 'Concessionárias março',
        sheetName: 'Lista',
        header: ['Nome', 'Quando', 'Quantos'],
        rows: (async function* () {
          yield ['=HYPERLINK("http://x")', new Date('2026-11-24T10:00:00Z'), 3];
          yield ['Ótima', null, 0];
        })(),
      }),
    );
    const res = await app.inject({ method: 'GET', url: '/x.xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Concessionarias marco.xlsx"; filename*=UTF-8''Concession%C3%A1rias%20mar%C3%A7o.xlsx`,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as never);
    const sheet = workbook.getWorksheet('Lista');
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Nome', 'Quando', 'Quantos']);
    expect(sheet?.getRow(2).values).toEqual([undefined, '\'=HYPERLINK("http://x")', '2026-11-24T10:00:00.000Z', 3]);
    expect(sheet?.getRow(3).values).toEqual([undefined, 'Ótima', undefined, 0]);
    await app.close();
  });
});

describe('sheetName and wallClock (sendWorkbook)', () => {
  it('makes a name Excel accepts: no [ ] : * ? / \\, at most 31 characters, unique', () => {
    expect(sheetName('Por Concessionária: [Norte/Sul]?', new Set())).toBe('Por Concessionária Norte Sul');
    expect(sheetName('x'.repeat(40), new Set())).toHaveLength(31);
    expect(sheetName('Leituras', new Set(['leituras']))).toBe('Leituras 2');
    expect(sheetName(' ', new Set())).toBe('Sheet');
  });

  it('moves a date to the wall clock of a zone, summer time or not', () => {
    expect(wallClock(new Date('2026-11-24T15:30:00Z'), 'America/Sao_Paulo').toISOString()).toBe(
      '2026-11-24T12:30:00.000Z',
    );
    expect(wallClock(new Date('2026-07-01T00:15:00Z'), 'Europe/Madrid').toISOString()).toBe('2026-07-01T02:15:00.000Z');
  });
});
