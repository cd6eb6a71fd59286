import ExcelJS from 'exceljs';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendXlsx } from './xlsx.js';

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
