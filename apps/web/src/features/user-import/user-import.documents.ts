// The import screen's documents are in user-import.graphql; their types are generated (user-import.generated.ts).

/** The template, in the signed-in user's language (server route; design "REST"). */
export const TEMPLATE_HREF = '/import/users/modelo.xlsx';

/** The error report of one import: its rejected rows and their messages. */
export const errorsHref = (id: string) => `/import/users/${encodeURIComponent(id)}/erros.xlsx`;

/** Server-Sent Events: `importacao` whenever one of the user's imports moved. */
export const IMPORT_STREAM_URL = '/api/importacoes/stream';

/** SPEC §9: importStatus is polled every 30 s (the fallback of the live stream). */
export const IMPORT_POLL_MS = 30_000;

/** What the file picker offers: .xlsx only (the server checks again). */
export const XLSX_ACCEPT = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
};

/** SPEC §5 'spreadsheet type only': by name, as the server's first check (the job reads the content). */
export const isXlsxFile = (file: File) => /\.xlsx$/i.test(file.name.trim());

/** A refused upload: `message` is the server's translated text, empty when it gave none (network). */
export class ImportUploadError extends Error {}

/**
 * Sends a spreadsheet to POST /import/users (multipart `simulacao` then `file`; the browser's Origin is the
 * server's CSRF check, as /api/upload): answers the new import's id. 413/415/403 answers carry a translated
 * `message` (`{ error, messageKey, message }`).
 */
export async function uploadImport(file: File, simulacao: boolean, signal?: AbortSignal): Promise<string> {
  const body = new FormData();
  if (simulacao) body.append('simulacao', 'true');
  body.append('file', file, file.name);
  const response = await fetch('/import/users', { method: 'POST', body, credentials: 'same-origin', signal });
  const json = (await response.json().catch(() => null)) as { id?: string; message?: string } | null;
  if (!response.ok || !json?.id) throw new ImportUploadError(json?.message ?? '');
  return json.id;
}
