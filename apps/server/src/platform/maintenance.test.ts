import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db.js';
import { maintainEmbedded, startEmbeddedMaintenance } from './maintenance.js';

// PGlite (single-user PostgreSQL) starts no autovacuum: the portal applies autovacuum's thresholds itself
// (decision 0055), so index-only scans stop reading the heap and statistics follow the data.

describe('embedded database maintenance (PGlite has no autovacuum)', () => {
  let pglite: PGlite;
  let database: Database;
  const visibility = async () =>
    (
      await pglite.query<{ pages: number; visible: number }>(
        "SELECT relpages AS pages, relallvisible AS visible FROM pg_class WHERE relname = 'entrega'",
      )
    ).rows[0];
  /** PGlite flushes its table statistics at most once a second, when idle. */
  const statsFlushed = async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await pglite.query('SELECT 1');
  };

  beforeAll(async () => {
    pglite = await PGlite.create();
    database = { kind: 'pglite', pglite, db: null as never, close: () => pglite.close() };
    await pglite.exec(`CREATE TABLE entrega (id int PRIMARY KEY, lido boolean NOT NULL DEFAULT false);
      CREATE TABLE pequena (id int PRIMARY KEY);
      INSERT INTO entrega (id) SELECT g FROM generate_series(1, 20000) g;
      INSERT INTO pequena VALUES (1);`);
    await statsFlushed();
  });
  afterAll(async () => {
    await pglite.close();
  });

  it('vacuums and analyses the tables autovacuum would, and only those', async () => {
    // Nothing has vacuumed the new rows: an index-only scan reads the heap for each.
    expect((await visibility()).visible).toBe(0);
    expect(await maintainEmbedded(database)).toEqual(['vacuum public.entrega']);
    const after = await visibility();
    expect(after.pages).toBeGreaterThan(0);
    expect(after.visible).toBe(after.pages);
    const plan = (
      await pglite.query<{ 'QUERY PLAN': string }>(
        'EXPLAIN (ANALYZE, COSTS OFF) SELECT count(*) FROM entrega WHERE id BETWEEN 1 AND 5000',
      )
    ).rows.map((r) => r['QUERY PLAN']);
    expect(plan.join('\n')).not.toMatch(/Heap Fetches: [1-9]/);

    // Below the thresholds: nothing to do. A third of the rows changed: vacuumed again.
    await statsFlushed();
    expect(await maintainEmbedded(database)).toEqual([]);
    await pglite.exec('UPDATE entrega SET lido = true WHERE id % 3 = 0');
    await statsFlushed();
    expect(await maintainEmbedded(database)).toEqual(['vacuum public.entrega']);
  });

  it('runs on PGlite only, and its stop waits for a pass in progress', async () => {
    const postgres = { kind: 'postgres', db: null as never, close: async () => {} } as Database;
    expect(await maintainEmbedded(postgres)).toEqual([]);
    const stop = startEmbeddedMaintenance(database, 50, (err) => {
      throw err;
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await stop();
    expect(await startEmbeddedMaintenance(database, 0, () => {})()).toBeUndefined();
  });
});
