/**
 * `npm run bench:push -w bench` (docs/benchmarks.md#web-push, issue 18 point 6): one notification pushed to
 * 10,000 browser subscriptions through a local push service.
 *
 * 1. A receiver in a CHILD process (this file with `--receiver`): plain HTTP on 127.0.0.1 that reads each request
 *    and answers 201, counting them; in a child so that its work does not count as the server's time or memory.
 * 2. The portal built IN THIS PROCESS (`buildPortal`, NODE_ENV=production) on PostgreSQL (a fresh database
 *    `portal_bench_push_<pid>`, dropped at the end) or PGlite (BENCH_BACKENDS=pglite), its push test origin set
 *    to the receiver (`config.push.testOrigin`, which no variable sets).
 * 3. Seed in SQL: BENCH_PUSH_SUBSCRIPTIONS (10,000) active users, one subscription each (the same browser keys:
 *    the sender's cost is per message, a fresh key pair each), a third in English or Spanish; one notification
 *    to all of them (`createNotification`, no job queued).
 * 4. Timed: the encryption alone of that many payloads (`encryptPayload`), then the push job itself
 *    (`sendPushes`: claim batches of 500, encrypt, sign, post with PUSH_CONCURRENCY in flight), with this
 *    process's RSS sampled every 50 ms and heap measured before and after.
 * Prints a table beside the reference (memory growth under 100 MB, the budget of the other bulk jobs).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { encryptPayload } from '../../apps/server/src/modules/notifications/notifications.push.crypto.js';
import { sendPushes } from '../../apps/server/src/modules/notifications/notifications.push.jobs.js';
import { createNotification } from '../../apps/server/src/modules/notifications/notifications.service.js';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { buildPortal } from '../../apps/server/src/server.js';
import { cleanupAll, cleanups, createPgDatabase, freePort, intEnv, round, runnersOf, table } from './library.js';
import { recordFigure } from './results.js';

const SUBSCRIPTIONS = intEnv('BENCH_PUSH_SUBSCRIPTIONS', 10_000, 10, 1_000_000);
const CONCURRENCY = intEnv('PUSH_CONCURRENCY', 50, 1, 500);
const BACKEND = (process.env.BENCH_BACKENDS || 'postgres').split(',')[0].trim();
/** The memory budget of the other bulk jobs (docs/benchmarks.md#the-budget). */
const GROWTH_BUDGET_MB = 100;
const log = (msg: string) => console.log(msg);
const mb = (bytes: number) => round(bytes / 1_048_576, 1);

/** Child mode: the receiver. Prints `PORT <n>`; GET /count answers how many pushes it took. */
function receiver() {
  let count = 0;
  let bytes = 0;
  const server = http.createServer((req, res) => {
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ count, bytes }));
      return;
    }
    req.on('data', (c: Buffer) => {
      bytes += c.length;
    });
    req.on('end', () => {
      if (req.headers['content-encoding'] === 'aes128gcm' && req.headers.authorization?.startsWith('vapid t=')) count++;
      res.writeHead(201).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => {
    console.log(`PORT ${(server.address() as { port: number }).port}`);
  });
}

async function startReceiver(): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--receiver'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  cleanups.push(async () => {
    child.kill();
  });
  const lines = readline.createInterface({ input: child.stdout! });
  for await (const line of lines) {
    const port = /^PORT (\d+)$/.exec(line)?.[1];
    if (port) return { origin: `http://127.0.0.1:${port}`, child };
  }
  throw new Error('the receiver did not start');
}

async function main() {
  log(
    `Push bench: ${SUBSCRIPTIONS.toLocaleString('en')} subscriptions, ${CONCURRENCY} in flight, ${BACKEND}; ` +
      `${os.cpus().length} cores (${os.cpus()[0]?.model?.trim()}), Node ${process.version}.`,
  );
  const { origin } = await startReceiver();
  const databaseUrl = BACKEND === 'postgres' ? (await createPgDatabase('portal_bench_push')).url : undefined;
  const port = await freePort();
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SESSION_SECRET: 'bench-only-session-secret-0123456789abcdef',
      DATA_DIR: path.join(os.tmpdir(), `portal-bench-push-${process.pid}`),
      LOG_LEVEL: 'warn',
      DEMO_SEED: 'true',
      PUSH_CONCURRENCY: String(CONCURRENCY),
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
    {},
  );
  const portal = await buildPortal({
    config: { ...config, push: { ...config.push, testOrigin: origin } },
    inMemory: !databaseUrl,
  });
  cleanups.push(() => portal.close());
  const { exec } = runnersOf(portal.services.database);

  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const key = ecdh.getPublicKey().toString('base64url');
  const auth = crypto.randomBytes(16).toString('base64url');
  const t0 = performance.now();
  await exec(`INSERT INTO usuario (id, nome, email, tipo, idioma, active)
      SELECT md5('bench-push-' || i)::uuid, 'Bench Push ' || i, 'bench.push' || i || '@bench.demo', 'DEALER_GRUPO',
             CASE WHEN i % 3 = 1 THEN 'EN' WHEN i % 3 = 2 THEN 'ES' ELSE 'PT_BR' END, true
        FROM generate_series(1, ${SUBSCRIPTIONS}) i;
    INSERT INTO push_subscription (usuario_id, endpoint, p256dh, auth)
      SELECT md5('bench-push-' || i)::uuid, '${origin}/push/' || i, '${key}', '${auth}'
        FROM generate_series(1, ${SUBSCRIPTIONS}) i;`);
  const ids = (await exec(`SELECT id FROM usuario WHERE email LIKE 'bench.push%'`)).map((r) => String(r.id));
  const notificacaoId = await createNotification(
    { db: portal.services.db },
    { titulo: 'Campanha de revisão 2027', texto: '<p>x</p>', link: '/comunicados', usuarioIds: ids },
  );
  log(
    `seeded ${ids.length.toLocaleString('en')} users and subscriptions in ${round((performance.now() - t0) / 1000, 1)} s`,
  );

  // The encryption alone (what each message costs before the network).
  const payload = Buffer.from(
    JSON.stringify({
      title: 'Campanha de revisão 2027',
      body: 'Nova notificação',
      url: '/comunicados',
      tag: notificacaoId,
    }),
  );
  const e0 = performance.now();
  for (let i = 0; i < SUBSCRIPTIONS; i++) encryptPayload(payload, { p256dh: key, auth });
  const encryptMs = performance.now() - e0;

  global.gc?.();
  const before = process.memoryUsage();
  let peakRss = before.rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const s0 = performance.now();
  const run = await sendPushes(portal.services, { notificacaoId, tipo: 'notificacao' });
  const sendMs = performance.now() - s0;
  clearInterval(sampler);
  const after = process.memoryUsage();
  peakRss = Math.max(peakRss, after.rss);
  const received = (await (await fetch(`${origin}/count`)).json()) as { count: number; bytes: number };
  if (run.sent !== SUBSCRIPTIONS || received.count !== SUBSCRIPTIONS) {
    throw new Error(`sent ${run.sent}, received ${received.count}, expected ${SUBSCRIPTIONS} (failed ${run.failed})`);
  }
  const backend = BACKEND === 'pglite' ? 'pglite' : 'postgres';
  const size = `${SUBSCRIPTIONS.toLocaleString('en')} subscriptions`;
  const growthMb = mb(peakRss - before.rss);
  recordFigure({
    figure: 'web push: server memory growth',
    budget: `< ${GROWTH_BUDGET_MB} MB`,
    backend,
    value: growthMb,
    unit: 'MB',
    size,
    met: growthMb < GROWTH_BUDGET_MB,
  });
  recordFigure({
    figure: 'web push: the job (encrypt, sign, send)',
    budget: '-',
    backend,
    value: round(sendMs, 0),
    unit: 'ms',
    size,
    met: null,
  });
  log('');
  log(
    table(
      ['what', 'figure', 'reference'],
      [
        ['pushes sent and received', SUBSCRIPTIONS.toLocaleString('en'), ''],
        ['encrypt only (ms)', round(encryptMs, 0).toLocaleString('en'), ''],
        ['encrypt + sign + send, the job (ms)', round(sendMs, 0).toLocaleString('en'), ''],
        ['pushes per second', round((SUBSCRIPTIONS / sendMs) * 1000, 0).toLocaleString('en'), ''],
        ['bytes received', received.bytes.toLocaleString('en'), ''],
        ['server RSS before → peak (MB)', `${mb(before.rss)} → ${mb(peakRss)}`, ''],
        ['server RSS growth (MB)', String(mb(peakRss - before.rss)), `< ${GROWTH_BUDGET_MB}`],
        ['heap used before → after (MB)', `${mb(before.heapUsed)} → ${mb(after.heapUsed)}`, ''],
      ],
      [false, true, true],
    ),
  );
}

if (process.argv.includes('--receiver')) receiver();
else
  main()
    .catch((err) => {
      console.error('\nPush bench failed:', err instanceof Error ? (err.stack ?? err.message) : err);
      process.exitCode = 1;
    })
    .finally(() => cleanupAll());
