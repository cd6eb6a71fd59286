import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, queryPrepared } from './db.js';

describe('queryPrepared on PGlite', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
  });
  afterAll(() => database.close());

  const prepared = async () =>
    (await queryPrepared<{ name: string }>(database, 'list', 'SELECT name FROM pg_prepared_statements', [])).map(
      (r) => r.name,
    );

  it('prepares a statement of string values once and executes it with them quoted', async () => {
    const text = 'SELECT $1::text AS a, $2::uuid AS b';
    const id = '00000000-0000-0000-0000-000000000001';
    for (const a of ["it's", 'x\\y', 'plain'])
      expect(await queryPrepared(database, 'two', text, [a, id])).toEqual([{ a, b: id }]);
    expect(await prepared()).toEqual(expect.arrayContaining(['two', 'list']));
  });

  it('prepares once when many ask at once', async () => {
    const rows = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        queryPrepared<{ v: string }>(database, 'at once', 'SELECT $1::text AS v', [`${i}`]),
      ),
    );
    expect(rows.map((r) => r[0].v)).toEqual(['0', '1', '2', '3', '4']);
    await queryPrepared(database, 'at once', 'SELECT $1::text AS v', ['5']);
    // Every call ran the prepared statement (a failed second PREPARE would have sent the later ones to the text path).
    const [runs] = await queryPrepared<{ n: number }>(
      database,
      'runs',
      "SELECT (generic_plans + custom_plans)::int AS n FROM pg_prepared_statements WHERE name = 'at once'",
      [],
    );
    expect(runs.n).toBe(6);
  });

  it('runs a statement of other values as text, with bind parameters', async () => {
    expect(await queryPrepared(database, 'numbers', 'SELECT $1::int + 1 AS n', [41])).toEqual([{ n: 42 }]);
    expect(await prepared()).not.toContain('numbers');
  });
});
