import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import { PGlite } from '@electric-sql/pglite';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { PgDialect } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

/**
 * The database handle every module uses. PGlite and node-postgres expose the same API. Queries are
 * typed by the tables they name; no schema is registered (the relational `db.query` API is unused),
 * so the platform needs no module's tables (decision 0010).
 */
export type Db = NodePgDatabase;
/** A transaction handle; services pass it to the audit helper so the audit row commits with the change. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The PGlite instance (embedded mode only): pg-boss and LISTEN/NOTIFY use it directly. */
  pglite?: PGlite;
  /** The pool (PostgreSQL mode only). */
  pool?: pg.Pool;
  connectionString?: string;
  close(): Promise<void>;
};

const require = createRequire(import.meta.url);
const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));

/** PGlite's buffer cache (decision 0045). */
const PGLITE_SHARED_BUFFERS = '16MB';

const pgliteOptions = {
  extensions: { citext, pg_trgm, unaccent },
  // PGlite's own default is PostgreSQL's 128 MB of shared buffers, resident once touched: 16 MB halves the
  // embedded portal's idle memory (docs/benchmarks.md, "Start and memory"). Pages it drops are still in the
  // operating system's file cache, a system call away.
  startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
};

/**
 * How much a WebAssembly function of PGlite runs in V8's baseline code before V8 recompiles it optimised in the
 * background (decision 0057): 50 times V8's default (1,800,000), so that a start, which runs much of PostgreSQL
 * once, no longer waits for the optimised code of functions it will not run again; what a running portal calls
 * often still gets it.
 */
const PGLITE_WASM_TIERING_BUDGET = 90_000_000;

/**
 * In-memory databases (the tests' portals) start as a copy of one created and migrated once: a fresh PGlite
 * runs initdb (about 2.5 s of CPU), a copy loads in about 1 s and finds every migration applied. The copy is
 * kept in the system's temporary folder under a name made of the migrations' digest, so the test files'
 * processes share it and a changed migration makes a new one.
 */
let memoryTemplate: Promise<Blob> | undefined;
function migratedMemoryTemplate(): Promise<Blob> {
  memoryTemplate ??= loadOrCreateTemplate().catch((error: unknown) => {
    memoryTemplate = undefined;
    throw error;
  });
  return memoryTemplate;
}

async function loadOrCreateTemplate(): Promise<Blob> {
  // PGlite's own version too: another release may read another data directory format.
  const pgliteRelease = path.join(require.resolve('@electric-sql/pglite'), '../../package.json');
  const digest = crypto.createHash('sha256').update(fs.readFileSync(pgliteRelease));
  for (const name of fs.readdirSync(migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
    const file = path.join(migrationsFolder, name);
    if (fs.statSync(file).isFile()) digest.update(name).update(fs.readFileSync(file));
  }
  const file = path.join(os.tmpdir(), `portal-pglite-template-${digest.digest('hex').slice(0, 16)}.tar`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);
  const pglite = await PGlite.create(pgliteOptions);
  try {
    await migratePglite(drizzlePglite(pglite), { migrationsFolder });
    const template = await pglite.dumpDataDir('none');
    // Written aside and renamed: a process reading it never sees half a file.
    const partial = `${file}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await template.arrayBuffer()));
    fs.renameSync(partial, file);
    return template;
  } finally {
    await pglite.close();
  }
}

/**
 * Opens the database: PostgreSQL when a connection string is given, else PGlite in `dataDir`
 * (or in memory when `dataDir` is 'memory://').
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
  poolSize?: number;
}): Promise<Database> {
  if (opts.databaseUrl) {
    // After a database restart or failover the pool drops the dead connections and opens new ones on
    // demand: nothing to reconnect by hand. A connection attempt that hangs (a failover in progress)
    // fails the request after 10 s instead of holding it; keep-alive notices dead sockets.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
    });
    pool.on('error', () => {
      /* idle client errors surface on the next query; keep the process alive */
    });
    return {
      db: drizzlePg(pool),
      kind: 'postgres',
      pool,
      connectionString: opts.databaseUrl,
      close: () => pool.end(),
    };
  }
  // Read by V8 when it compiles PGlite's WebAssembly, so set before the first PGlite opens.
  v8.setFlagsFromString(`--wasm-tiering-budget=${PGLITE_WASM_TIERING_BUDGET}`);
  const dir = opts.dataDir ?? 'memory://';
  const inMemory = dir.startsWith('memory://');
  if (!inMemory) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const pglite = inMemory
    ? await PGlite.create({ ...pgliteOptions, loadDataDir: await migratedMemoryTemplate() })
    : await PGlite.create(dir, pgliteOptions);
  return {
    db: drizzlePglite(pglite) as unknown as Db,
    kind: 'pglite',
    pglite,
    close: () => pglite.close(),
  };
}

/** Applies the committed migrations (drizzle-orm's migrator: works on PGlite and PostgreSQL). */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, { migrationsFolder });
  } else {
    // Two instances starting together must not both migrate: serialise on an advisory lock.
    const client = await (database.pool as pg.Pool).connect();
    try {
      await client.query('SELECT pg_advisory_lock(727274)');
      await migratePg(drizzlePg(client), { migrationsFolder });
    } finally {
      await client.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
      client.release();
    }
  }
}

/**
 * Runs a read on the hot path as a named prepared statement (PostgreSQL plans it once per
 * connection) or directly on PGlite. Raw SQL on purpose: the few queries every request makes skip the
 * query builder's per-call work (see docs/benchmarks.md). Never inside a transaction.
 */
export async function queryPrepared<T>(
  database: Database,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  if (database.pool) return (await database.pool.query({ name, text, values: values as never[] })).rows as T[];
  const pglite = database.pglite as PGlite;
  // PGlite's query() plans its text on every call. A statement whose values are all plain strings (ids, hashes) is
  // PREPAREd once on PGlite's one connection, then EXECUTEd with the values as quoted literals (a utility statement
  // takes no bind parameters): the plan is kept. Anything else, or a statement that fails to prepare, runs as text.
  if (values.every((v) => typeof v === 'string' && !v.includes('\0'))) {
    let prepared = preparedOnPglite.get(pglite);
    if (!prepared) {
      prepared = new Map();
      preparedOnPglite.set(pglite, prepared);
    }
    const quoted = `"${name.replaceAll('"', '""')}"`;
    // One PREPARE however many requests ask at once (a second one would fail as a duplicate).
    let ready = prepared.get(name);
    if (!ready) {
      ready = pglite.exec(`PREPARE ${quoted} AS ${text}`).then(
        () => true,
        () => false,
      );
      prepared.set(name, ready);
    }
    if (await ready) {
      const literals = (values as string[]).map((v) => `'${v.replaceAll("'", "''")}'`).join(', ');
      return (await pglite.query<T>(`EXECUTE ${quoted}${values.length ? `(${literals})` : ''}`)).rows;
    }
  }
  return (await pglite.query<T>(text, values)).rows;
}

/** The hot path's statements PREPAREd on each PGlite database, by name (false: it could not be; run as text). */
const preparedOnPglite = new WeakMap<PGlite, Map<string, Promise<boolean>>>();

const dialect = new PgDialect();
const preparedTexts = new Map<string, string>();

/** The SQL text of a query written with drizzle's `sql` that holds no parameter (a fragment another statement embeds). */
export function sqlText(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (params.length) throw new Error(`sqlText: the fragment has ${params.length} parameters: ${text}`);
  return text;
}

/**
 * `queryPrepared` for a query written with drizzle's `sql` (so it can embed the owners' SQL fragments):
 * rendered to text and parameters on each call, prepared under `name` once per connection. Every
 * call under one name must render the same text (lists as one array parameter, e.g. `uuidArray`):
 * a different text is a bug and throws rather than reaching PostgreSQL's "prepared statement" error.
 */
export async function queryPreparedSql<T>(database: Database, name: string, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const known = preparedTexts.get(name);
  if (known === undefined) preparedTexts.set(name, text);
  else if (known !== text) throw new Error(`prepared statement ${name}: another text under the same name`);
  return queryPrepared<T>(database, name, text, params);
}

/**
 * A LIMIT written into a prepared statement's text, not passed as a parameter; give the statement's name the
 * same number (one text per name). PostgreSQL plans a parameter LIMIT for a tenth of the rows: the one plan it
 * could reuse then looks costlier than planning each execution anew, so it re-plans every time (about as long as
 * running the statement; docs/benchmarks.md, "/home data"), or, when told to reuse it, reuses a bad one.
 */
export function inlineLimit(limit: number): SQL {
  if (!Number.isInteger(limit) || limit < 1 || limit > 10_000)
    throw new Error(`inlineLimit: ${limit} is not a row count`);
  return sql.raw(`LIMIT ${limit}`);
}

/**
 * The rows of `query`, `batch` at a time, from a server-side cursor (PostgreSQL: a connection of the pool holds a
 * read-only transaction and `FETCH`es as the caller consumes, so one statement is planned and run once and no more
 * than a batch is ever in memory; closed and released when the caller stops, early or not). PGlite has one
 * connection for every request: a cursor would hold all of them behind the reader, so there `null` is returned and
 * the caller pages by keyset instead.
 */
export function cursorRows<T>(database: Database, query: SQL, batch = 1_000): AsyncGenerator<T> | null {
  const pool = database.pool;
  if (database.kind !== 'postgres' || !pool) return null;
  const { sql: text, params } = dialect.sqlToQuery(query);
  return (async function* () {
    const client = await pool.connect();
    let failed: unknown;
    try {
      await client.query('BEGIN READ ONLY');
      await client.query(`DECLARE portal_rows NO SCROLL CURSOR FOR ${text}`, params);
      for (;;) {
        const { rows } = await client.query(`FETCH ${batch} FROM portal_rows`);
        yield* rows as T[];
        if (rows.length < batch) break;
      }
    } catch (err) {
      failed = err;
      throw err;
    } finally {
      // COMMIT closes the cursor; after an error, ROLLBACK, and a connection that cannot is dropped.
      await client.query(failed ? 'ROLLBACK' : 'COMMIT').then(
        () => client.release(),
        (err: Error) => client.release(err),
      );
    }
  })();
}
