import type { CurrentUser } from '../../platform/graphql/context.js';
import type { Services } from '../../platform/services.js';
import type { FileType } from './files.limits.js';
import type { ArquivoRow } from './files.tables.js';

/**
 * Whether `user` may read the placed upload `arquivoId` now, by the rules of the module that placed
 * it (library: the item holding it is readable; communications: creator, approver or recipient).
 */
export type FileAccessCheck = (services: Services, user: CurrentUser, arquivoId: string) => Promise<boolean>;

const checks = new Map<string, FileAccessCheck>();

/**
 * Declares who may download the uploads of one `file_type` (docs/decisions/0009-download-access.md).
 * Each module that places uploads registers its check next to its resolvers; a type without a check
 * downloads for nobody once placed.
 */
export function registerFileAccess(fileType: FileType, check: FileAccessCheck) {
  checks.set(fileType, check);
}

/**
 * Asked by every download, at the moment it happens: an unplaced upload is its uploader's alone; a
 * placed one follows its module's check, so losing access to the item closes its links at once.
 */
export async function mayDownload(services: Services, user: CurrentUser, row: ArquivoRow): Promise<boolean> {
  if (!row.colocadoEm) return row.proprietarioId === user.id;
  const check = checks.get(row.fileType);
  return check ? check(services, user, row.id) : false;
}
