import { sql } from 'drizzle-orm';
import type { ActionContext } from '../../platform/actions.js';
import { uuidArray } from '../../platform/sql.js';

/**
 * Gives uploads back to the unplaced state, the reverse of `placeUpload`: the calling module no
 * longer holds them anywhere, so the retention sweep may remove them. Runs in the caller's
 * transaction (`ctx.db`); the caller's audit row records the change that dropped them.
 */
export async function releaseUploads(ctx: ActionContext, input: { arquivoIds: readonly string[] }): Promise<void> {
  if (!input.arquivoIds.length) return;
  await ctx.db.execute(sql`UPDATE arquivo SET colocado_em = NULL WHERE id = ANY(${uuidArray(input.arquivoIds)})`);
}
