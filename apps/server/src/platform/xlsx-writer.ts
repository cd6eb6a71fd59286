import { crc32, createDeflateRaw } from 'node:zlib';

// A streaming .xlsx writer for plain tables (decision 0054): each sheet's rows become XML text as they come, with
// inline strings (no shared-string table to hold), deflated into a zip written straight to the answer. Memory stays
// one batch of rows and the deflater's window, however many rows there are; the writer waits whenever the client has
// not taken what was sent.

/** Where the file goes: the answer's stream (only what the writer uses of it). */
export type XlsxOut = {
  write(chunk: Buffer): boolean;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  removeListener(event: 'drain' | 'close', listener: () => void): unknown;
  readonly destroyed: boolean;
};

/** A cell as written: text, a number, a boolean, a date (already on the wall clock wanted), or empty. */
export type XlsxValue = string | number | boolean | Date | null | undefined;

/** One sheet to write: its XML shape and its rows (already neutralised and converted). */
export type XlsxSheetSpec = {
  name: string;
  header: string[];
  /** A bold header frozen in place (the reads report), else a plain first row (the lists' exports). */
  styledHeader: boolean;
  /** Column widths in characters (none: the reader's default). */
  widths?: number[];
  /** Number formats by column (e.g. '0.0%'), for number cells. */
  formats?: (string | undefined)[];
  rows: Iterable<XlsxValue[]> | AsyncIterable<XlsxValue[]>;
};

/** Thrown to stop writing when the client went away: the rows' source (a cursor) is closed by the loop's exit. */
export class XlsxClientGone extends Error {
  constructor() {
    super('xlsx: the client went away');
  }
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
/** Sheet XML is handed to the deflater in pieces of about this many characters. */
const CHUNK_CHARS = 64 * 1024;

/**
 * Writes a workbook of these sheets to `out` as an .xlsx (an Office Open XML zip): styles for a bold header, the
 * date format of `dateFormat` and the sheets' number formats. Dates are written as Excel serial numbers of their UTC
 * fields (the caller moves them to the wall clock it wants). Resolves when the whole file has been handed to `out`;
 * throws XlsxClientGone when `out` closed first.
 */
export async function writeXlsx(out: XlsxOut, book: { dateFormat: string; sheets: XlsxSheetSpec[] }): Promise<void> {
  const zip = new ZipWriter(out);
  const styles = new Styles(book.dateFormat);
  // The styles' formats are known before the sheets: every column format is registered first.
  const sheetStyles = book.sheets.map((sheet) => (sheet.formats ?? []).map((f) => (f ? styles.numberFormat(f) : 0)));
  const n = book.sheets.length;
  await zip.entry('[Content_Types].xml', [contentTypes(n)]);
  await zip.entry('_rels/.rels', [
    `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ]);
  await zip.entry('xl/workbook.xml', [workbookXml(book.sheets.map((s) => s.name))]);
  await zip.entry('xl/_rels/workbook.xml.rels', [workbookRels(n)]);
  await zip.entry('xl/styles.xml', [styles.xml()]);
  for (const [i, sheet] of book.sheets.entries())
    await zip.entry(`xl/worksheets/sheet${i + 1}.xml`, sheetXml(sheet, sheetStyles[i]));
  await zip.finish();
}

/** The XML of one sheet, piece by piece, rows read as they come. */
async function* sheetXml(sheet: XlsxSheetSpec, columnStyles: number[]): AsyncGenerator<string> {
  let xml = `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">`;
  if (sheet.styledHeader)
    xml +=
      '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
      '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>';
  xml += '<sheetFormatPr defaultRowHeight="15"/>';
  if (sheet.widths?.length)
    xml += `<cols>${sheet.widths
      .map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`)
      .join('')}</cols>`;
  xml += '<sheetData>';
  xml += rowXml(1, sheet.header, sheet.styledHeader ? Styles.BOLD : 0, []);
  let r = 1;
  for await (const values of sheet.rows) {
    xml += rowXml(++r, values, 0, columnStyles);
    if (xml.length >= CHUNK_CHARS) {
      yield xml;
      xml = '';
    }
  }
  yield `${xml}</sheetData></worksheet>`;
}

/**
 * One row's XML: its cells with references; text as inline strings (in `textStyle`), numbers in their column's
 * style, dates as serial numbers in the date style; null, undefined and '' leave the cell out (read back empty).
 */
function rowXml(r: number, values: readonly XlsxValue[], textStyle: number, columnStyles: number[]): string {
  // A styled row carries its style too (a row style: what a reader applies to the row's empty cells).
  let xml = textStyle ? `<row r="${r}" s="${textStyle}" customFormat="1">` : `<row r="${r}">`;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null || value === undefined || value === '') continue;
    const ref = `${columnName(i)}${r}`;
    if (typeof value === 'string') {
      const s = textStyle ? ` s="${textStyle}"` : '';
      xml += `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(value)}</t></is></c>`;
    } else if (typeof value === 'boolean') {
      xml += `<c r="${ref}" t="b"><v>${value ? 1 : 0}</v></c>`;
    } else if (value instanceof Date) {
      const serial = value.getTime() / 86_400_000 + 25_569;
      if (Number.isFinite(serial)) xml += `<c r="${ref}" s="${Styles.DATE}"><v>${serial}</v></c>`;
    } else if (Number.isFinite(value)) {
      const s = columnStyles[i] ? ` s="${columnStyles[i]}"` : '';
      xml += `<c r="${ref}"${s}><v>${value}</v></c>`;
    }
  }
  return `${xml}</row>`;
}

/** A, B, …, Z, AA, … for a 0-based column. */
function columnName(i: number): string {
  let name = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Characters XML 1.0 does not allow (controls but tab, line feed and carriage return; U+FFFE, U+FFFF; lone surrogates). */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the control characters XML refuses.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text as XML character data or an attribute value: markup escaped, characters XML cannot hold dropped. */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** The workbook's cell styles: 0 plain, 1 bold (headers), 2 the date format, then one per number format asked for. */
class Styles {
  static readonly BOLD = 1;
  static readonly DATE = 2;
  private readonly formats: string[];

  constructor(dateFormat: string) {
    this.formats = [dateFormat];
  }

  /** The style index of number cells in this format. */
  numberFormat(format: string): number {
    let i = this.formats.indexOf(format, 1);
    if (i < 0) i = this.formats.push(format) - 1;
    return Styles.DATE + i;
  }

  xml(): string {
    const numFmts = this.formats.map((f, i) => `<numFmt numFmtId="${164 + i}" formatCode="${escapeXml(f)}"/>`);
    const xfs = [
      '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>',
      '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>',
      ...this.formats.map(
        (_, i) => `<xf numFmtId="${164 + i}" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>`,
      ),
    ];
    return (
      `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
      `<numFmts count="${numFmts.length}">${numFmts.join('')}</numFmts>` +
      '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
      '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      `<cellXfs count="${xfs.length}">${xfs.join('')}</cellXfs>` +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
      '</styleSheet>'
    );
  }
}

function contentTypes(sheets: number): string {
  const sheet = (i: number) =>
    `<Override PartName="/xl/worksheets/sheet${i}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`;
  return (
    `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    `${Array.from({ length: sheets }, (_, i) => sheet(i + 1)).join('')}</Types>`
  );
}

function workbookXml(names: string[]): string {
  const sheets = names.map((name, i) => `<sheet name="${escapeXml(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`);
  return (
    `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    `<bookViews><workbookView/></bookViews><sheets>${sheets.join('')}</sheets></workbook>`
  );
}

function workbookRels(sheets: number): string {
  const rel = (id: number, type: string, target: string) =>
    `<Relationship Id="rId${id}" Type="${REL_NS}/${type}" Target="${target}"/>`;
  return (
    `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
    Array.from({ length: sheets }, (_, i) => rel(i + 1, 'worksheet', `worksheets/sheet${i + 1}.xml`)).join('') +
    `${rel(sheets + 1, 'styles', 'styles.xml')}</Relationships>`
  );
}

type ZipEntry = { name: Buffer; crc: number; compressed: number; size: number; offset: number };

/**
 * A zip written front to back (PKZIP 2.0, deflate, sizes in a data descriptor after each entry, UTF-8 names): what
 * a stream can carry without going back. At most 4 GB and 65,535 entries (no ZIP64): far above any export here.
 */
class ZipWriter {
  private offset = 0;
  private readonly entries: ZipEntry[] = [];
  private readonly time: number;
  private readonly date: number;

  constructor(private readonly out: XlsxOut) {
    const now = new Date();
    this.time = (now.getHours() << 11) | (now.getMinutes() << 5) | Math.floor(now.getSeconds() / 2);
    this.date = ((now.getFullYear() - 1980) << 9) | ((now.getMonth() + 1) << 5) | now.getDate();
  }

  /** Writes one entry, its text deflated as it comes. */
  async entry(name: string, texts: Iterable<string> | AsyncIterable<string>): Promise<void> {
    const entry: ZipEntry = { name: Buffer.from(name, 'utf8'), crc: 0, compressed: 0, size: 0, offset: this.offset };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed: 2.0
    header.writeUInt16LE(0x0808, 6); // sizes in the data descriptor; UTF-8 name
    header.writeUInt16LE(8, 8); // deflate
    header.writeUInt16LE(this.time, 10);
    header.writeUInt16LE(this.date, 12);
    header.writeUInt16LE(entry.name.length, 26);
    await this.put(Buffer.concat([header, entry.name]));

    const deflate = createDeflateRaw({ level: 6 });
    // The deflated bytes go out as they come; when the answer fails, the deflater stops and so does this entry.
    let failure: unknown = null;
    const pumped = (async () => {
      for await (const chunk of deflate as AsyncIterable<Buffer>) {
        entry.compressed += chunk.length;
        await this.put(chunk);
      }
    })().catch((err) => {
      failure ??= err;
      deflate.destroy();
    });
    try {
      for await (const text of texts) {
        const bytes = Buffer.from(text, 'utf8');
        entry.crc = crc32(bytes, entry.crc);
        entry.size += bytes.length;
        if (!deflate.write(bytes))
          await Promise.race([new Promise((resolve) => deflate.once('drain', resolve)), pumped]);
        if (failure) throw failure;
      }
      deflate.end();
      await pumped;
      if (failure) throw failure;
    } catch (err) {
      deflate.destroy();
      await pumped;
      throw err;
    }
    if (entry.size > 0xffffffff || this.offset > 0xffffffff) throw new Error('xlsx: over 4 GB');
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    await this.put(descriptor);
    this.entries.push(entry);
  }

  /** The central directory and its end record. */
  async finish(): Promise<void> {
    const start = this.offset;
    const records = this.entries.map((e) => {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4); // made by: 2.0
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(0x0808, 8);
      record.writeUInt16LE(8, 10);
      record.writeUInt16LE(this.time, 12);
      record.writeUInt16LE(this.date, 14);
      record.writeUInt32LE(e.crc >>> 0, 16);
      record.writeUInt32LE(e.compressed, 20);
      record.writeUInt32LE(e.size, 24);
      record.writeUInt16LE(e.name.length, 28);
      record.writeUInt32LE(e.offset, 42);
      return Buffer.concat([record, e.name]);
    });
    const directory = Buffer.concat(records);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(start, 16);
    await this.put(Buffer.concat([directory, end]));
  }

  /** Hands bytes to the answer, waiting while the client has not taken what was sent. */
  private async put(bytes: Buffer): Promise<void> {
    if (this.out.destroyed) throw new XlsxClientGone();
    this.offset += bytes.length;
    if (this.out.write(bytes)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.out.removeListener('drain', done);
        this.out.removeListener('close', done);
        resolve();
      };
      this.out.once('drain', done);
      this.out.once('close', done);
    });
    if (this.out.destroyed) throw new XlsxClientGone();
  }
}
