import { eq, type SQL, sql } from 'drizzle-orm';
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

/**
 * For other modules' queries, which may not name `arquivo`: a LEFT JOIN giving `<alias>.imagem`,
 * `<alias>.tamanho` and `<alias>.thumbnail_key` of the upload whose id is `arquivoId` (an SQL
 * expression of the caller's query), all null when there is none. Only these columns are exposed.
 */
export function uploadDetailsJoin(arquivoId: SQL, alias: string): SQL {
  return sql`LEFT JOIN LATERAL (SELECT f.imagem, f.tamanho, f.thumbnail_key FROM arquivo f WHERE f.id = ${arquivoId}) ${sql.identifier(alias)} ON true`;
}

/** Files as lists show them (columns `id`, `nome`, `tamanho`, `imagem`), to join to one's attachments. */
export const fileSummarySql: SQL = sql`SELECT id, nome, tamanho, imagem FROM arquivo`;
