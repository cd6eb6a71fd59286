import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { activeDealersOfGroupsSql, dealerIdsOfGroup } from '../dealers/dealers.queries.js';
import { countActiveUsersOfDealerGroup, countUsersReachedByMove } from '../users/users.queries.js';

// What a group's confirmations show before acting: counts that take the users module's reads beside the group's own.
// Apart from groups.queries.ts, which the users module reads (its names), so that the two never import each other.

/**
 * What inactivating the group would inactivate now: its active dealers and the active users linked
 * to it or to those dealers (the same rule as `inativarGrupo`), for the confirmation.
 */
export async function inactivationCounts(db: DbOrTx, grupoId: string): Promise<{ dealers: number; usuarios: number }> {
  const [dealers] = (
    await db.execute(sql`SELECT count(*)::int AS total FROM (${activeDealersOfGroupsSql([grupoId])}) d`)
  ).rows as { total: number }[];
  return { dealers: dealers.total, usuarios: await countActiveUsersOfDealerGroup(db, grupoId) };
}

/**
 * What a migration (`importarGrupoUsuarios`) would do now: the dealers it moves (those of `idsDealers`
 * in the origin, or all of the origin's on a merge) and the users it reaches. The superAdmin screen
 * shows it before the confirmation (docs/domains/superadmin.md#migration).
 */
export async function migrationPreview(
  db: DbOrTx,
  input: { grupoOrigemId: string; idsDealers: readonly string[] },
): Promise<{ dealers: number; usuarios: number }> {
  const merge = input.idsDealers.length === 0;
  const dealerIds = await dealerIdsOfGroup(db, input.grupoOrigemId, input.idsDealers);
  const usuarios = await countUsersReachedByMove(db, { grupoOrigemId: input.grupoOrigemId, dealerIds, merge });
  return { dealers: dealerIds.length, usuarios };
}
