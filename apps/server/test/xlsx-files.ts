import { crc32, createDeflateRaw, deflateRawSync } from 'node:zlib';

// Hand-made .xlsx and other files for the reader's unit tests and the import's hostile-file tests: a small zip
// writer whose sizes may lie, minimal workbook parts, a stream of deflated zeros (zip bombs), a CFB (OLE) file.

/** One entry of a hand-made zip. */
export type ZipPart = {
  name: string;
  data?: Buffer | string;
  /** Already deflated content, with its real CRC and size unless `declaredSize` lies. */
  deflated?: { data: Buffer; crc: number; size: number };
  declaredSize?: number;
};

/** A zip of `parts` (deflated; sizes as declared, so they may lie): what yauzl reads, nothing more. */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const name = Buffer.from(part.name, 'utf8');
    const raw = typeof part.data === 'string' ? Buffer.from(part.data, 'utf8') : (part.data ?? Buffer.alloc(0));
    const deflated = part.deflated ?? { data: deflateRawSync(raw), crc: crc32(raw), size: raw.length };
    const size = part.declaredSize ?? deflated.size;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x0800, 6);
    header.writeUInt16LE(8, 8);
    header.writeUInt16LE(0x21, 12);
    header.writeUInt32LE(deflated.crc >>> 0, 14);
    header.writeUInt32LE(deflated.data.length, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(name.length, 26);
    locals.push(header, name, deflated.data);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(deflated.crc >>> 0, 16);
    central.writeUInt32LE(deflated.data.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += header.length + name.length + deflated.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** The SpreadsheetML namespace attribute, and the relationships namespace. */
export const MAIN = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
export const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** A worksheet part with `rows` (`<row>` elements) and what comes `before` its sheetData (a dimension). */
export const sheetXml = (rows: string, before = '') =>
  `<?xml version="1.0" encoding="UTF-8"?><worksheet ${MAIN}>${before}<sheetData>${rows}</sheetData></worksheet>`;

/** A minimal workbook written by hand: one sheet, optional shared strings and styles. */
export function xlsxParts(
  parts: { sheet: string | ZipPart; sharedStrings?: string | ZipPart; styles?: string; workbookPr?: string } = {
    sheet: sheetXml(''),
  },
): ZipPart[] {
  const asPart = (name: string, part: string | ZipPart): ZipPart =>
    typeof part === 'string' ? { name, data: part } : { ...part, name };
  return [
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0"?><workbook ${MAIN} xmlns:r="${REL}">${parts.workbookPr ?? ''}<sheets><sheet name="Dados" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
    },
    asPart('xl/worksheets/sheet1.xml', parts.sheet),
    ...(parts.sharedStrings ? [asPart('xl/sharedStrings.xml', parts.sharedStrings)] : []),
    ...(parts.styles ? [{ name: 'xl/styles.xml', data: parts.styles }] : []),
  ];
}

/** `megabytes` MiB of zeros, deflated by streaming (the test never holds them). */
export async function deflatedZeros(megabytes: number): Promise<{ data: Buffer; crc: number; size: number }> {
  const zeros = Buffer.alloc(1024 * 1024);
  const deflate = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  for (let i = 0; i < megabytes; i++) {
    crc = crc32(zeros, crc);
    if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return { data: Buffer.concat(out), crc, size: megabytes * zeros.length };
}

/** A CFB (OLE compound) file holding a stream named `streamName` (EncryptionInfo: an encrypted workbook). */
export function cfbFile(streamName: string): Buffer {
  const file = Buffer.alloc(4096);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  Buffer.from(streamName, 'utf16le').copy(file, 1024);
  return file;
}
