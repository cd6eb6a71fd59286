import { createReadStream } from 'node:fs';
import { open as openFile } from 'node:fs/promises';
import { posix } from 'node:path';
import type { Readable } from 'node:stream';
import { SaxesParser } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/**
 * The streaming reader of an uploaded .xlsx (decision 0025): the rows of the first worksheet, read
 * without trusting the file. Every size is checked before anything is inflated (declared size, ratio)
 * and while inflating (actual bytes); XML with a DOCTYPE is refused (no entity is ever expanded); the
 * sheet is parsed as it is inflated and handed out row by row, so memory does not grow with the file.
 */

export type XlsxCellValue = string | number | boolean | Date | null;
export type XlsxCellProblem = { column: number; code: 'FORMULA_WITHOUT_VALUE' | 'ERROR_VALUE' };
export type XlsxRow = {
  /** 1-based row number in the sheet (what a person sees in Excel). */
  number: number;
  /** 0-based by column (A = 0); missing cells are null; trailing nulls trimmed. */
  cells: XlsxCellValue[];
  problems: XlsxCellProblem[];
};
export type XlsxReadLimits = {
  /** Rows counting the header (empty rows are not counted): over -> TOO_MANY_ROWS. */
  maxRows: number;
  /** A cell in a column beyond this -> TOO_MANY_COLUMNS. */
  maxColumns: number;
  /** Characters of one cell (Excel's own limit): over -> CELL_TOO_LONG. */
  maxCellChars: number;
  /** Uncompressed bytes of one zip entry read, declared and actual: over -> TOO_LARGE. */
  maxEntryBytes: number;
  /** Uncompressed / compressed size of one entry read (entries over 1 MiB): over -> TOO_LARGE. */
  maxRatio: number;
  /** Uncompressed bytes of xl/sharedStrings.xml: over -> TOO_LARGE. */
  maxSharedStringsBytes: number;
  /** Strings in xl/sharedStrings.xml: over -> TOO_LARGE. */
  maxSharedStrings: number;
};
export type XlsxFileErrorCode =
  | 'NOT_XLSX'
  | 'ENCRYPTED'
  | 'CORRUPT'
  | 'TOO_LARGE'
  | 'TOO_MANY_ROWS'
  | 'TOO_MANY_COLUMNS'
  | 'CELL_TOO_LONG'
  | 'UNSAFE_XML'
  | 'NO_SHEET';

/** Why a file cannot be read; `code` becomes the i18n key `userImport.file.<code>` for the uploader. */
export class XlsxFileError extends Error {
  readonly code: XlsxFileErrorCode;
  constructor(code: XlsxFileErrorCode, detail?: string, options?: { cause?: unknown }) {
    super(detail ? `${code}: ${detail}` : code, options);
    this.name = 'XlsxFileError';
    this.code = code;
  }
}

const MB = 1024 * 1024;
export const DEFAULT_XLSX_LIMITS: XlsxReadLimits = {
  maxRows: 100_000,
  maxColumns: 200,
  maxCellChars: 32_767,
  maxEntryBytes: 200 * MB,
  maxRatio: 200,
  maxSharedStringsBytes: 50 * MB,
  maxSharedStrings: 1_000_000,
};

/** More entries than any workbook has: the central directory of a hostile file is not walked further. */
const MAX_ZIP_ENTRIES = 10_000;
/** Below this an entry's ratio is not checked: a small, very repetitive part inflates to nothing worth fearing. */
const RATIO_FLOOR_BYTES = MB;
/** Workbook, relationships and styles: small parts, read whole. */
const MAX_PART_BYTES = 20 * MB;

const ZIP_MAGICS = [Buffer.from('PK\x03\x04', 'latin1'), Buffer.from('PK\x05\x06', 'latin1')];
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ENCRYPTION_INFO = Buffer.from('EncryptionInfo', 'utf16le');

/** Built-in number formats that show a date or a time (ECMA-376 18.8.30, with the East Asian ones). */
const BUILT_IN_DATE_FORMATS = new Set<number>();
for (const [from, to] of [
  [14, 22],
  [27, 36],
  [45, 47],
  [50, 58],
]) {
  for (let id = from; id <= to; id++) BUILT_IN_DATE_FORMATS.add(id);
}

/**
 * Streams the rows of the workbook's first worksheet (workbook order), the header row included.
 * Rows without any value are skipped; a file the reader refuses throws an `XlsxFileError`, possibly
 * after some rows were yielded (a cap reached in the middle of the sheet).
 */
export async function* readXlsxRows(filePath: string, limits?: Partial<XlsxReadLimits>): AsyncGenerator<XlsxRow> {
  const caps: XlsxReadLimits = { ...DEFAULT_XLSX_LIMITS, ...limits };
  let zip: ZipFile | undefined;
  try {
    zip = await openWorkbookZip(filePath);
    const entries = await listEntries(zip);
    const book = await locateFirstSheet(zip, entries, caps);
    const strings = book.sharedStrings ? await readSharedStrings(zip, book.sharedStrings, caps) : [];
    const dateStyles = book.styles ? await readDateStyles(zip, book.styles, caps) : [];
    yield* readSheet(zip, book.sheet, caps, { strings, dateStyles, date1904: book.date1904 });
  } catch (err) {
    throw asFileError(err);
  } finally {
    zip?.close();
  }
}

function asFileError(err: unknown): XlsxFileError {
  if (err instanceof XlsxFileError) return err;
  return new XlsxFileError('CORRUPT', err instanceof Error ? err.message : String(err), { cause: err });
}

// ---------------------------------------------------------------------------------------------
// The container: zip or not, encrypted or not

async function openWorkbookZip(filePath: string): Promise<ZipFile> {
  const head = Buffer.alloc(8);
  const file = await openFile(filePath, 'r');
  let read: number;
  try {
    ({ bytesRead: read } = await file.read(head, 0, head.length, 0));
  } finally {
    await file.close();
  }
  const start = head.subarray(0, read);
  if (start.equals(CFB_MAGIC)) {
    // An encrypted Office file is an OLE compound file holding an "EncryptionInfo" stream.
    throw new XlsxFileError((await fileContains(filePath, ENCRYPTION_INFO)) ? 'ENCRYPTED' : 'NOT_XLSX');
  }
  if (!ZIP_MAGICS.some((magic) => start.subarray(0, 4).equals(magic))) throw new XlsxFileError('NOT_XLSX');
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(filePath, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (err, opened) =>
      err || !opened ? reject(new XlsxFileError('CORRUPT', err?.message, { cause: err })) : resolve(opened),
    ),
  );
  if (zip.entryCount > MAX_ZIP_ENTRIES) {
    zip.close();
    throw new XlsxFileError('TOO_LARGE', `${zip.entryCount} zip entries`);
  }
  return zip;
}

/** Whether the file holds `needle` anywhere, read in chunks (a compound file's directory can be anywhere). */
async function fileContains(filePath: string, needle: Buffer): Promise<boolean> {
  let tail = Buffer.alloc(0);
  for await (const chunk of createReadStream(filePath) as AsyncIterable<Buffer>) {
    const window = Buffer.concat([tail, chunk]);
    if (window.includes(needle)) return true;
    tail = window.subarray(Math.max(0, window.length - needle.length + 1));
  }
  return false;
}

/** The zip's entries by lower-cased name (some producers vary the case of the parts' names). */
function listEntries(zip: ZipFile): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, Entry>();
    zip.on('entry', (entry: Entry) => {
      if (!entry.fileName.endsWith('/')) entries.set(entry.fileName.toLowerCase(), entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (err: Error) => reject(new XlsxFileError('CORRUPT', err.message, { cause: err })));
    zip.readEntry();
  });
}

/** The text of one entry, decoded as it is inflated, within the caps (checked before and during). */
async function* entryText(zip: ZipFile, entry: Entry, caps: XlsxReadLimits, maxBytes: number): AsyncGenerator<string> {
  const name = entry.fileName;
  if (entry.isEncrypted()) throw new XlsxFileError('ENCRYPTED', name);
  if (entry.uncompressedSize > maxBytes)
    throw new XlsxFileError('TOO_LARGE', `${name} declares ${entry.uncompressedSize} bytes`);
  if (
    entry.uncompressedSize > RATIO_FLOOR_BYTES &&
    entry.uncompressedSize > caps.maxRatio * Math.max(entry.compressedSize, 1)
  ) {
    throw new XlsxFileError('TOO_LARGE', `${name} inflates ${entry.uncompressedSize} / ${entry.compressedSize}`);
  }
  const stream = await new Promise<Readable>((resolve, reject) =>
    zip.openReadStream(entry, (err, opened) =>
      err || !opened ? reject(new XlsxFileError('CORRUPT', err?.message, { cause: err })) : resolve(opened),
    ),
  );
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let bytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      // validateEntrySizes already stops at the declared size; this keeps the cap even if it did not.
      if (bytes > maxBytes) throw new XlsxFileError('TOO_LARGE', `${name} inflates past ${maxBytes} bytes`);
      const text = decoder.decode(chunk, { stream: true });
      if (text) yield text;
    }
    const rest = decoder.decode();
    if (rest) yield rest;
  } finally {
    stream.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// XML

type XmlHandlers = {
  open(name: string, attributes: Record<string, string>): void;
  close(name: string): void;
  text(text: string): void;
};

/** saxes keeps the text of the node being read in these (private) fields until the node ends. */
type SaxesBuffers = { text?: string; name?: string; entity?: string; piTarget?: string };

/** Errors of well-formedness that leave the text as written (a control character, `&#1;`): the row mapping judges them. */
const TOLERATED_XML_ERRORS = ['disallowed character.', 'malformed character entity.'];

/**
 * A SAX parser that refuses any DOCTYPE (so no entity is ever declared, let alone expanded), reports
 * local names (`x:c` -> `c`) and fails when one node's text grows past `maxNodeChars` (checked after
 * each chunk, so a single huge text, CDATA or attribute cannot fill the memory).
 */
function createXmlParser(handlers: XmlHandlers, maxNodeChars: number) {
  const parser = new SaxesParser({ position: false });
  parser.on('doctype', () => {
    throw new XlsxFileError('UNSAFE_XML', 'DOCTYPE');
  });
  parser.on('error', (err) => {
    if (TOLERATED_XML_ERRORS.some((message) => err.message.endsWith(message))) return;
    if (/doctype|entity/i.test(err.message)) throw new XlsxFileError('UNSAFE_XML', err.message);
    throw new XlsxFileError('CORRUPT', err.message);
  });
  parser.on('opentag', (tag) => handlers.open(localName(tag.name), tag.attributes as Record<string, string>));
  parser.on('closetag', (tag) => handlers.close(localName(tag.name)));
  parser.on('text', (text) => handlers.text(text));
  parser.on('cdata', (text) => handlers.text(text));
  const buffers = parser as unknown as SaxesBuffers;
  return {
    write(text: string): void {
      parser.write(text);
      const buffered =
        (buffers.text?.length ?? 0) +
        (buffers.name?.length ?? 0) +
        (buffers.entity?.length ?? 0) +
        (buffers.piTarget?.length ?? 0);
      if (buffered > maxNodeChars)
        throw new XlsxFileError('CELL_TOO_LONG', `an XML node of over ${maxNodeChars} characters`);
    },
    end(): void {
      parser.close();
    },
  };
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

/** The raw text of a node may hold escapes (`&amp;`, `_x0001_`): allow that much more than a cell's decoded length. */
function maxNodeChars(caps: XlsxReadLimits): number {
  return Math.max(caps.maxCellChars * 8, 64 * 1024);
}

/** Parses a small part whole (workbook, relationships, styles, shared strings). */
async function parsePart(zip: ZipFile, entry: Entry, caps: XlsxReadLimits, maxBytes: number, handlers: XmlHandlers) {
  const parser = createXmlParser(handlers, maxNodeChars(caps));
  for await (const text of entryText(zip, entry, caps, maxBytes)) parser.write(text);
  parser.end();
}

/** OOXML writes characters XML cannot hold as `_xHHHH_` (`_x005F_` escapes the underscore itself). */
function decodeOoxmlEscapes(text: string): string {
  if (!text.includes('_x')) return text;
  return text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

// ---------------------------------------------------------------------------------------------
// The workbook: which part is the first worksheet, and the parts it needs

type WorkbookParts = { sheet: Entry; sharedStrings?: Entry; styles?: Entry; date1904: boolean };

async function locateFirstSheet(
  zip: ZipFile,
  entries: Map<string, Entry>,
  caps: XlsxReadLimits,
): Promise<WorkbookParts> {
  const workbook = entries.get('xl/workbook.xml');
  const fallback = entries.get('xl/worksheets/sheet1.xml');
  if (!workbook && !fallback) throw new XlsxFileError('NOT_XLSX', 'no xl/workbook.xml');

  const sheets: string[] = [];
  let date1904 = false;
  if (workbook) {
    await parsePart(zip, workbook, caps, MAX_PART_BYTES, {
      open(name, attributes) {
        if (name === 'workbookPr') date1904 = ['1', 'true'].includes(attributes.date1904 ?? '');
        if (name === 'sheet') {
          const relationship = Object.entries(attributes).find(([key]) => key.endsWith(':id'));
          if (relationship) sheets.push(relationship[1]);
        }
      },
      close() {},
      text() {},
    });
  }

  const relationships = new Map<string, { target: string; type: string }>();
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (rels) {
    await parsePart(zip, rels, caps, MAX_PART_BYTES, {
      open(name, attributes) {
        if (name !== 'Relationship' || !attributes.Id || !attributes.Target || attributes.TargetMode === 'External')
          return;
        const target = resolveTarget(attributes.Target);
        if (target) relationships.set(attributes.Id, { target, type: attributes.Type ?? '' });
      },
      close() {},
      text() {},
    });
  }
  const partOfType = (type: string) =>
    [...relationships.values()].find((relationship) => relationship.type.endsWith(`/${type}`))?.target;

  const firstSheet = sheets
    .map((id) => relationships.get(id))
    .find((relationship) => relationship?.type.endsWith('/worksheet'))?.target;
  const sheet = firstSheet ? entries.get(firstSheet) : fallback;
  if (!sheet) throw new XlsxFileError('NO_SHEET');
  return {
    sheet,
    sharedStrings: entries.get(partOfType('sharedStrings') ?? 'xl/sharedstrings.xml'),
    styles: entries.get(partOfType('styles') ?? 'xl/styles.xml'),
    date1904,
  };
}

/** A relationship's target as an entry name (lower-cased like the map's keys), relative to xl/ unless absolute. */
function resolveTarget(target: string): string | undefined {
  const path = target.startsWith('/') ? target.slice(1) : posix.normalize(`xl/${target}`);
  return path.startsWith('../') ? undefined : path.toLowerCase();
}

/** The shared strings table, rich text runs concatenated, phonetic runs left out. */
async function readSharedStrings(zip: ZipFile, entry: Entry, caps: XlsxReadLimits): Promise<string[]> {
  const strings: string[] = [];
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  await parsePart(zip, entry, caps, Math.min(caps.maxSharedStringsBytes, caps.maxEntryBytes), {
    open(name) {
      if (name === 'si') {
        if (strings.length >= caps.maxSharedStrings) {
          throw new XlsxFileError('TOO_LARGE', `over ${caps.maxSharedStrings} shared strings`);
        }
        current = '';
      } else if (name === 'rPh') phonetic++;
      else if (name === 't' && current !== null && phonetic === 0) inText = true;
    },
    close(name) {
      if (name === 'si' && current !== null) {
        const text = decodeOoxmlEscapes(current);
        if (text.length > caps.maxCellChars)
          throw new XlsxFileError('CELL_TOO_LONG', `shared string ${strings.length}`);
        strings.push(text);
        current = null;
      } else if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    },
    text(text) {
      if (!inText || current === null) return;
      current += text;
      if (current.length > maxNodeChars(caps))
        throw new XlsxFileError('CELL_TOO_LONG', `shared string ${strings.length}`);
    },
  });
  return strings;
}

/** For each cell style index (`s`), whether its number format shows a date. */
async function readDateStyles(zip: ZipFile, entry: Entry, caps: XlsxReadLimits): Promise<boolean[]> {
  const customDates = new Map<number, boolean>();
  const dateStyles: boolean[] = [];
  let inCellXfs = false;
  await parsePart(zip, entry, caps, MAX_PART_BYTES, {
    open(name, attributes) {
      if (name === 'numFmt')
        customDates.set(Number(attributes.numFmtId), isDateFormatCode(attributes.formatCode ?? ''));
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attributes.numFmtId ?? 0);
        dateStyles.push(customDates.get(id) ?? BUILT_IN_DATE_FORMATS.has(id));
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
    text() {},
  });
  return dateStyles;
}

/** A custom format shows a date when it has d, m, y or h outside quoted text, escapes and [brackets]. */
export function isDateFormatCode(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/[_*]./g, '')
    .replace(/\[[^\]]*\]/g, '');
  return /[dmyh]/i.test(bare);
}

const DAY_MS = 86_400_000;
const EPOCH_1900 = Date.UTC(1899, 11, 31);
const EPOCH_1900_AFTER_BUG = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/**
 * An Excel serial date as a UTC `Date`. In the 1900 system Excel counts a 29 February 1900 that never
 * was (Lotus's bug): serials from 61 on are one day ahead of the calendar.
 */
export function excelSerialToDate(serial: number, date1904 = false): Date {
  const epoch = date1904 ? EPOCH_1904 : serial < 61 ? EPOCH_1900 : EPOCH_1900_AFTER_BUG;
  return new Date(epoch + Math.round(serial * DAY_MS));
}

// ---------------------------------------------------------------------------------------------
// The sheet, streamed

type SheetContext = { strings: string[]; dateStyles: boolean[]; date1904: boolean };

type CellState = {
  column: number;
  type: string;
  style: number;
  formula: boolean;
  /** The `<v>` text; null when the cell has no `<v>`. */
  value: string | null;
  /** The `<is>` text of an inline string; null when the cell has none. */
  inline: string | null;
};

async function* readSheet(
  zip: ZipFile,
  entry: Entry,
  caps: XlsxReadLimits,
  context: SheetContext,
): AsyncGenerator<XlsxRow> {
  let ready: XlsxRow[] = [];
  let rowsSeen = 0;
  let inSheetData = false;
  let row: XlsxRow | null = null;
  let lastRowNumber = 0;
  let cell: CellState | null = null;
  let lastColumn = -1;
  let capture: 'value' | 'inline' | null = null;
  let phonetic = 0;

  const parser = createXmlParser(
    {
      open(name, attributes) {
        if (name === 'sheetData') inSheetData = true;
        if (!inSheetData) return;
        if (name === 'row') {
          const declared = Number.parseInt(attributes.r ?? '', 10);
          lastRowNumber = declared > 0 ? declared : lastRowNumber + 1;
          row = { number: lastRowNumber, cells: [], problems: [] };
          lastColumn = -1;
        } else if (name === 'c' && row) {
          const column = Math.min(attributes.r ? columnOf(attributes.r, caps) : lastColumn + 1, caps.maxColumns);
          lastColumn = column;
          const style = Number.parseInt(attributes.s ?? '0', 10);
          cell = { column, type: attributes.t ?? 'n', style, formula: false, value: null, inline: null };
        } else if (cell) {
          if (name === 'v') {
            cell.value = '';
            capture = 'value';
          } else if (name === 'f') cell.formula = true;
          else if (name === 'is') cell.inline = '';
          else if (name === 'rPh') phonetic++;
          else if (name === 't' && cell.inline !== null && phonetic === 0) capture = 'inline';
        }
      },
      close(name) {
        if (name === 'sheetData') inSheetData = false;
        else if (name === 'v' || name === 't') capture = null;
        else if (name === 'rPh') phonetic--;
        else if (name === 'c' && row && cell) {
          setCell(row, cell, context, caps);
          cell = null;
        } else if (name === 'row' && row) {
          while (row.cells.length > 0 && row.cells[row.cells.length - 1] === null) row.cells.pop();
          const empty = row.problems.length === 0 && row.cells.every((value) => value === null || value === '');
          if (!empty) {
            rowsSeen++;
            if (rowsSeen > caps.maxRows) throw new XlsxFileError('TOO_MANY_ROWS', `over ${caps.maxRows} rows`);
            ready.push(row);
          }
          row = null;
        }
      },
      text(text) {
        if (!cell || !capture) return;
        if (capture === 'value') cell.value += text;
        else cell.inline += text;
        if ((cell.value?.length ?? 0) + (cell.inline?.length ?? 0) > maxNodeChars(caps)) {
          throw new XlsxFileError('CELL_TOO_LONG', `row ${lastRowNumber}`);
        }
      },
    },
    maxNodeChars(caps),
  );

  // The rows of each inflated chunk are handed out before the next chunk is read: the stream waits
  // while the caller works, and memory holds one chunk's rows at most.
  for await (const text of entryText(zip, entry, caps, caps.maxEntryBytes)) {
    parser.write(text);
    if (ready.length > 0) {
      const rows = ready;
      ready = [];
      yield* rows;
    }
  }
  parser.end();
  yield* ready;
}

/** The 0-based column of a cell reference ("C7" -> 2); any column past the cap is `maxColumns`, however long the letters. */
function columnOf(reference: string, caps: XlsxReadLimits): number {
  let column = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0) & ~0x20; // upper case
    if (code < 65 || code > 90) break;
    column = column * 26 + (code - 64);
    if (column > caps.maxColumns) return caps.maxColumns;
  }
  if (column === 0) throw new XlsxFileError('CORRUPT', `cell reference ${reference}`);
  return column - 1;
}

/** Puts a cell's value in its row. Past the column cap, only an empty cell (a formatted one) is let through, and dropped. */
function setCell(row: XlsxRow, cell: CellState, context: SheetContext, caps: XlsxReadLimits): void {
  const problems = row.problems.length;
  const value = cellValue(row, cell, context);
  if (cell.column >= caps.maxColumns) {
    if ((value === null || value === '') && row.problems.length === problems) return;
    throw new XlsxFileError('TOO_MANY_COLUMNS', `row ${row.number}`);
  }
  if (typeof value === 'string' && value.length > caps.maxCellChars) {
    throw new XlsxFileError('CELL_TOO_LONG', `row ${row.number}`);
  }
  while (row.cells.length < cell.column) row.cells.push(null);
  row.cells[cell.column] = value;
}

function cellValue(row: XlsxRow, cell: CellState, context: SheetContext): XlsxCellValue {
  const { column, type, value } = cell;
  if (type === 'e') {
    row.problems.push({ column, code: 'ERROR_VALUE' });
    return null;
  }
  if (type === 'inlineStr') return cell.inline === null ? null : decodeOoxmlEscapes(cell.inline);
  if (value === null) {
    if (cell.formula) row.problems.push({ column, code: 'FORMULA_WITHOUT_VALUE' });
    return null;
  }
  switch (type) {
    case 's': {
      const index = Number(value);
      if (!Number.isInteger(index) || index < 0 || index >= context.strings.length) {
        throw new XlsxFileError('CORRUPT', `row ${row.number}: no shared string ${value}`);
      }
      return context.strings[index];
    }
    case 'str':
      return decodeOoxmlEscapes(value);
    case 'b':
      if (value === '1' || value === 'true') return true;
      if (value === '0' || value === 'false') return false;
      throw new XlsxFileError('CORRUPT', `row ${row.number}: boolean ${value}`);
    case 'd': {
      // ISO 8601; without a zone it is the sheet's wall time, taken as UTC like the serial dates.
      const iso = /T.*(Z|[+-]\d\d:?\d\d)$/.test(value) || !value.includes('T') ? value : `${value}Z`;
      const date = new Date(iso);
      if (Number.isNaN(date.getTime())) throw new XlsxFileError('CORRUPT', `row ${row.number}: date ${value}`);
      return date;
    }
    default: {
      if (value.trim() === '') return null;
      const number = Number(value);
      if (!Number.isFinite(number)) throw new XlsxFileError('CORRUPT', `row ${row.number}: number ${value}`);
      const isDate = context.dateStyles[cell.style] === true;
      if (isDate && (number >= 0 || context.date1904)) return excelSerialToDate(number, context.date1904);
      return number;
    }
  }
}
