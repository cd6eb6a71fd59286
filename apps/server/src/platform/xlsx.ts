import { neutraliseSpreadsheetCell } from '@portal/domain';
import type { FastifyReply } from 'fastify';

/** ExcelJS, loaded with the first workbook rather than at start (about 1 s and 30 MB of it; decision 0045). */
export async function loadExcelJS() {
  return (await import('exceljs')).default;
}

/** One cell of an exported sheet: text is neutralised, dates are written as ISO 8601 text. */
export type XlsxCell = string | number | boolean | Date | null | undefined;

/** One sheet of a workbook: names already translated, rows in order (streamed: an async iterable is read as written). */
export interface XlsxSheet {
  /** At most 31 characters, none of `[]:*?/\` (Excel's rule). */
  name: string;
  header: string[];
  /** Column widths in characters; a column without one gets DEFAULT_WIDTH. */
  widths?: number[];
  /** Number formats by column (e.g. '0.0%'); date cells get the workbook's date format. */
  formats?: (string | undefined)[];
  rows: Iterable<XlsxCell[]> | AsyncIterable<XlsxCell[]>;
}

/** A workbook ready for Excel (sendWorkbook): several sheets, real date cells, set widths, a bold frozen header. */
export interface XlsxWorkbook {
  /** The file's name without `.xlsx`, in the reader's language (sent as `filename*`). */
  fileName: string;
  /** Date cells show this zone's wall-clock time: a spreadsheet's dates have no zone. */
  timeZone: string;
  /** Number format of date cells, four-digit years (e.g. 'dd/mm/yyyy hh:mm'). */
  dateFormat: string;
  sheets: XlsxSheet[];
}

const DEFAULT_WIDTH = 16;

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
 * A name Excel accepts for a sheet, unique in `taken` (lower-cased names): the characters it refuses become spaces,
 * at most 31 characters (a customer's label can make a translated name longer), a number added to a repeated one.
 */
export function sheetName(wanted: string, taken: ReadonlySet<string>): string {
  const base =
    wanted
      .replace(/[[\]:*?/\\]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 31)
      .trim() || 'Sheet';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
  return name;
}

/** One formatter per zone: building one per date cell was most of a 100,000-row export's time. */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** `date` moved so that its UTC fields read as the wall clock of `timeZone` (what a date cell then shows). */
export function wallClock(date: Date, timeZone: string): Date {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, Number(p.value)]));
  return new Date(
    Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second, date.getUTCMilliseconds()),
  );
}

/**
 * Streams a workbook as the answer of a GET route (the communication's reads report): each sheet with a bold header
 * frozen in place, its column widths and formats, dates as date cells in the workbook's zone and format, text
 * neutralised as in sendXlsx; rows are written as they come, so a large sheet holds no workbook in memory. The
 * caller has authenticated and authorised the request already.
 */
export async function sendWorkbook(reply: FastifyReply, book: XlsxWorkbook): Promise<void> {
  const stream = startXlsxDownload(reply, book.fileName);
  const workbook = new (await loadExcelJS()).stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const names = new Set<string>();
  for (const sheet of book.sheets) {
    const name = sheetName(sheet.name, names);
    names.add(name.toLowerCase());
    const worksheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    worksheet.columns = sheet.header.map((_, i) => ({
      width: sheet.widths?.[i] ?? DEFAULT_WIDTH,
      ...(sheet.formats?.[i] ? { style: { numFmt: sheet.formats[i] } } : {}),
    }));
    const header = worksheet.addRow(sheet.header.map(cellValue));
    header.font = { bold: true };
    header.commit();
    for await (const values of sheet.rows) {
      const row = worksheet.addRow(values.map((v) => (v instanceof Date ? wallClock(v, book.timeZone) : cellValue(v))));
      values.forEach((v, i) => {
        if (v instanceof Date) row.getCell(i + 1).numFmt = book.dateFormat;
      });
      row.commit();
      await paced(stream);
    }
    worksheet.commit();
  }
  await workbook.commit();
}

/**
 * Waits while the client has not taken what was sent (the answer's buffer is full), and lets the zip's compression
 * run every few hundred rows: ExcelJS writes each committed row into the zip without waiting, so rows read faster
 * than the client downloads them would otherwise pile up in memory (a 100,000-row report grew the server by 68 MB).
 */
async function paced(stream: FastifyReply['raw']): Promise<void> {
  if (stream.writableNeedDrain)
    await new Promise<void>((resolve) => stream.once('drain', resolve).once('close', resolve));
  else if (++pacedRows % PACE_EVERY_ROWS === 0) await new Promise<void>((resolve) => setImmediate(resolve));
}
let pacedRows = 0;
const PACE_EVERY_ROWS = 200;

/**
 * Streams one sheet as the answer of a GET route (every list's export, the communications' reads
 * report, the user import's error report): rows are written as they come, so a large export holds no
 * workbook in memory; every text cell a spreadsheet would read as a formula is neutralised (OWASP "CSV
 * Injection"). The caller has authenticated and authorised the request already: this only writes.
 */
export async function sendXlsx(reply: FastifyReply, sheet: XlsxExport): Promise<void> {
  const stream = startXlsxDownload(reply, sheet.fileName);
  const workbook = new (await loadExcelJS()).stream.xlsx.WorkbookWriter({ stream, useStyles: false });
  const worksheet = workbook.addWorksheet(sheet.sheetName);
  worksheet.addRow(sheet.header.map(cellValue)).commit();
  for await (const row of sheet.rows) {
    worksheet.addRow(row.map(cellValue)).commit();
    await paced(stream);
  }
  worksheet.commit();
  await workbook.commit();
}
