import type { Database } from './db.js';

// PGlite runs PostgreSQL in single-user mode, which starts no autovacuum: without this, nothing ever vacuums or
// analyses the embedded database (decision 0055). Index-only scans then read the heap for every row written or
// changed since the table was created (the visibility map is never set) and the planner keeps the statistics of
// whatever ANALYZE last ran. On PostgreSQL the server's autovacuum does this, and nothing here runs.

/** PostgreSQL's autovacuum defaults (autovacuum_vacuum_*, _insert_*, _analyze_* threshold and scale factor). */
const VACUUM = { threshold: 50, scale: 0.2 };
const INSERT_VACUUM = { threshold: 1000, scale: 0.2 };
const ANALYZE = { threshold: 50, scale: 0.1 };

type TableStats = { name: string; vacuum: boolean; analyze: boolean };

/**
 * One pass of what autovacuum would do, on PGlite: each table whose dead rows, rows inserted since its last vacuum
 * or rows changed since its last analysis pass autovacuum's default thresholds gets `VACUUM (ANALYZE)` or `ANALYZE`,
 * one table at a time (each statement holds PGlite's one connection while it runs). Returns what it did, for the log
 * and the tests; nothing on PostgreSQL.
 */
export async function maintainEmbedded(database: Database): Promise<string[]> {
  const pglite = database.pglite;
  if (database.kind !== 'pglite' || !pglite) return [];
  const { rows } = await pglite.query<TableStats>(
    `SELECT format('%I.%I', s.schemaname, s.relname) AS name,
            (s.n_dead_tup > ${VACUUM.threshold} + ${VACUUM.scale} * greatest(c.reltuples, 0)
              OR s.n_ins_since_vacuum > ${INSERT_VACUUM.threshold} + ${INSERT_VACUUM.scale} * greatest(c.reltuples, 0))
              AS vacuum,
            s.n_mod_since_analyze > ${ANALYZE.threshold} + ${ANALYZE.scale} * greatest(c.reltuples, 0) AS analyze
       FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
      ORDER BY s.relname`,
  );
  const done: string[] = [];
  for (const t of rows) {
    if (t.vacuum) await pglite.exec(`VACUUM (ANALYZE) ${t.name}`);
    else if (t.analyze) await pglite.exec(`ANALYZE ${t.name}`);
    else continue;
    done.push(`${t.vacuum ? 'vacuum' : 'analyze'} ${t.name}`);
  }
  return done;
}

/**
 * Runs `maintainEmbedded` every `intervalMs` on PGlite (autovacuum's naptime is a minute; 0: never), one pass at a
 * time. Returns the stop function, which waits for a pass in progress (the database closes after it).
 */
export function startEmbeddedMaintenance(
  database: Database,
  intervalMs: number,
  log: (err: unknown) => void,
): () => Promise<void> {
  if (database.kind !== 'pglite' || intervalMs <= 0) return async () => {};
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = maintainEmbedded(database)
      .catch(log)
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
