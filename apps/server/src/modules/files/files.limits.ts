/** Upload size limit in bytes (domain constant, docs/domains/files.md#size-count-and-type), enforced while streaming; UPLOAD_MAX_BYTES may lower it. */
export { UPLOAD_MAX_BYTES } from '@portal/domain';

/** What an upload is for (`info.fileType` of POST /api/upload). */
export const FILE_TYPES = ['LIBRARY', 'COMUNICADO', 'SLIDE', 'ANUNCIO'] as const;
export type FileType = (typeof FILE_TYPES)[number];
