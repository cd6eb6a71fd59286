import { type SQL, sql } from 'drizzle-orm';

// Memberships of user groups (usuario_grupo_usuarios, a users-module table) as SQL fragments for the user-groups
// module's own statements. In a file of their own, which imports nothing of user-groups: users.queries.ts reads
// which groups are active from user-groups, so taking these from there would tie the two modules in a circle.

/** SQL: whether `userId` is a member of the user group whose id is `groupId` (an expression of the caller's query). */
export const isUserGroupMemberSql = (userId: string, groupId: SQL): SQL =>
  sql`EXISTS (SELECT 1 FROM usuario_grupo_usuarios m WHERE m.usuario_id = ${userId} AND m.grupo_usuarios_id = ${groupId})`;

/** SQL: how many users belong to the user group whose id is `groupId` (an expression of the caller's query). */
export const userGroupMemberCountSql = (groupId: SQL): SQL =>
  sql`(SELECT count(*)::int FROM usuario_grupo_usuarios m WHERE m.grupo_usuarios_id = ${groupId})`;

/**
 * The active members of each of the groups `groupIds` (an SQL expression of a uuid[]), as rows (grupo_usuarios_id,
 * total): how many people a group gives access to, for the access forms' group pickers.
 */
export const activeMemberCountsSql = (groupIds: SQL): SQL =>
  sql`SELECT m.grupo_usuarios_id, count(*)::int AS total FROM usuario_grupo_usuarios m
    JOIN usuario u ON u.id = m.usuario_id AND u.active
    WHERE m.grupo_usuarios_id = ANY(${groupIds}) GROUP BY m.grupo_usuarios_id`;
