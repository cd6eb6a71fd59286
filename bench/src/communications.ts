/**
 * `npm run bench:communications -w bench` (docs/benchmarks.md#the-budget, issue 5 point 9): a communication to 100,000
 * recipients and its dashboard, on PostgreSQL and PGlite.
 *
 * For each engine (PostgreSQL: a fresh database `portal_bench_comms_<pid>`; PGlite: on disk in a temp dir):
 * 1. the portal built IN THIS PROCESS (`buildPortal`, NODE_ENV=production, as bench/src/server.ts does), which
 *    migrates and seeds the demo data; the e-mail worker of this instance is switched off (`offWork`): the
 *    e-mails are a separate job after the fan-out, not part of the budget's figure;
 * 2. 100,000 active users in the user group "Bench 100k", with dealer / brand / dealer-group links, seeded in
 *    SQL (bench/src/communications-seed.ts);
 * 3. fan-out, BENCH_COMMS_RUNS times (3): a fresh communication in APROVADO for that group (criador
 *    aprovador@portal.demo), then `fanOut(services, id)` timed: the one transaction that writes the
 *    deliveries, the notification (its recipients are the deliveries, decision 0053: no notificacao_usuario
 *    row each), the status ENVIADO and the e-mail job. Then EXPLAIN (ANALYZE, BUFFERS) of its big statement on
 *    one more communication, rolled back;
 * 4. dashboard: about 40% of the first communication's deliveries marked read (dates over 14 days); the SQL
 *    of the dashboard's recount (what its counters' build runs) and of `leiturasComunicado` and the export's
 *    batches (captured from the server's own query functions) under EXPLAIN ANALYZE, median of 3; the dashboard's
 *    counters built (timed); the portal closed and the pending e-mail jobs dropped;
 * 5. the portal started as `npm start` does in a child process (bench/src/library.ts `startServer`), signed
 *    in as aprovador@portal.demo: `dashboardComunicado` and `leiturasComunicado` (3 searches) over HTTP,
 *    sequential, BENCH_COMMS_WARMUP (10) then BENCH_COMMS_REQUESTS (100), at most BENCH_COMMS_MAX_SECONDS
 *    (60) per scenario; then BENCH_COMMS_LIVE_DASHBOARDS (20) open dashboards (event streams) and
 *    BENCH_COMMS_LIVE_READS (5) recipients reading in turn, timed from the read to every dashboard refetched with
 *    it; then `GET /api/comunicados/{id}/leituras.xlsx` of a small communication (a first export: whatever it
 *    loads once per process, ExcelJS before decision 0054) and of the 100,000 readers (ms, bytes, server RSS
 *    growth: the budget's figure).
 * Prints tables and every figure beside its budget; writes nothing in the repo (temp dirs and the database are
 * removed at the end).
 *
 * Environment: BENCH_BACKENDS (postgres,pglite), BENCH_PG_URL (admin connection), BENCH_COMMS_USERS (100000),
 * BENCH_COMMS_RUNS (3), BENCH_COMMS_REQUESTS (100), BENCH_COMMS_WARMUP (10), BENCH_COMMS_MAX_SECONDS (60),
 * BENCH_COMMS_LIVE_DASHBOARDS (20), BENCH_COMMS_LIVE_READS (5).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildPainel } from '../../apps/server/src/modules/communications/communications.dashboard.js';
import { fanOut } from '../../apps/server/src/modules/communications/communications.jobs.js';
import {
  audienceOf,
  deliveryTotals,
  findComunicado,
  pageLeituras,
  readsBy,
  readsPerDay,
  recipientsSql,
  streamLeituras,
} from '../../apps/server/src/modules/communications/communications.queries.js';
import { EMAIL_QUEUE } from '../../apps/server/src/modules/communications/communications.service.js';
import type { PortalApp } from '../../apps/server/src/platform/app.js';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { maintainEmbedded } from '../../apps/server/src/platform/maintenance.js';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo.js';
import { buildPortal } from '../../apps/server/src/server.js';
import { type CookieClient, openEventStream, signIn } from '../../apps/server/test/browserless.js';
import { communication, markReads, SEARCHES, seedUsers } from './communications-seed.js';
import {
  type Backend,
  captureSql,
  cleanupAll,
  cleanups,
  createPgDatabase,
  explain,
  freePort,
  intEnv,
  percentile,
  round,
  rssKb,
  runnersOf,
  type Server,
  sleep,
  startServer,
  table,
} from './library.js';
import { recordFigure } from './results.js';

const BACKENDS = (process.env.BENCH_BACKENDS || 'postgres,pglite').split(',').map((b) => b.trim()) as Backend[];
for (const b of BACKENDS)
  if (b !== 'postgres' && b !== 'pglite') throw new Error(`BENCH_BACKENDS: unknown backend ${b}`);
const USERS = intEnv('BENCH_COMMS_USERS', 100_000, 1_000, 5_000_000);
const RUNS = intEnv('BENCH_COMMS_RUNS', 3, 1, 20);
const REQUESTS = intEnv('BENCH_COMMS_REQUESTS', 100, 1, 100_000);
const WARMUP = intEnv('BENCH_COMMS_WARMUP', 10, 0, 10_000);
const MAX_SECONDS = intEnv('BENCH_COMMS_MAX_SECONDS', 60, 1, 3600);
const LIVE_DASHBOARDS = intEnv('BENCH_COMMS_LIVE_DASHBOARDS', 20, 1, 1000);
const LIVE_READS = intEnv('BENCH_COMMS_LIVE_READS', 5, 1, 100);
/** The budgets (docs/benchmarks.md#the-budget, issue 21 points 1 to 4). */
const BUDGET_FANOUT_MS: Record<Backend, number> = { postgres: 1000, pglite: 5000 };
const BUDGET_DASHBOARD_MS = 100;
const BUDGET_READERS_MS = 50;
const BUDGET_LIVE_MS = 1000;
const BUDGET_XLSX_MB = 30;
const CREATOR = 'aprovador@portal.demo';
const log = (msg: string) => console.log(msg);

const DASHBOARD_QUERY = `query DashboardComunicado($id: ID!) { dashboardComunicado(id: $id) {
  destinatarios entregues lidos naoLidos taxaLeitura leiturasPorDia { dia lidos }
  porDealer { nome destinatarios lidos } porGrupo { nome destinatarios lidos }
  porMarca { nome destinatarios lidos } porGrupoUsuarios { nome destinatarios lidos } } }`;
const READERS_QUERY = `query LeiturasComunicado($id: ID!, $busca: String) {
  leiturasComunicado(id: $id, busca: $busca, page: 0, rowsPerPage: 10) { totalElements content { usuario { nome } lido } } }`;

/** The environment `startServer` gives the child, for the portal built here. */
function portalEnv(dataDir: string, databaseUrl: string | undefined, port: number): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  for (const k of [
    'DATABASE_URL',
    'OIDC_ISSUER',
    'OIDC_CLIENT_ID',
    'OIDC_CLIENT_SECRET',
    'SMTP_URL',
    'UPLOAD_MAX_BYTES',
  ])
    delete env[k];
  for (const k of Object.keys(env)) if (k.startsWith('S3_')) delete env[k];
  Object.assign(env, {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_SEED: 'true',
    SESSION_SECRET: 'bench-only-session-secret-0123456789abcdef',
  });
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

const planText = (rows: Record<string, unknown>[]) => rows.map((r) => String(Object.values(r)[0])).join('\n');
const execMs = (plan: string) =>
  Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN) +
  Number(/Planning Time: ([\d.]+) ms/.exec(plan)?.[1] ?? 0);

type FanOutRun = { id: string; ms: number; returned: number; deliveries: number; notifications: number };

async function fanOutRuns(
  portal: PortalApp,
  exec: ReturnType<typeof runnersOf>['exec'],
  creatorId: string,
  groupId: string,
) {
  const runs: FanOutRun[] = [];
  for (let i = 1; i <= RUNS; i++) {
    const id = await communication(exec, creatorId, groupId, i);
    const t0 = performance.now();
    const recipients = await fanOut(portal.services, id);
    const ms = performance.now() - t0;
    const [c] = await exec(`SELECT status FROM comunicado WHERE id = '${id}'`);
    if (c.status !== 'ENVIADO') throw new Error(`fan-out ${i}: status ${c.status}, not ENVIADO`);
    const [{ n: deliveries }] = await exec(
      `SELECT count(*)::int AS n FROM comunicado_envio WHERE comunicado_id = '${id}'`,
    );
    // The bell's recipients are the deliveries of a communication with its notification (decision 0053): no row
    // of notificacao_usuario is written for them.
    const [{ n: notifications, rows: bellRows }] = await exec(
      `SELECT count(*)::int AS n,
              (SELECT count(*)::int FROM notificacao_usuario nu WHERE nu.notificacao_id = c.notificacao_id) AS rows
         FROM comunicado c JOIN comunicado_envio e ON e.comunicado_id = c.id
        WHERE c.id = '${id}' AND c.notificacao_id IS NOT NULL GROUP BY c.notificacao_id`,
    );
    const run = {
      id,
      ms: round(ms, 1),
      returned: recipients.n,
      deliveries: Number(deliveries),
      notifications: Number(notifications),
    };
    if (run.deliveries !== USERS || run.notifications !== USERS || run.returned !== USERS || Number(bellRows) !== 0)
      throw new Error(`fan-out ${i}: ${JSON.stringify(run)}, expected ${USERS} of each`);
    runs.push(run);
    log(`  fan-out ${i}: ${run.ms} ms, ${run.deliveries} deliveries, ${run.notifications} reached by the bell`);
  }
  return runs;
}

/** The fan-out's statements under EXPLAIN (ANALYZE, BUFFERS), on one more communication, rolled back. */
async function explainFanOut(portal: PortalApp, id: string) {
  const plans: { name: string; ms: number; plan: string }[] = [];
  const ROLLBACK = new Error('rollback');
  await portal.services.db
    .transaction(async (tx) => {
      const run = async (name: string, q: ReturnType<typeof sql>) => {
        const plan = planText(
          (await tx.execute(sql`EXPLAIN (ANALYZE, BUFFERS) ${q}`)).rows as Record<string, unknown>[],
        );
        plans.push({ name, ms: round(execMs(plan), 1), plan });
      };
      const c = (await findComunicado(tx, id, true))!;
      const audience = await audienceOf(tx, c);
      await tx.execute(sql`SET LOCAL work_mem = '32MB'`); // as fanOut() does
      const now = new Date();
      // The statement of fanOut() (communications.jobs.ts): the deliveries, which are also the bell's recipients
      // (decision 0053).
      await run(
        'INSERT comunicado_envio (one statement)',
        sql`WITH novos AS (
            INSERT INTO comunicado_envio (comunicado_id, usuario_id, data_recebimento)
            SELECT ${c.id}, r.id, ${now} FROM (${recipientsSql(audience)}) r ORDER BY r.id RETURNING usuario_id)
          SELECT count(*)::int AS n, (array_agg(usuario_id))[1:51] AS ids FROM novos`,
      );
      throw ROLLBACK;
    })
    .catch((err) => {
      if (err !== ROLLBACK) throw err;
    });
  return plans;
}

type SqlRow = { name: string; ms: number; plan: string };

/** The dashboard's and the readers list's statements, captured from the server's functions, EXPLAIN ANALYZE. */
async function explainDashboard(query: ReturnType<typeof runnersOf>['query'], id: string): Promise<SqlRow[]> {
  const named = async (names: string[], run: (db: never) => Promise<unknown>) =>
    (await captureSql(run)).map((stmt, i) => ({ name: names[i] ?? `statement ${i}`, stmt }));
  const statements = [
    ...(await named(['dashboard recount (as its build): totals'], (db) => deliveryTotals(db, id))),
    ...(await named(['dashboard recount (as its build): per day'], (db) => readsPerDay(db, id))),
    ...(await named(
      [
        'dashboard recount (as its build): porDealer',
        'dashboard recount (as its build): porGrupo',
        'dashboard recount (as its build): porMarca',
        'dashboard recount (as its build): porGrupoUsuarios',
      ],
      (db) => readsBy(db, id),
    )),
  ];
  for (const s of SEARCHES)
    statements.push(
      ...(await named([`leituras ${s.label}: page`, `leituras ${s.label}: count`], (db) =>
        pageLeituras(db, id, { busca: s.busca, page: 0, rowsPerPage: 10 }),
      )),
    );
  statements.push(
    ...(await named(['xlsx: first batch of 1,000 readers'], (db) => streamLeituras(db, id).next())),
    ...(await named(['xlsx: a batch of 1,000 readers 50,000 in'], async (db) => {
      // The keyset of the 51st batch: the 50,000th reader by name.
      const [after] = (await query(
        `SELECT u.nome_busca, u.id::text AS id FROM comunicado_envio e JOIN usuario u ON u.id = e.usuario_id
          WHERE e.comunicado_id = $1 ORDER BY u.nome_busca, u.id OFFSET 49999 LIMIT 1`,
        [id],
      )) as { nome_busca: string; id: string }[];
      return streamLeituras(db, id, 1_000, after ? { nomeBusca: after.nome_busca, id: after.id } : null).next();
    })),
  );
  const out: SqlRow[] = [];
  for (const { name, stmt } of statements) {
    const { ms, plan } = await explain(query, stmt);
    out.push({ name, ms, plan });
    log(`  SQL ${name.padEnd(52)} ${ms} ms`);
  }
  return out;
}

type HttpStats = { n: number; mean: number; p50: number; p95: number; p99: number; max: number; check: string };

async function measure(name: string, once: () => Promise<string>): Promise<HttpStats> {
  const deadline = performance.now() + MAX_SECONDS * 1000;
  let check = '';
  for (let i = 0; i < WARMUP && performance.now() < deadline; i++) check = await once();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS && (i < 5 || performance.now() < deadline); i++) {
    const t0 = performance.now();
    check = await once();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const stats = {
    n: times.length,
    mean: round(times.reduce((a, b) => a + b, 0) / times.length),
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    max: round(times.at(-1)!),
    check,
  };
  log(
    `  HTTP ${name.padEnd(36)} n=${stats.n} mean ${stats.mean} p50 ${stats.p50} p95 ${stats.p95} p99 ${stats.p99} ms (${check})`,
  );
  return stats;
}

async function post(server: Server, client: CookieClient, query: string, variables: Record<string, unknown>) {
  const res = await fetch(`${server.url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie: client.cookieHeader() },
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`HTTP ${res.status} ${text.slice(0, 300)}`);
  const json = JSON.parse(text) as { data?: Record<string, Record<string, unknown>>; errors?: unknown };
  if (json.errors || !json.data) throw new Error(`GraphQL errors ${JSON.stringify(json.errors).slice(0, 500)}`);
  return Object.values(json.data)[0];
}

type LiveResult = { dashboards: number; reads: number; p50: number; p95: number; max: number };

/**
 * A read reaching every open dashboard: LIVE_DASHBOARDS event streams of the dashboard open as its author; each of
 * the readers marks it read in turn; every stream's `leitura` event is followed by a refetch of
 * `dashboardComunicado`, as the web does, until it shows the new read. Timed from the read's request to each
 * dashboard showing it (ms).
 */
async function liveReads(
  server: Server,
  author: CookieClient,
  id: string,
  readBefore: number,
  readers: string[],
): Promise<LiveResult> {
  const streams = await Promise.all(
    Array.from({ length: LIVE_DASHBOARDS }, () =>
      openEventStream(author, `${server.url}/api/comunicados/${id}/leituras/stream`),
    ),
  );
  const times: number[] = [];
  let lidos = readBefore;
  try {
    for (const email of readers) {
      const { client } = await signIn(server.url, email, DEMO_PASSWORD);
      const seen = streams.map((s) => s.events.length);
      lidos += 1;
      const t0 = performance.now();
      await post(server, client, `mutation { marcarEnvioComoLido(idComunicado: "${id}") { lido } }`, {});
      const reached = await Promise.all(
        streams.map(async (stream, i) => {
          await stream.next((e) => e.event === 'leitura', seen[i], 10_000);
          const d = await post(server, author, DASHBOARD_QUERY, { id });
          if (d.lidos !== lidos) throw new Error(`live: dashboard shows ${d.lidos} read, not ${lidos}`);
          return performance.now() - t0;
        }),
      );
      times.push(...reached);
    }
  } finally {
    for (const s of streams) s.close();
  }
  times.sort((a, b) => a - b);
  const result = {
    dashboards: LIVE_DASHBOARDS,
    reads: readers.length,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    max: round(times.at(-1)!),
  };
  log(
    `  live: ${result.reads} reads x ${result.dashboards} open dashboards, read to dashboard updated p50 ${result.p50} p95 ${result.p95} max ${result.max} ms`,
  );
  return result;
}

/**
 * On PGlite, one pass of the portal's own maintenance (autovacuum's thresholds, decision 0055), as a running
 * embedded portal does within a minute of such writes (on PostgreSQL, its autovacuum does the same; nothing here).
 */
async function maintained(portal: PortalApp, when: string) {
  if (portal.services.database.kind !== 'pglite') return;
  await sleep(1_100); // PGlite flushes its table statistics at most once a second
  const t0 = performance.now();
  const done = await maintainEmbedded(portal.services.database);
  if (done.length) log(`  maintenance ${when}: ${done.join(', ')} (${round(performance.now() - t0, 0)} ms)`);
}

type XlsxResult = { ms: number; bytes: number; baselineMb: number; peakMb: number; growthMb: number };

async function exportXlsx(server: Server, client: CookieClient, id: string, label: string): Promise<XlsxResult> {
  const pid = server.child.pid!;
  const before: number[] = [];
  for (let i = 0; i < 20; i++) {
    before.push(rssKb(pid));
    await sleep(50);
  }
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssKb(pid)), 50);
  const t0 = performance.now();
  const res = await fetch(`${server.url}/api/comunicados/${id}/leituras.xlsx`, {
    headers: { cookie: client.cookieHeader() },
  });
  if (res.status !== 200) throw new Error(`xlsx: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
  let bytes = 0;
  let head = '';
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (!bytes) head = Buffer.from(chunk.subarray(0, 2)).toString('latin1');
    bytes += chunk.length;
  }
  const ms = performance.now() - t0;
  await sleep(500);
  clearInterval(sampler);
  if (head !== 'PK') throw new Error('xlsx: the answer is not a zip file');
  before.sort((a, b) => a - b);
  const baselineKb = before[Math.floor(before.length / 2)];
  const peakKb = Math.max(...samples.filter(Number.isFinite));
  const result = {
    ms: round(ms, 1),
    bytes,
    baselineMb: round(baselineKb / 1024, 1),
    peakMb: round(peakKb / 1024, 1),
    growthMb: round((peakKb - baselineKb) / 1024, 1),
  };
  log(
    `  xlsx, ${label}: ${result.ms} ms, ${bytes.toLocaleString('en')} bytes, server RSS ${result.baselineMb} -> peak ${result.peakMb} MB (growth ${result.growthMb} MB)`,
  );
  return result;
}

type BackendResult = {
  backend: Backend;
  version: string;
  seedSeconds: number;
  runs: FanOutRun[];
  fanOutPlans: { name: string; ms: number; plan: string }[];
  reads: number;
  buildMs: number;
  sql: SqlRow[];
  http: { name: string; stats: HttpStats }[];
  live: LiveResult;
  /** The small communication's export first (what an export loads once per process); then the measured one. */
  xlsxFirst: XlsxResult;
  xlsx: XlsxResult;
};

async function runBackend(backend: Backend): Promise<BackendResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `portal-bench-comms-${backend}-`));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  let version = 'PGlite';
  if (backend === 'postgres') {
    const created = await createPgDatabase('portal_bench_comms');
    databaseUrl = created.url;
    version = `PostgreSQL ${created.version}`;
  }
  log(`\n== ${backend}: ${USERS.toLocaleString('en')} recipients, data in ${dataDir}`);

  // 1-4: the portal in this process.
  // PGlite's maintenance (decision 0055) runs at the points below rather than on its timer, so that no pass lands
  // inside a timed fan-out; the child server of the HTTP phase keeps its timer.
  const config = loadConfig({ ...portalEnv(dataDir, databaseUrl, await freePort()), EMBEDDED_MAINTENANCE_MS: '0' });
  const portal = await buildPortal({ config, inMemory: false });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await portal.close();
  };
  cleanups.push(close);
  await portal.services.jobs.boss.offWork(EMAIL_QUEUE);
  const { exec, query } = runnersOf(portal.services.database);
  log(`${backend}: portal migrated and demo-seeded in this process`);

  const seeded = await seedUsers(exec, USERS, log);
  await maintained(portal, 'after the seed');
  log(`${backend}: seeded ${USERS.toLocaleString('en')} users in ${seeded.seconds.toFixed(1)} s`);
  const [creator] = await exec(`SELECT id::text AS id FROM usuario WHERE email = '${CREATOR}'`);
  const creatorId = String(creator.id);

  const runs = await fanOutRuns(portal, exec, creatorId, seeded.groupId);
  const fanOutPlans = await explainFanOut(portal, await communication(exec, creatorId, seeded.groupId, RUNS + 1));
  for (const p of fanOutPlans) log(`  EXPLAIN ANALYZE ${p.name}: ${p.ms} ms`);

  const dashboardId = runs[0].id;
  // A small sent communication of the same author (the demo group with the fewest active members): its export,
  // before the measured one, loads what an export needs once per process (ExcelJS, about 30 MB, before decision 0054).
  const [small] = await exec(`SELECT ugu.grupo_usuarios_id::text AS id FROM usuario_grupo_usuarios ugu
      JOIN usuario u ON u.id = ugu.usuario_id WHERE u.active AND ugu.grupo_usuarios_id <> '${seeded.groupId}'
     GROUP BY 1 ORDER BY count(*), 1 LIMIT 1`);
  const warmUpId = await communication(exec, creatorId, String(small.id), RUNS + 2);
  await fanOut(portal.services, warmUpId);
  const reads = await markReads(exec, dashboardId);
  log(`  ${reads.toLocaleString('en')} of ${USERS.toLocaleString('en')} deliveries of ${dashboardId} marked read`);
  await maintained(portal, 'after the fan-outs and reads');
  const sqlRows = await explainDashboard(query, dashboardId);
  // The dashboard's counters, built once from the deliveries (what its first request does).
  const tBuild = performance.now();
  await buildPainel(portal.services.db, dashboardId);
  const buildMs = round(performance.now() - tBuild, 1);
  log(`  dashboard counters built in ${buildMs} ms`);
  // Unread recipients who will read during the live phase: they sign in with the demo password.
  const liveReaders = (
    await exec(`SELECT u.email::text AS email FROM comunicado_envio e JOIN usuario u ON u.id = e.usuario_id
      WHERE e.comunicado_id = '${dashboardId}' AND NOT e.lido ORDER BY u.email LIMIT ${LIVE_READS}`)
  ).map((r) => String(r.email));
  await exec(`UPDATE usuario SET senha_hash = (SELECT senha_hash FROM usuario WHERE email = '${CREATOR}')
    WHERE email IN (${liveReaders.map((e) => `'${e}'`).join(',')})`);
  // The e-mail jobs of the fan-outs would otherwise run in the child server during the measurements.
  await exec(`DELETE FROM pgboss.job WHERE name = '${EMAIL_QUEUE}'`);
  await close();

  // 5: the portal as `npm start` runs it, over HTTP.
  const server = await startServer(dataDir, databaseUrl);
  const { client, status, finalUrl } = await signIn(server.url, CREATOR, DEMO_PASSWORD);
  if (!client.jar.has('portal_sid')) throw new Error(`sign-in of ${CREATOR} failed (${status} at ${finalUrl})`);
  const http: { name: string; stats: HttpStats }[] = [];
  http.push({
    name: 'dashboardComunicado',
    stats: await measure('dashboardComunicado', async () => {
      const d = await post(server, client, DASHBOARD_QUERY, { id: dashboardId });
      if (d.entregues !== USERS || d.lidos !== reads) throw new Error(`dashboard: ${JSON.stringify(d).slice(0, 300)}`);
      return `${d.entregues} delivered, ${d.lidos} read, ${(d.porDealer as unknown[]).length} dealers`;
    }),
  });
  for (const s of SEARCHES) {
    const name = `leiturasComunicado ${s.label}`;
    http.push({
      name,
      stats: await measure(name, async () => {
        const page = await post(server, client, READERS_QUERY, { id: dashboardId, busca: s.busca });
        if (!Array.isArray(page.content)) throw new Error(`${name}: no page`);
        return `${page.totalElements} match`;
      }),
    });
  }
  const live = await liveReads(server, client, dashboardId, reads, liveReaders);
  const xlsxFirst = await exportXlsx(server, client, warmUpId, 'first export (a small one)');
  const xlsx = await exportXlsx(server, client, dashboardId, '100,000 readers');
  await cleanupAll(); // this backend's server, database and temp dir
  return {
    backend,
    version,
    seedSeconds: seeded.seconds,
    runs,
    fanOutPlans,
    reads,
    buildMs,
    sql: sqlRows,
    http,
    live,
    xlsxFirst,
    xlsx,
  };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main() {
  log(
    `Communications bench: ${USERS.toLocaleString('en')} recipients, ${RUNS} fan-outs; HTTP ${REQUESTS} sequential requests ` +
      `after ${WARMUP} warm-up (at most ${MAX_SECONDS} s each); ${os.cpus().length} cores (${os.cpus()[0]?.model?.trim()}), Node ${process.version}.`,
  );
  const results: BackendResult[] = [];
  for (const backend of BACKENDS) results.push(await runBackend(backend));

  log(
    `\n${table(
      ['backend', 'run', 'fan-out ms', 'deliveries', 'reached by the bell'],
      results.flatMap((r) => [
        ...r.runs.map((x, i) => [
          r.backend,
          String(i + 1),
          x.ms.toFixed(1),
          String(x.deliveries),
          String(x.notifications),
        ]),
        [r.backend, 'median', median(r.runs.map((x) => x.ms)).toFixed(1), '', ''],
      ]),
      [false, false, true, true, true],
    )}\n`,
  );
  log(
    table(
      ['backend', 'scenario', 'n', 'mean ms', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'answer'],
      results.flatMap((r) =>
        r.http.map((h) => [
          r.backend,
          h.name,
          String(h.stats.n),
          h.stats.mean.toFixed(2),
          h.stats.p50.toFixed(2),
          h.stats.p95.toFixed(2),
          h.stats.p99.toFixed(2),
          h.stats.max.toFixed(2),
          h.stats.check,
        ]),
      ),
      [false, false, true, true, true, true, true, true, false],
    ),
  );
  log(
    `\n${table(
      ['backend', 'statement', 'SQL ms'],
      results.flatMap((r) => [
        ...r.fanOutPlans.map((p) => [r.backend, `fan-out: ${p.name}`, p.ms.toFixed(1)]),
        ...r.sql.map((s) => [r.backend, s.name, s.ms.toFixed(2)]),
      ]),
      [false, false, true],
    )}\n`,
  );
  log('SQL ms: fan-out statements: one EXPLAIN (ANALYZE, BUFFERS) in a rolled-back transaction; dashboard statements:');
  log('median of 3 EXPLAIN (ANALYZE, BUFFERS) runs (planning + execution) of the statement the server sends.\n');
  for (const r of results)
    log(
      `${r.backend} (${r.version}): users seeded in ${r.seedSeconds.toFixed(1)} s; dashboard counters built in ${r.buildMs} ms; xlsx ${r.xlsx.ms} ms, ${r.xlsx.bytes.toLocaleString('en')} bytes, ` +
        `server RSS ${r.xlsx.baselineMb} -> ${r.xlsx.peakMb} MB (growth ${r.xlsx.growthMb} MB; the small export before it, ` +
        `first in the process: growth ${r.xlsxFirst.growthMb} MB)`,
    );
  const budgetRows: string[][] = [];
  const check = (r: BackendResult, figure: string, value: number, budget: number, unit: string) => {
    budgetRows.push([
      figure,
      r.backend,
      `${value.toFixed(1)} ${unit}`,
      `under ${budget} ${unit}`,
      value < budget ? 'met' : 'NOT met',
    ]);
    recordFigure({
      figure: `communications: ${figure.replace(/ (of|to) 100,000( readers)?/, '')}`,
      budget: `< ${budget} ${unit}`,
      backend: r.backend,
      value: round(value, 1),
      unit,
      size: `${USERS.toLocaleString('en')} recipients`,
      met: value < budget,
    });
  };
  for (const r of results) {
    check(r, 'fan-out to 100,000, median', median(r.runs.map((x) => x.ms)), BUDGET_FANOUT_MS[r.backend], 'ms');
    for (const h of r.http) {
      if (h.name === 'dashboardComunicado') check(r, 'dashboardComunicado p95', h.stats.p95, BUDGET_DASHBOARD_MS, 'ms');
      else if (!h.name.includes('no search')) check(r, `${h.name} p95`, h.stats.p95, BUDGET_READERS_MS, 'ms');
    }
    check(r, `a read on ${r.live.dashboards} open dashboards, max`, r.live.max, BUDGET_LIVE_MS, 'ms');
    check(r, '.xlsx of 100,000 readers, server RSS growth', r.xlsx.growthMb, BUDGET_XLSX_MB, 'MB');
  }
  log(
    `\nBudgets (issue 21; docs/benchmarks.md#the-budget):\n${table(
      ['figure', 'backend', 'measured', 'budget', ''],
      budgetRows,
      [false, false, true, true, false],
    )}`,
  );
  for (const r of results) {
    for (const p of r.fanOutPlans) log(`\n-- ${r.backend}, fan-out ${p.name}: EXPLAIN (ANALYZE, BUFFERS)\n${p.plan}`);
    for (const s of r.sql.filter((x) => x.ms >= 50))
      log(`\n-- ${r.backend}, ${s.name}: EXPLAIN (ANALYZE, BUFFERS)\n${s.plan}`);
  }
}

main()
  .catch((err) => {
    console.error('\nCommunications bench failed:', err instanceof Error ? (err.stack ?? err.message) : err);
    process.exitCode = 1;
  })
  .finally(() => cleanupAll());
