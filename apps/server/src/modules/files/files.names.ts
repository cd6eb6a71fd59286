/** Longest display name, in characters (code points). */
export const FILE_NAME_MAX = 255;

/** Longest tail kept as the extension when a long name is cut. */
const EXTENSION_MAX = 16;

/**
 * NUL, C0 and C1 control characters, DEL, and the bidirectional marks and overrides that can make
 * `\u202Egnp.exe` display as `exe.png` (U+200E/F, U+202A–U+202E, U+2066–U+2069, U+061C).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\u061c]/g;

/**
 * The display name of an uploaded file, safe to store and show: NFC, unsafe characters removed,
 * path separators turned into `_`, trimmed, at most 255 characters with the extension kept.
 * It is never used as a storage path (keys are server-generated).
 */
export function sanitiseFileName(raw: string, fallback = 'arquivo'): string {
  const cleaned = raw.normalize('NFC').replace(UNSAFE, '').replace(/[/\\]/g, '_').trim();
  const chars = Array.from(cleaned || fallback);
  if (chars.length <= FILE_NAME_MAX) return chars.join('');
  const dot = chars.lastIndexOf('.');
  const ext = dot > 0 && chars.length - dot <= EXTENSION_MAX + 1 ? chars.slice(dot) : [];
  const base = chars
    .slice(0, FILE_NAME_MAX - ext.length)
    .join('')
    .trimEnd();
  return base + ext.join('');
}

/**
 * `Content-Disposition` for a download (RFC 6266): an ASCII `filename` for old clients (accents
 * dropped, anything else non-ASCII, quotes and backslashes as `_`) and the exact UTF-8 name in
 * `filename*` (RFC 8187 percent-encoding).
 */
export function contentDisposition(name: string, type: 'inline' | 'attachment'): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
