/**
 * Where a /home data request spends its time (docs/benchmarks.md, "/home data"): the portal built in this process on
 * a fresh PostgreSQL database, seeded as `npm run bench` seeds the home scenarios (bench/src/home-seed.ts), one
 * dealer session; every SQL statement the server sends is timed (pg.Client.prototype.query wrapped). Prints, for
 * each of /home's root fields alone and for the whole document: sequential HTTP latency (p50/p95 of
 * BENCH_HOME_DIAG_REQUESTS, default 50), the statements of one request with their times, then EXPLAIN (ANALYZE,
 * BUFFERS) of each distinct statement of the whole document (median of 3 runs).
 * Run: `npm run bench:home-diag -w bench` (needs PostgreSQL, like `npm run bench`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { businessDay } from '@portal/domain';
import pg from 'pg';
// @ts-expect-error pg's utils have no types
import { prepareValue } from 'pg/lib/utils.js';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo.js';
import { buildPortal } from '../../apps/server/src/server.js';
import { signIn } from '../../apps/server/test/browserless.js';
import { HOME_USER, seedHome } from './home-seed.js';
import { cleanupAll, cleanups, createPgDatabase, explain, freePort, intEnv, percentile, runnersOf } from './library.js';

const REQUESTS = intEnv('BENCH_HOME_DIAG_REQUESTS', 50, 1, 10_000);
const IMAGE = 'arquivo { id arquivoLink largura altura variantes { largura altura link } }';
const FIELDS: Record<string, string> = {
  comunicadoEnviosRecentes:
    'comunicadoEnviosRecentes(limite: 5) { id lido dataRecebimento comunicado { id titulo departamento { id sigla } } }',
  ultimosModificados:
    'ultimosModificados(limite: 3) { id nome pasta arquivoImagem ultimaModificacao pastaPai { id nome } }',
  slidesAtivos: `slidesAtivos { id titulo corTitulo tamanhoTitulo subtitulo corSubtitulo tamanhoSubtitulo tituloBotao link linkTarget ${IMAGE} }`,
  anuncioAleatorio: `anuncioAleatorio { id titulo link linkTarget ${IMAGE} }`,
};
const DOCS: [string, string][] = [
  ...Object.entries(FIELDS).map(([k, v]): [string, string] => [k, `{ ${v} }`]),
  ['whole /home document', `{ ${Object.values(FIELDS).join(' ')} }`],
];

type Stmt = { text: string; values: unknown[]; ms: number };
let recording: Stmt[] | null = null;
const originalQuery = pg.Client.prototype.query;
(pg.Client.prototype as any).query = function (this: pg.Client, ...args: any[]) {
  const started = performance.now();
  const list = recording;
  const config =
    typeof args[0] === 'string' ? { text: args[0], values: Array.isArray(args[1]) ? args[1] : [] } : args[0];
  // drizzle passes the values beside the config object
  const values = config?.values ?? (Array.isArray(args[1]) ? args[1] : []);
  const done = () => list?.push({ text: String(config?.text), values, ms: performance.now() - started });
  const last = args.length - 1;
  if (list && typeof args[last] === 'function') {
    const callback = args[last];
    args[last] = (err: unknown, res: unknown) => {
      if (!err) done();
      callback(err, res);
    };
  }
  const result = (originalQuery as any).apply(this, args);
  if (list && result && typeof result.then === 'function') result.then(done, () => {});
  return result;
};

async function main() {
  const { url: databaseUrl, version } = await createPgDatabase('portal_bench_home_diag');
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-home-diag-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    DEMO_SEED: 'true',
    SESSION_SECRET: 'bench-only-session-secret-0123456789abcdef',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    PATH: process.env.PATH,
  });
  const portal = await buildPortal({ config, inMemory: false });
  cleanups.push(() => portal.close());
  const { exec, query } = runnersOf(portal.services.database);
  await seedHome(
    exec,
    businessDay(portal.services.clock.now()),
    intEnv('BENCH_HOME_LIBRARY_ITEMS', 20_000, 12_001, 5_000_000),
    console.log,
  );
  await portal.app.listen({ port, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${port}`;
  const { client } = await signIn(base, HOME_USER, DEMO_PASSWORD);
  const post = async (q: string) => {
    const r = await fetch(`${base}/api/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, cookie: client.cookieHeader() },
      body: JSON.stringify({ query: q }),
    });
    const text = await r.text();
    if (r.status !== 200 || text.includes('"errors"')) throw new Error(`HTTP ${r.status}: ${text.slice(0, 300)}`);
  };
  console.log(`PostgreSQL ${version}; ${REQUESTS} sequential requests each, after 10 warm-up\n`);
  const distinct = new Map<string, Stmt>();
  for (const [name, doc] of DOCS) {
    for (let i = 0; i < 10; i++) await post(doc);
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) {
      const t0 = performance.now();
      await post(doc);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    recording = [];
    await post(doc);
    await new Promise((r) => setTimeout(r, 20));
    const stmts = recording;
    recording = null;
    console.log(
      `${name}: HTTP p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms; ` +
        `${stmts.length} statements, ${stmts.reduce((s, x) => s + x.ms, 0).toFixed(2)} ms summed`,
    );
    for (const s of stmts) {
      console.log(`   ${s.ms.toFixed(2).padStart(7)} ms  ${s.text.replace(/\s+/g, ' ').slice(0, 150)}`);
      if (name === 'whole /home document' && !distinct.has(s.text)) distinct.set(s.text, s);
    }
  }
  // Whether PostgreSQL re-plans the prepared statements on each execution (custom plans) or reuses one plan (generic).
  const pool = portal.services.database.pool as pg.Pool;
  console.log('\nPrepared statements on the pool connections (plans made: generic / custom):');
  const idle = await Promise.all(Array.from({ length: pool.idleCount }, () => pool.connect()));
  for (const c of idle) {
    const { rows } = await c.query(
      'SELECT name, generic_plans, custom_plans FROM pg_prepared_statements WHERE name IS NOT NULL ORDER BY name',
    );
    console.log(`   connection: ${rows.map((r) => `${r.name} ${r.generic_plans} / ${r.custom_plans}`).join(', ')}`);
  }
  for (const c of idle) c.release();

  // Each statement of the whole document as PostgreSQL would run it re-planned each time (custom) and planned once
  // (generic): the time of 200 executions on one connection, and the generic plan.
  console.log('\nCustom (re-planned) against generic plans, 200 executions each on one connection:');
  const one = new pg.Client({ connectionString: databaseUrl });
  await one.connect();
  try {
    let n = 0;
    for (const s of distinct.values()) {
      const timeIt = async (mode: string) => {
        const name = `diag_${n++}`;
        await one.query(`SET plan_cache_mode = ${mode}`);
        for (let i = 0; i < 10; i++) await one.query({ name, text: s.text, values: s.values as never[] });
        const t0 = performance.now();
        for (let i = 0; i < 200; i++) await one.query({ name, text: s.text, values: s.values as never[] });
        return ((performance.now() - t0) / 200).toFixed(3);
      };
      const custom = await timeIt('force_custom_plan');
      const generic = await timeIt('force_generic_plan');
      const literals = s.values.map((v) => (v == null ? 'NULL' : one.escapeLiteral(String(prepareValue(v)))));
      await one.query(`PREPARE g${n} AS ${s.text}`);
      const plan = await one.query(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE g${n}(${literals.join(', ')})`);
      console.log(`\n-- custom ${custom} ms, generic ${generic} ms: ${s.text.replace(/\s+/g, ' ').slice(0, 120)}`);
      console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
    }
  } finally {
    await one.end();
  }
  console.log('\nEXPLAIN (ANALYZE, BUFFERS) of each distinct statement of the whole document (median of 3):');
  for (const s of distinct.values()) {
    if (!/^\s*(select|with)/i.test(s.text)) continue;
    const { ms, plan } = await explain(query, { sql: s.text, params: s.values });
    console.log(`\n-- ${ms} ms: ${s.text.replace(/\s+/g, ' ').slice(0, 200)}\n${plan}`);
  }
}

main()
  .catch((err) => {
    console.error('home diag failed:', err instanceof Error ? (err.stack ?? err.message) : err);
    process.exitCode = 1;
  })
  .finally(() => cleanupAll());
