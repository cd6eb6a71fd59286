/** A failed POST /api/upload: the server's translated message when it gave one. */
export class UploadError extends Error {}

/**
 * Sends one file to POST /api/upload (docs/domains/files.md#uploading): multipart with `info` ({"fileType":"LIBRARY"})
 * first, then `file`; answers the stored file's id. Errors come back as JSON {error, messageKey, message}.
 */
export async function uploadLibraryFile(file: File, signal?: AbortSignal): Promise<string> {
  const body = new FormData();
  body.append('info', JSON.stringify({ fileType: 'LIBRARY' }));
  body.append('file', file, file.name);
  const response = await fetch('/api/upload', { method: 'POST', body, credentials: 'same-origin', signal });
  const json = (await response.json().catch(() => null)) as { id?: string; message?: string } | null;
  if (!response.ok || !json?.id) throw new UploadError(json?.message ?? '');
  return json.id;
}
