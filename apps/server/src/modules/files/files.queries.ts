import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { UUID } from '../../platform/sql.js';
import { type ArquivoRow, arquivo } from './files.tables.js';

/**
 * One uploaded file by id, or null (also for a malformed id). No authorization here: the module that
 * owns the file's context (library, communications) decides who may see it before calling this.
 */
export async function findArquivo(db: DbOrTx, id: string): Promise<ArquivoRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.select().from(arquivo).where(eq(arquivo.id, id));
  return row ?? null;
}
