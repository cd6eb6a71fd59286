import { neutraliseSpreadsheetCell } from '@portal/domain';
import type { FastifyReply } from 'fastify';
import { writeXlsx, XlsxClientGone, type XlsxSheetSpec, type XlsxValue } from './xlsx-writer.js';

/**
 * ExcelJS, loaded on first use rather than at start (about 1 s and 30 MB of it; decision 0045): the user import's
 * template (lists and their validations). The exports use the project's own writer (`xlsx-writer.ts`).
 */
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
 * the reply (hijacked): the caller writes and ends the stream (`sendWorkbook`, `sendXlsx`, the import template).
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
 * neutralised as in sendXlsx; rows are written as they come by the project's own writer (`xlsx-writer.ts`, decision
 * 0054), so a large sheet holds no workbook, no row objects and no shared-string table in memory, and nothing is read
 * faster than the client downloads. The caller has authenticated and authorised the request already.
 */
export async function sendWorkbook(reply: FastifyReply, book: XlsxWorkbook): Promise<void> {
  const stream = startXlsxDownload(reply, book.fileName);
  const names = new Set<string>();
  const sheets: XlsxSheetSpec[] = book.sheets.map((sheet) => {
    const name = sheetName(sheet.name, names);
    names.add(name.toLowerCase());
    return {
      name,
      header: sheet.header.map(cellText),
      styledHeader: true,
      widths: sheet.header.map((_, i) => sheet.widths?.[i] ?? DEFAULT_WIDTH),
      formats: sheet.formats,
      rows: mapRows(sheet.rows, (v) => (v instanceof Date ? wallClock(v, book.timeZone) : cellValue(v))),
    };
  });
  await written(stream, writeXlsx(stream, { dateFormat: book.dateFormat, sheets }));
}

/**
 * Streams one sheet as the answer of a GET route (every list's export, the user import's error report): rows are
 * written as they come (`xlsx-writer.ts`), so a large export holds no workbook in memory; every text cell a
 * spreadsheet would read as a formula is neutralised (OWASP "CSV Injection"); dates as ISO 8601 text. The caller has
 * authenticated and authorised the request already: this only writes.
 */
export async function sendXlsx(reply: FastifyReply, sheet: XlsxExport): Promise<void> {
  const stream = startXlsxDownload(reply, sheet.fileName);
  const spec: XlsxSheetSpec = {
    name: sheetName(sheet.sheetName, new Set()),
    header: sheet.header.map(cellText),
    styledHeader: false,
    rows: mapRows(sheet.rows, cellValue),
  };
  await written(stream, writeXlsx(stream, { dateFormat: 'yyyy-mm-dd hh:mm', sheets: [spec] }));
}

/** A header's text, neutralised. */
function cellText(value: string): string {
  return neutraliseSpreadsheetCell(value);
}

/** The rows with each cell converted, read one at a time as the writer asks. */
async function* mapRows(
  rows: Iterable<XlsxCell[]> | AsyncIterable<XlsxCell[]>,
  convert: (value: XlsxCell) => XlsxValue,
): AsyncGenerator<XlsxValue[]> {
  for await (const row of rows) yield row.map(convert);
}

/** Ends the answer when the file is written; a client that went away ends it too, quietly (nothing left to send). */
async function written(stream: FastifyReply['raw'], writing: Promise<void>): Promise<void> {
  try {
    await writing;
  } catch (err) {
    if (!(err instanceof XlsxClientGone)) {
      stream.destroy(err as Error);
      throw err;
    }
    return;
  }
  await new Promise<void>((resolve) => stream.end(resolve));
}
