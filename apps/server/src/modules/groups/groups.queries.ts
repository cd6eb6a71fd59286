import { DEALER_GROUP_SORT_FIELDS, type DealerGroupSortField } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { badInput } from '../../platform/errors.js';
import { containsPattern, countSql, existingIds, idsByKey, isUuid, uuidArray } from '../../platform/sql.js';
import { dealerGroupOfDealersSql } from '../dealers/dealers.queries.js';
import { grupo } from './groups.tables.js';

/** Which of `ids` are dealer groups (an action linking groups checks them first). */
export const existingDealerGroupIds = (db: DbOrTx, ids: readonly string[]) => existingIds(db, grupo.id, ids);

/** Dealer group ids by exact name (name → id). */
export const dealerGroupIdsByName = (db: DbOrTx, names: readonly string[]) => idsByKey(db, grupo.nome, grupo.id, names);

/** Dealer groups by name (columns `id`, `nome`), for reports that group by dealer group. */
export const dealerGroupNamesSql: SQL = sql`SELECT id, nome FROM grupo`;

/** Every dealer group's id and state, for other modules' statements (the users' synchronisation). */
export const dealerGroupStatusSql: SQL = sql`SELECT id, active FROM grupo`;

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

export type DealerGroupRow = { id: string; nome: string; active: boolean; created_at: Date | string; dealers: number };

export type DealerGroupFilter = {
  busca?: string | null;
  active?: boolean | null;
  ordenacao?: string | null;
};

/** The WHERE of the dealer groups' list (alias `g`). */
function listWhere(filter: DealerGroupFilter): SQL {
  const conditions: SQL[] = [sql`true`];
  const busca = filter.busca?.trim();
  if (busca) {
    const pattern = containsPattern(busca);
    conditions.push(sql`immutable_unaccent(lower(g.nome)) LIKE immutable_unaccent(lower(${pattern}))`);
  }
  if (filter.active !== null && filter.active !== undefined) conditions.push(sql`g.active = ${filter.active}`);
  return sql.join(conditions, sql` AND `);
}

/** Each group of `groups` (a FROM item, alias `g`) with its dealer count (any state), each counted on its own. */
const withDealerCounts = (groups: SQL) => sql`FROM ${groups} LEFT JOIN LATERAL (SELECT count(*)::int AS n
    FROM (${dealerGroupOfDealersSql}) d WHERE d.grupo_id = g.id) c ON true`;

/** The FROM and WHERE of the dealer groups' list, with each group's dealer count (any state). */
function listFrom(filter: DealerGroupFilter): SQL {
  return sql`${withDealerCounts(sql`grupo g`)} WHERE ${listWhere(filter)}`;
}

/** `ordenacao` (`nome`, `dealers`, `active`, '-' for descending; default `nome`) as ORDER BY; else BAD_USER_INPUT. */
function listOrder(ordenacao: string | null | undefined): SQL {
  const text = ordenacao ?? 'nome';
  const field = text.replace(/^-/, '') as DealerGroupSortField;
  if (!DEALER_GROUP_SORT_FIELDS.includes(field)) throw badInput({ ordenacao: 'validation.invalid' });
  const dir = sql.raw(text.startsWith('-') ? 'DESC' : 'ASC');
  const byName = sql`immutable_unaccent(lower(g.nome))`;
  const order: Record<DealerGroupSortField, SQL> = {
    nome: sql`${byName} ${dir}, g.id`,
    dealers: sql`coalesce(c.n, 0) ${dir}, ${byName}, g.id`,
    active: sql`g.active ${dir}, ${byName}, g.id`,
  };
  return order[field];
}

const LIST_COLUMNS = sql`g.id, g.nome, g.active, g.created_at, coalesce(c.n, 0)::int AS dealers`;

/**
 * One page of dealer groups for the administration: `busca` matches the name without case or
 * accents, `active` filters by state, sorted by `ordenacao`.
 */
export async function pageDealerGroups(
  db: DbOrTx,
  filter: DealerGroupFilter & { rowsPerPage: number; offset: number; countUpTo?: number },
): Promise<{ content: DealerGroupRow[]; totalElements: number }> {
  const order = listOrder(filter.ordenacao);
  const page = sql`LIMIT ${filter.rowsPerPage} OFFSET ${filter.offset}`;
  // The page is chosen first and only its groups' dealers are counted, unless the order is that count.
  const byCount = (filter.ordenacao ?? '').replace(/^-/, '') === 'dealers';
  const content = byCount
    ? sql`SELECT ${LIST_COLUMNS} ${listFrom(filter)} ORDER BY ${order} ${page}`
    : sql`SELECT ${LIST_COLUMNS} ${withDealerCounts(sql`(SELECT g.* FROM grupo g WHERE ${listWhere(filter)} ORDER BY ${order} ${page}) g`)}
        ORDER BY ${order}`;
  const [found, count] = await Promise.all([
    db.execute(content),
    db.execute(countSql(sql`FROM grupo g WHERE ${listWhere(filter)}`, filter.countUpTo)),
  ]);
  return { content: found.rows as DealerGroupRow[], totalElements: (count.rows[0] as { total: number }).total };
}

/** Every dealer group the list's filter shows, in its order: the rows of the .xlsx export. */
export async function allDealerGroups(db: DbOrTx, filter: DealerGroupFilter): Promise<DealerGroupRow[]> {
  return (await db.execute(sql`SELECT ${LIST_COLUMNS} ${listFrom(filter)} ORDER BY ${listOrder(filter.ordenacao)}`))
    .rows as DealerGroupRow[];
}

/** One dealer group with its dealer count, or null (also for an id that is not a UUID). */
export async function findDealerGroup(db: DbOrTx, id: string): Promise<DealerGroupRow | null> {
  if (!isUuid(id)) return null;
  const [row] = (await db.execute(sql`SELECT ${LIST_COLUMNS} ${listFrom({})} AND g.id = ${id}`))
    .rows as DealerGroupRow[];
  return row ?? null;
}
