/** Upload size limit in bytes (domain constant, docs/domains/files.md#size-count-and-type), enforced while streaming; UPLOAD_MAX_BYTES may lower it. */
export { UPLOAD_MAX_BYTES } from '@portal/domain';

/** What an upload is for (`info.fileType` of POST /api/upload). */
export const FILE_TYPES = ['LIBRARY', 'COMUNICADO', 'SLIDE', 'ANUNCIO'] as const;
export type FileType = (typeof FILE_TYPES)[number];

const variantWidths = new Map<FileType, readonly number[]>();

/**
 * Declares that image uploads of `fileType` get responsive WebP variants at these widths (px), made on
 * upload beside the thumbnail (docs/domains/files.md#image-variants). The module that places the uploads
 * registers them (home-content: slides, ads); the files module knows no slide.
 */
export function registerImageVariants(fileType: FileType, widths: readonly number[]) {
  variantWidths.set(
    fileType,
    [...new Set(widths)].sort((a, b) => a - b),
  );
}

/** The variant widths asked for uploads of `fileType`, narrowest first; none by default. */
export function variantWidthsOf(fileType: string): readonly number[] {
  return variantWidths.get(fileType as FileType) ?? [];
}
