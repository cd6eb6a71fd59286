import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { existingIds, idsByKey } from '../../platform/sql.js';
import { grupoUsuarios } from './user-groups.tables.js';

/** Active user groups by name: the choices of the library's and the communications' access forms. */
export async function listActiveUserGroups(db: DbOrTx) {
  return db
    .select({ id: grupoUsuarios.id, nome: grupoUsuarios.nome, active: grupoUsuarios.active })
    .from(grupoUsuarios)
    .where(eq(grupoUsuarios.active, true))
    .orderBy(asc(grupoUsuarios.nome));
}

/** Which of `ids` are active user groups. */
export async function activeUserGroupIds(db: DbOrTx, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: grupoUsuarios.id })
    .from(grupoUsuarios)
    .where(and(inArray(grupoUsuarios.id, ids), eq(grupoUsuarios.active, true)));
  return rows.map((r) => r.id);
}

/** Which of `ids` are user groups, active or not (an action adding members checks them first). */
export const existingUserGroupIds = (db: DbOrTx, ids: readonly string[]) => existingIds(db, grupoUsuarios.id, ids);

/** User group ids by exact name (name → id). */
export const userGroupIdsByName = (db: DbOrTx, names: readonly string[]) =>
  idsByKey(db, grupoUsuarios.nome, grupoUsuarios.id, names);

/** SQL text: the active user groups listed by the subquery `ids` as a JSON array of { id, nome }, by name. */
export const activeUserGroupsJsonText = (ids: string) =>
  `(SELECT coalesce(json_agg(json_build_object('id', g.id, 'nome', g.nome) ORDER BY g.nome), '[]'::json)
     FROM grupo_usuarios g WHERE g.id IN (${ids}) AND g.active)`;

/** User groups by name (columns `id`, `nome`), for reports and lists that name a user group. */
export const userGroupNamesSql: SQL = sql`SELECT id, nome FROM grupo_usuarios`;

/** The name of the user group whose id is `groupId` (an SQL expression of the caller's query), as a scalar subquery. */
export function userGroupName(groupId: SQL): SQL {
  return sql`(SELECT g.nome FROM grupo_usuarios g WHERE g.id = ${groupId})`;
}
