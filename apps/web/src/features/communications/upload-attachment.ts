/** A failed POST /api/upload: the server's translated message when it gave one. */
export class AttachmentUploadError extends Error {}

/**
 * Sends one attachment to POST /api/upload (docs/domains/files.md#uploading): multipart with `info`
 * ({"fileType":"COMUNICADO"}) first, then `file`; answers the stored file's id.
 */
export async function uploadAttachment(file: File, signal?: AbortSignal): Promise<string> {
  const body = new FormData();
  body.append('info', JSON.stringify({ fileType: 'COMUNICADO' }));
  body.append('file', file, file.name);
  const response = await fetch('/api/upload', { method: 'POST', body, credentials: 'same-origin', signal });
  const json = (await response.json().catch(() => null)) as { id?: string; message?: string } | null;
  if (!response.ok || !json?.id) throw new AttachmentUploadError(json?.message ?? '');
  return json.id;
}
