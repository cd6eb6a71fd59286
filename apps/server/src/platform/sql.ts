import { inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './db.js';

/** A UUID in its text form: ids from the API are checked with it before they reach SQL. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * A uuid[] parameter written as one array literal, so PGlite and node-postgres receive the same single
 * value (a JS array would be spread into a list of parameters by Drizzle's `sql`). Non-UUIDs are dropped.
 */
export const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.filter(isUuid).join(',')}}`}::uuid[]`;

/**
 * The LIKE pattern of a search term found anywhere in a text: `%term%` with LIKE's own characters (`%`, `_`, `\`)
 * escaped, the ends trimmed and every run of spaces inside made one, as names are stored ("Diego  Dealer", typed with
 * two spaces, finds "Diego Dealer"). Lowercase and accents are each query's own (`immutable_unaccent(lower(…))`).
 */
export const containsPattern = (term: string): string =>
  `%${term
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A text[] parameter written as one array literal, each element quoted and escaped. */
export const textArray = (values: readonly string[]): SQL =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;

/**
 * Which of `ids` exist as `column` (a table's key): an action checks the ids it links before writing,
 * so an unknown one is BAD_USER_INPUT on its field rather than a foreign-key failure.
 */
export async function existingIds(db: DbOrTx, column: PgColumn, ids: readonly string[]): Promise<string[]> {
  const candidates = ids.filter(isUuid);
  if (!candidates.length) return [];
  const rows = await db.select({ id: column }).from(column.table).where(inArray(column, candidates));
  return rows.map((r) => String(r.id));
}

/**
 * The ids of the rows whose `keyColumn` is one of `keys` (a natural key: a code, a name), as
 * key → id. The seeds find what other modules seeded through their owners' queries built on it.
 */
export async function idsByKey(
  db: DbOrTx,
  keyColumn: PgColumn,
  idColumn: PgColumn,
  keys: readonly string[],
): Promise<Record<string, string>> {
  if (!keys.length) return {};
  const rows = await db
    .select({ key: keyColumn, id: idColumn })
    .from(keyColumn.table)
    .where(inArray(keyColumn, [...keys]));
  return Object.fromEntries(rows.map((r) => [String(r.key), String(r.id)]));
}

/**
 * `SELECT count(*)::int AS total` of the rows `fromWhere` (a FROM ... WHERE ...) selects: every row, or, with
 * `upTo`, at most `upTo` + 1 of them (the header search's "more than upTo": it never counts a whole table).
 */
export const countSql = (fromWhere: SQL, upTo?: number): SQL =>
  upTo === undefined
    ? sql`SELECT count(*)::int AS total ${fromWhere}`
    : sql`SELECT count(*)::int AS total FROM (SELECT 1 ${fromWhere} LIMIT ${upTo + 1}) counted`;
