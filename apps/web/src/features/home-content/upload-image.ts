/** A failed POST /api/upload: the server's translated message when it gave one. */
export class ImageUploadError extends Error {}

/**
 * Sends a slide's or ad's image to POST /api/upload (docs/domains/files.md#uploading): multipart with
 * `info` ({"fileType":"SLIDE"|"ANUNCIO"}) first, then `file`; answers the stored file's id, which the
 * form saves as `arquivoId` (docs/domains/home.md#images).
 */
export async function uploadHomeImage(file: File, fileType: 'SLIDE' | 'ANUNCIO'): Promise<string> {
  const body = new FormData();
  body.append('info', JSON.stringify({ fileType }));
  body.append('file', file, file.name);
  const response = await fetch('/api/upload', { method: 'POST', body, credentials: 'same-origin' });
  const json = (await response.json().catch(() => null)) as { id?: string; message?: string } | null;
  if (!response.ok || !json?.id) throw new ImageUploadError(json?.message ?? '');
  return json.id;
}

/**
 * Whether an image's proportions differ from the recommended size's by more than `tolerance` (5 %),
 * so the form warns that the banner will crop it (SPEC §9).
 */
export function ratioDiffers(
  image: { width: number; height: number },
  recommended: { width: number; height: number },
  tolerance = 0.05,
): boolean {
  if (image.width <= 0 || image.height <= 0) return false;
  const ratio = image.width / image.height;
  const wanted = recommended.width / recommended.height;
  return Math.abs(ratio - wanted) / wanted > tolerance;
}
