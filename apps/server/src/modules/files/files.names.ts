import { LIBRARY_NAME_MAX, normaliseLibraryName } from '@portal/domain';

/** Longest display name, in characters (code points). */
export const FILE_NAME_MAX = LIBRARY_NAME_MAX;

/**
 * The display name of an uploaded file, safe to store and show: NFC; NUL, C0/C1 controls and the
 * bidirectional marks and overrides (`\u202Egnp.exe` would display as `exe.png`) removed; `/` and `\`
 * turned into `_`; trimmed; at most 255 characters with the extension kept. The rules are the
 * library's (`normaliseLibraryName` of packages/domain), so a file keeps its name when it becomes a
 * library item; a name with nothing usable left becomes `fallback`. Never used as a storage path.
 */
export function sanitiseFileName(raw: string, fallback = 'arquivo'): string {
  return normaliseLibraryName(raw) || fallback;
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
