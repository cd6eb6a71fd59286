import { fileTypeFromBuffer } from 'file-type';

/**
 * Bytes read from the head of an upload to decide its type. file-type looks inside zip containers
 * for [Content_Types].xml (docx, xlsx, pptx), which sits in the first entry of Office files.
 */
export const SNIFF_BYTES = 64 * 1024;

/** Raster images: the only types served inline and given a thumbnail. Never SVG (it runs scripts). */
export const RASTER_IMAGE_TYPES: ReadonlySet<string> = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** What an upload may be, by its content (magic bytes), never by its name or the browser's claim. */
export const ALLOWED_CONTENT_TYPES: ReadonlySet<string> = new Set([
  ...RASTER_IMAGE_TYPES,
  'application/pdf',
  DOCX,
  XLSX,
  PPTX,
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/zip',
  'text/plain',
  'text/csv',
  'video/mp4',
  'video/quicktime',
  'audio/mpeg',
]);

/** Legacy Office files are all one container format (CFB); the extension tells which one it is. */
const CFB_BY_EXTENSION: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

const extensionOf = (name: string) => /\.([a-z0-9]{1,8})$/i.exec(name)?.[1]?.toLowerCase() ?? '';

/**
 * Plain text: no NUL and no control characters other than tab, line breaks, form feed and the old
 * DOS end-of-file, in the sample. (Binary formats without a signature fail this almost always.)
 */
function looksLikeText(sample: Buffer): boolean {
  for (const byte of sample) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c && byte !== 0x1a) return false;
    if (byte === 0x7f) return false;
  }
  return true;
}

/**
 * The content type of an upload from its first bytes (`sample`, up to SNIFF_BYTES), or null when it
 * is not on the allow-list. The name only tells apart formats that share one signature (CFB, text/csv).
 */
export async function detectContentType(sample: Buffer, name: string): Promise<string | null> {
  const ext = extensionOf(name);
  const found = await fileTypeFromBuffer(sample);
  let type: string | undefined = found?.mime;
  if (type === 'application/x-cfb') type = CFB_BY_EXTENSION[ext];
  if (!found) type = looksLikeText(sample) ? (ext === 'csv' ? 'text/csv' : 'text/plain') : undefined;
  return type && ALLOWED_CONTENT_TYPES.has(type) ? type : null;
}
