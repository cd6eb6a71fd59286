import { type SQL, sql } from 'drizzle-orm';

/**
 * The user-groups module's SQL fragments for other modules' queries, which may not name its tables:
 * a module reads another's tables only through what the owner exports.
 */

/** The name of the user group whose id is `groupId` (an SQL expression of the caller's query), as a scalar subquery. */
export function userGroupName(groupId: SQL): SQL {
  return sql`(SELECT g.nome FROM grupo_usuarios g WHERE g.id = ${groupId})`;
}
