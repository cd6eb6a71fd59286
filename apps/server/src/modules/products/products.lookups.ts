import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { uuidArray } from '../../platform/sql.js';

// What other modules may read of products, features and access types (module boundaries,
// docs/ARCHITECTURE.md).

/** The id of the feature with this key (column `id`; none when the key is unknown). */
export const featureIdsOfKeySql = (chave: string): SQL => sql`SELECT id FROM funcionalidade WHERE chave = ${chave}`;

/** The default features of each access type (columns `tipo_acesso_id`, `funcionalidade_id`). */
export const accessTypeFeaturesSql: SQL = sql`SELECT tipo_acesso_id, funcionalidade_id FROM tipo_acesso_funcionalidade`;

/** Product names by id, for lists that show which product something belongs to. */
export async function productNamesByIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = (await db.execute(sql`SELECT id, nome FROM produto WHERE id = ANY(${uuidArray(ids)})`)).rows as {
    id: string;
    nome: string;
  }[];
  return new Map(rows.map((r) => [r.id, r.nome]));
}
