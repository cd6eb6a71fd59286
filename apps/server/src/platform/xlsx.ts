import { neutraliseSpreadsheetCell } from '@portal/domain';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

/** One cell of an exported sheet: text is neutralised, dates are written as ISO 8601 text. */
export type XlsxCell = string | number | boolean | Date | null | undefined;

/** What a list's `.xlsx` export sends: names already translated, rows in the list's order. */
export interface XlsxExport {
  /** The file's name without `.xlsx`, in the reader's language (sent as `filename*`). */
  fileName: string;
  sheetName: string;
  header: string[];
  rows: Iterable<XlsxCell[]> | AsyncIterable<XlsxCell[]>;
}

function cellValue(value: XlsxCell): string | number | boolean {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return neutraliseSpreadsheetCell(value);
  return value;
}

/** The plain-ASCII name for clients that ignore `filename*` ("Leituras – março" → "Leituras - marco"). */
function asciiFileName(name: string): string {
  return (
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9 ._-]+/g, '-')
      .trim() || 'export'
  );
}

/**
 * Starts an `.xlsx` download as the answer of a GET route and returns the raw stream to write the workbook to:
 * the headers every spreadsheet download shares (both file names, no caching, no sniffing). Fastify lets go of
 * the reply (hijacked): the caller writes and ends the stream (an ExcelJS workbook writer does).
 */
export function startXlsxDownload(reply: FastifyReply, fileName: string): FastifyReply['raw'] {
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'content-disposition': `attachment; filename="${asciiFileName(fileName)}.xlsx"; filename*=UTF-8''${encodeURIComponent(
      `${fileName}.xlsx`,
    )}`,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
  });
  return reply.raw;
}

/**
 * Streams one sheet as the answer of a GET route (every list's export, the communications' reads
 * report, the user import's error report): rows are written as they come, so a large export holds no
 * workbook in memory; every text cell a spreadsheet would read as a formula is neutralised (OWASP "CSV
 * Injection"). The caller has authenticated and authorised the request already: this only writes.
 */
export async function sendXlsx(reply: FastifyReply, sheet: XlsxExport): Promise<void> {
  const stream = startXlsxDownload(reply, sheet.fileName);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: false });
  const worksheet = workbook.addWorksheet(sheet.sheetName);
  worksheet.addRow(sheet.header.map(cellValue)).commit();
  for await (const row of sheet.rows) worksheet.addRow(row.map(cellValue)).commit();
  worksheet.commit();
  await workbook.commit();
}
