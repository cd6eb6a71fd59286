/**
 * Start and idle memory of the portal as `npm start` runs it (decision 0045: `node apps/server/dist/main.js`, with
 * the flags of decision 0058):
 * process start to the first 200 of /readyz, and the resident set size (VmRSS) after BENCH_IDLE_SECONDS of idle.
 *
 * For each engine (PGlite in a fresh DATA_DIR, PostgreSQL in a fresh database `portal_bench_start_<pid>`):
 * the first start (migrations and the demo seed), then BENCH_START_RUNS restarts on the same data (median).
 * For comparison, one restart the old way (`node --import tsx apps/server/src/main.ts`, decision 0001).
 * Prints each figure beside its budget, with the CPU time the process used until ready (user + system): on a
 * machine shared with other work the wall time grows, the CPU time much less. Exits 1 if the server does not answer.
 *
 *   npm run bench:start -w bench
 *   BENCH_BACKENDS=pglite BENCH_START_RUNS=5 npm run bench:start -w bench
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildServer } from '../../apps/server/scripts/build.js';
import { SERVER_NODE_FLAGS } from './library.js';
import { recordFigure } from './results.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://portal:portal@127.0.0.1:5432/postgres';
const RUNS = Math.max(1, Number(process.env.BENCH_START_RUNS ?? 3));
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 5);
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'pglite,postgres').split(',');
const PORT = Number(process.env.BENCH_PORT ?? 3290);
const BUDGET_START_MS = 2_000;
const BUDGET_IDLE_MB = 150;

type Start = { readyMs: number; cpuMs: number; idleMb: number };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function startOnce(args: string[], env: Record<string, string>): Promise<Start> {
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: repoRoot,
    // As `npm start` runs it (no NODE_ENV): the demo seed on the first start.
    env: { PATH: process.env.PATH ?? '', PORT: String(PORT), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    let readyMs = 0;
    while (!readyMs) {
      if (child.exitCode !== null) throw new Error(`the server exited before ready:\n${stderr}`);
      if (performance.now() - started > 120_000) throw new Error(`not ready within 120 s:\n${stderr}`);
      const ok = await fetch(`http://127.0.0.1:${PORT}/readyz`)
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) readyMs = performance.now() - started;
      else await sleep(10);
    }
    const cpu = cpuMs(child.pid as number);
    await sleep(IDLE_SECONDS * 1000);
    return { readyMs, cpuMs: cpu, idleMb: rssMb(child.pid as number) };
  } finally {
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

/** CPU time (user + system) the process used so far, in ms: what a start costs whatever else the machine runs. */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of stat(5), in clock ticks (100 a second on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function backend(name: string) {
  const env: Record<string, string> = {};
  let cleanup = async () => {};
  if (name === 'postgres') {
    const db = `portal_bench_start_${process.pid}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${db}`);
    await admin.query(`CREATE DATABASE ${db}`);
    await admin.end();
    const url = new URL(ADMIN_URL);
    url.pathname = `/${db}`;
    env.DATABASE_URL = url.toString();
    cleanup = async () => {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
      await c.end();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-start-'));
    env.DATA_DIR = dir;
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
  try {
    const built = [...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'];
    const first = await startOnce(built, env);
    const restarts: Start[] = [];
    for (let i = 0; i < RUNS; i++) restarts.push(await startOnce(built, env));
    const tsx = await startOnce([...SERVER_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'], env);
    return {
      name,
      first,
      restart: {
        readyMs: median(restarts.map((r) => r.readyMs)),
        cpuMs: median(restarts.map((r) => r.cpuMs)),
        idleMb: median(restarts.map((r) => r.idleMb)),
      },
      tsx,
    };
  } finally {
    await cleanup();
  }
}

async function main() {
  const t = performance.now();
  await buildServer();
  const buildMs = performance.now() - t;
  const load = os.loadavg()[0].toFixed(2);
  console.log(
    `server built in ${buildMs.toFixed(0)} ms; ${RUNS} restart(s) each, ${IDLE_SECONDS} s idle, load average ${load}`,
  );
  const rows: string[][] = [];
  for (const name of BACKENDS) {
    const r = await backend(name);
    const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
    const engine = name === 'pglite' ? 'pglite' : 'postgres';
    recordFigure({
      figure: 'start: process start to /readyz (restart, median)',
      budget: `< ${BUDGET_START_MS} ms`,
      backend: engine,
      value: Math.round(r.restart.readyMs),
      unit: 'ms',
      met: r.restart.readyMs < BUDGET_START_MS,
    });
    recordFigure({
      figure: 'memory: server RSS idle (restart, median)',
      budget: `< ${BUDGET_IDLE_MB} MB`,
      backend: engine,
      value: Math.round(r.restart.idleMb),
      unit: 'MB',
      met: r.restart.idleMb < BUDGET_IDLE_MB,
    });
    rows.push(
      [
        `${name}: start to /readyz (restart, median)`,
        `${r.restart.readyMs.toFixed(0)} ms (CPU ${r.restart.cpuMs.toFixed(0)} ms)`,
        `< ${BUDGET_START_MS} ms`,
        met(r.restart.readyMs < BUDGET_START_MS),
      ],
      [
        `${name}: idle RSS (restart, median)`,
        `${r.restart.idleMb.toFixed(0)} MB`,
        `< ${BUDGET_IDLE_MB} MB`,
        met(r.restart.idleMb < BUDGET_IDLE_MB),
      ],
      [
        `${name}: first start (migrations + demo seed)`,
        `${r.first.readyMs.toFixed(0)} ms (CPU ${r.first.cpuMs.toFixed(0)} ms), ${r.first.idleMb.toFixed(0)} MB`,
        '',
        '',
      ],
      [
        `${name}: restart under tsx (before 0045)`,
        `${r.tsx.readyMs.toFixed(0)} ms (CPU ${r.tsx.cpuMs.toFixed(0)} ms), ${r.tsx.idleMb.toFixed(0)} MB`,
        '',
        '',
      ],
    );
  }
  const widths = [0, 1, 2, 3].map((i) =>
    Math.max(...[['figure', 'measured', 'budget', ''], ...rows].map((r) => r[i].length)),
  );
  const line = (r: string[]) => `| ${r.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(line(['figure', 'measured', 'budget', '']));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(r));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
