import { type SQL, sql } from 'drizzle-orm';

/** A UUID in its text form: ids from the API are checked with it before they reach SQL. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * A uuid[] parameter written as one array literal, so PGlite and node-postgres receive the same single
 * value (a JS array would be spread into a list of parameters by Drizzle's `sql`). Non-UUIDs are dropped.
 */
export const uuidArray = (ids: readonly string[]): SQL => sql`${`{${ids.filter(isUuid).join(',')}}`}::uuid[]`;

/** A text[] parameter written as one array literal, each element quoted and escaped. */
export const textArray = (values: readonly string[]): SQL =>
  sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`}::text[]`;
