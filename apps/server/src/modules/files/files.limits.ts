/** Upload size limit of SPEC §9 in bytes, enforced while streaming (config UPLOAD_MAX_BYTES may lower it). */
export const UPLOAD_MAX_BYTES = 900_000_000;

/** What an upload is for (`info.fileType` of POST /api/upload). */
export const FILE_TYPES = ['LIBRARY'] as const;
export type FileType = (typeof FILE_TYPES)[number];
