import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { existingIds, idsByKey, uuidArray } from '../../platform/sql.js';
import { grupo } from './groups.tables.js';

/** Which of `ids` are dealer groups (an action linking groups checks them first). */
export const existingDealerGroupIds = (db: DbOrTx, ids: readonly string[]) => existingIds(db, grupo.id, ids);

/** Dealer group ids by exact name (name → id). */
export const dealerGroupIdsByName = (db: DbOrTx, names: readonly string[]) => idsByKey(db, grupo.nome, grupo.id, names);

/** Dealer groups by name (columns `id`, `nome`), for reports that group by dealer group. */
export const dealerGroupNamesSql: SQL = sql`SELECT id, nome FROM grupo`;

/** The active dealer groups by name: the choices of an audience picker. */
export async function listActiveDealerGroups(db: DbOrTx): Promise<{ id: string; nome: string }[]> {
  return (await db.execute(sql`SELECT id, nome FROM grupo WHERE active ORDER BY nome`)).rows as {
    id: string;
    nome: string;
  }[];
}

/** Which of `ids` are active dealer groups (an audience may only name those). */
export async function activeDealerGroupIds(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = (await db.execute(sql`SELECT id FROM grupo WHERE active AND id = ANY(${uuidArray(ids)})`)).rows;
  return (rows as { id: string }[]).map((r) => r.id);
}
