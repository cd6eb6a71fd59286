import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { isUuid } from '../../platform/sql.js';
import { importacaoUsuarios, importacaoUsuariosErro } from './user-import.tables.js';

export type ImportRow = typeof importacaoUsuarios.$inferSelect;

/** How many of a user's imports `importStatus` lists (newest first). */
export const IMPORTS_LISTED = 50;

/** The imports `usuarioId` uploaded, newest first (importStatus: each user sees only their own). */
export async function importsOf(db: DbOrTx, usuarioId: string): Promise<ImportRow[]> {
  return db
    .select()
    .from(importacaoUsuarios)
    .where(eq(importacaoUsuarios.usuarioId, usuarioId))
    .orderBy(desc(importacaoUsuarios.createdAt), desc(importacaoUsuarios.id))
    .limit(IMPORTS_LISTED);
}

/** The import `id` when `usuarioId` uploaded it, else null (someone else's import is not found). */
export async function importOf(db: DbOrTx, usuarioId: string, id: string): Promise<ImportRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(importacaoUsuarios)
    .where(and(eq(importacaoUsuarios.id, id), eq(importacaoUsuarios.usuarioId, usuarioId)));
  return row ?? null;
}

/** Percent of the rows handled, 2 decimals (SPEC §2); 0 while the file is not counted yet. */
export function progressOf(row: Pick<ImportRow, 'total' | 'linhasProcessadas'>): number {
  if (!row.total) return 0;
  return Math.round((row.linhasProcessadas / row.total) * 10_000) / 100;
}

/** How many rejected rows the error report reads at a time. */
export const REJECTED_ROWS_BATCH = 1_000;

/**
 * The rejected rows of import `importId` in sheet order (the error report), read in batches (keyset on the row
 * number), so a report of any size is streamed without holding it. The caller has checked the import is the
 * requester's.
 */
export async function* rejectedRowsOf(
  db: DbOrTx,
  importId: string,
  batchSize = REJECTED_ROWS_BATCH,
): AsyncGenerator<{
  rowNumber: number;
  cells: unknown[];
  errors: (typeof importacaoUsuariosErro.$inferSelect)['erros'];
}> {
  let after = 0;
  for (;;) {
    const batch = await db
      .select()
      .from(importacaoUsuariosErro)
      .where(and(eq(importacaoUsuariosErro.importacaoId, importId), gt(importacaoUsuariosErro.linha, after)))
      .orderBy(asc(importacaoUsuariosErro.linha))
      .limit(batchSize);
    for (const row of batch) yield { rowNumber: row.linha, cells: row.celulas, errors: row.erros };
    if (batch.length < batchSize) return;
    after = batch[batch.length - 1].linha;
  }
}
