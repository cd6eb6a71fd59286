/**
 * `npm run bench:all -w bench` (docs/benchmarks.md#one-table-benchall, issue 21 point 9): every benchmark of the
 * budget, one after the other, at a size a 2-core machine runs in under 15 minutes, then ONE table: each figure, its
 * budget, PostgreSQL, PGlite, met or not; the trivial ceiling of the run (`{ ping }` signed out) beside it.
 *
 * Each benchmark runs in a child process (`node --import tsx src/<script>.ts`, cwd bench/) with BENCH_RESULTS_FILE
 * set: the scripts append their figures there (bench/src/results.ts) and print what they always print, into a log
 * per script (kept in a temp dir, named at the end). A script that fails, or runs past its timeout, is a failed row;
 * the others still run, and the exit code is 1. A script that only misses a budget (some exit 1 then) is no failure:
 * its figures say NOT met.
 *
 * Sizes: each script gets small defaults here (below, `small`); a variable already set in the environment wins, so
 * `BENCH_LIBRARY_ITEMS_PG=1000000 npm run bench:all -w bench` runs that figure at full size. BENCH_ALL_FULL=1 drops
 * the small defaults: every script at its own default size (the budget's sizes; for the header search the issue's
 * sizes), which takes hours on 2 cores. BENCH_ALL_SCRIPTS (a comma list of the keys below) runs some of them;
 * BENCH_ALL_TIMEOUT_SECONDS sets every script's timeout (defaults below; 4 hours each with BENCH_ALL_FULL=1).
 * BENCH_BACKENDS is passed on as set (web push, which measures one engine a run, runs once per engine listed).
 * Not in bench:all: bench:lighthouse (Chromium) and bench:scale-out (nginx), and the diagnostics bench:home-diag and
 * bench:user-import-floor.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Figure } from './results.js';

type Step = {
  key: string;
  /** The npm script that runs it alone. */
  command: string;
  file: string;
  /** The small defaults of bench:all; the environment wins over them. */
  small: Record<string, string>;
  /** Set whatever the environment says (the engine of a one-engine script). */
  fixed?: Record<string, string>;
  /** Extra defaults with BENCH_ALL_FULL=1 (the issue's sizes where the script's own defaults are smaller). */
  full?: Record<string, string>;
  /** A command run first, from the repository's root (the web build). */
  before?: string[];
  timeoutSeconds: number;
  /** What the budget names that the small run does not reach. */
  reduced?: string;
};

const benchDir = path.resolve(fileURLToPath(new URL('..', import.meta.url)));
const repoDir = path.resolve(benchDir, '..');
const FULL = process.env.BENCH_ALL_FULL === '1';
const userBackends = process.env.BENCH_BACKENDS?.split(',').map((b) => b.trim());
const pushEngines = (userBackends ?? ['postgres', 'pglite']).filter((b) => b === 'postgres' || b === 'pglite');

const STEPS: Step[] = [
  {
    key: 'shell',
    command: 'bench',
    file: 'run.ts',
    // Its own defaults (2 s of warm-up, 10 s measured a scenario): the shell's and /home's paced rows are the budget's
    // reading.
    small: {},
    timeoutSeconds: 420,
  },
  {
    key: 'communications',
    command: 'bench:communications',
    file: 'communications.ts',
    small: {
      BENCH_COMMS_USERS: '10000',
      BENCH_COMMS_RUNS: '1',
      BENCH_COMMS_REQUESTS: '20',
      BENCH_COMMS_WARMUP: '3',
      BENCH_COMMS_MAX_SECONDS: '10',
      BENCH_COMMS_LIVE_DASHBOARDS: '5',
      BENCH_COMMS_LIVE_READS: '2',
    },
    timeoutSeconds: 360,
    reduced: '10,000 recipients instead of 100,000; 1 fan-out run instead of 3; 5 open dashboards instead of 20',
  },
  {
    key: 'library',
    command: 'bench:library',
    file: 'library.ts',
    small: {
      BENCH_LIBRARY_ITEMS_PG: '20000',
      BENCH_LIBRARY_ITEMS_PGLITE: '20000',
      BENCH_LIBRARY_REQUESTS: '60',
      BENCH_LIBRARY_WARMUP: '10',
      BENCH_LIBRARY_MAX_SECONDS: '10',
      BENCH_LIBRARY_LOAD_SECONDS: '5',
    },
    timeoutSeconds: 480,
    reduced:
      '20,000 items instead of 1,000,000 (the 10,000-item folder is whole); 60 requests a scenario instead of 200; 5 s a load scenario instead of 10',
  },
  {
    key: 'organisation',
    command: 'bench:organisation',
    file: 'organisation.ts',
    small: { BENCH_ORG_REQUESTS: '50', BENCH_ORG_WARMUP: '10' },
    timeoutSeconds: 300,
    reduced: 'the full 10,000 dealers and 100,000 users; 50 requests a scenario instead of 200',
  },
  {
    key: 'users',
    command: 'bench:users',
    file: 'users.ts',
    small: { BENCH_USERS_REQUESTS: '50', BENCH_USERS_SAVES: '20', BENCH_USERS_WARMUP: '10' },
    timeoutSeconds: 300,
    reduced: 'the full 100,000 users; 50 requests a list scenario instead of 200, 20 saves instead of 100',
  },
  {
    key: 'user-import',
    command: 'bench:user-import',
    file: 'user-import.ts',
    small: { BENCH_IMPORT_ROWS: '10000' },
    timeoutSeconds: 300,
    reduced: '10,000 rows instead of 50,000',
  },
  ...pushEngines.map(
    (engine): Step => ({
      key: `push-${engine}`,
      command: 'bench:push',
      file: 'push-fanout.ts',
      small: { BENCH_PUSH_SUBSCRIPTIONS: '2000' },
      fixed: { BENCH_BACKENDS: engine },
      timeoutSeconds: 180,
      reduced: '2,000 subscriptions instead of 10,000',
    }),
  ),
  {
    key: 'search',
    command: 'bench:search',
    file: 'global-search.ts',
    small: {
      BENCH_SEARCH_ITEMS: '15000',
      BENCH_SEARCH_USERS: '2000',
      BENCH_SEARCH_DEALERS: '200',
      BENCH_SEARCH_COMMUNICATIONS: '200',
      BENCH_SEARCH_PDFS: '20',
      BENCH_SEARCH_REQUESTS: '20',
      BENCH_SEARCH_WARMUP: '3',
    },
    full: {
      BENCH_SEARCH_ITEMS: '1000000',
      BENCH_SEARCH_USERS: '100000',
      BENCH_SEARCH_DEALERS: '10000',
      BENCH_SEARCH_COMMUNICATIONS: '10000',
      BENCH_SEARCH_PDFS: '1000',
    },
    timeoutSeconds: 360,
    reduced:
      '15,000 items, 2,000 users, 200 dealers and communications instead of 1,000,000 / 100,000 / 10,000 / 10,000; 20 PDFs',
  },
  {
    key: 'recovery',
    command: 'bench:recovery',
    file: 'password-recovery.ts',
    small: {},
    timeoutSeconds: 180,
  },
  {
    key: 'start',
    command: 'bench:start',
    file: 'start.ts',
    small: { BENCH_START_RUNS: '1' },
    timeoutSeconds: 300,
    reduced: '1 restart instead of 3 (no median)',
  },
  {
    key: 'web',
    command: 'bench:web',
    file: 'web-initial-js.ts',
    small: {},
    before: ['npm', 'run', 'build', '-w', 'apps/web'],
    timeoutSeconds: 300,
  },
];

const NOT_IN_ALL = [
  '`bench:lighthouse` (LCP, TBT, CLS of /home: needs Chromium)',
  '`bench:scale-out` (two instances behind nginx)',
];

type Outcome = {
  step: Step;
  env: Record<string, string>;
  exitCode: number | null;
  timedOut: boolean;
  seconds: number;
  figures: Figure[];
  log: string;
  failed: boolean;
  why?: string;
};

const say = (msg: string) => process.stdout.write(`${msg}\n`);
const fmtSeconds = (s: number) =>
  s >= 60 ? `${Math.floor(s / 60)} min ${Math.round(s % 60)} s` : `${Math.round(s)} s`;

let current: ChildProcess | undefined;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    say(`\n${signal}: stopping the running benchmark`);
    if (current?.pid) process.kill(current.pid, 'SIGTERM');
    setTimeout(() => process.exit(130), 20_000).unref();
    current?.once('exit', () => process.exit(130));
    if (!current) process.exit(130);
  });

/** Runs a command in its own process group, its output appended to `log`; SIGTERM at the timeout, SIGKILL 30 s on. */
function run(
  argv: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  log: string,
  timeoutSeconds: number,
): Promise<{ exitCode: number | null; timedOut: boolean }> {
  return new Promise((resolve) => {
    const out = fs.openSync(log, 'a');
    const child = spawn(argv[0], argv.slice(1), { cwd, env, stdio: ['ignore', out, out], detached: true });
    current = child;
    let timedOut = false;
    const kill = (signal: NodeJS.Signals) => {
      try {
        if (child.pid) process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      fs.appendFileSync(log, `\n[bench:all] timeout after ${Math.round(timeoutSeconds)} s: SIGTERM\n`);
      if (child.pid) process.kill(child.pid, 'SIGTERM'); // the script's own cleanup drops its database
      setTimeout(() => kill('SIGKILL'), 30_000).unref();
    }, timeoutSeconds * 1000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fs.closeSync(out);
      current = undefined;
      kill('SIGKILL'); // anything it left running (a server child)
      resolve({ exitCode: code ?? (signal ? 128 : null), timedOut });
    });
  });
}

function envOf(step: Step): Record<string, string> {
  const defaults = FULL ? (step.full ?? {}) : step.small;
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(defaults)) env[k] = process.env[k] ?? v;
  return { ...env, ...step.fixed };
}

async function runStep(step: Step, dir: string, index: number, count: number): Promise<Outcome> {
  const env = envOf(step);
  const results = path.join(dir, `${step.key}.jsonl`);
  const log = path.join(dir, `${step.key}.log`);
  const timeoutSeconds = Number(process.env.BENCH_ALL_TIMEOUT_SECONDS) || (FULL ? 4 * 3600 : step.timeoutSeconds);
  const shown = Object.entries(env)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ');
  say(
    `[${index}/${count}] ${step.key}: ${shown ? `${shown} ` : ''}npm run ${step.command} (timeout ${timeoutSeconds} s)`,
  );
  const started = performance.now();
  const childEnv = {
    ...process.env,
    ...env,
    BENCH_RESULTS_FILE: results,
    BENCH_LATEST_FILE: path.join(dir, 'latest.json'),
  };
  let outcome = { exitCode: 0 as number | null, timedOut: false };
  if (step.before) {
    fs.appendFileSync(log, `[bench:all] ${step.before.join(' ')}\n`);
    outcome = await run(step.before, repoDir, childEnv, log, timeoutSeconds);
  }
  if (outcome.exitCode === 0 && !outcome.timedOut) {
    fs.appendFileSync(log, `[bench:all] node --import tsx src/${step.file}\n`);
    outcome = await run(
      [process.execPath, '--import', 'tsx', path.join('src', step.file)],
      benchDir,
      childEnv,
      log,
      timeoutSeconds - (performance.now() - started) / 1000,
    );
  }
  const seconds = (performance.now() - started) / 1000;
  const figures: Figure[] = fs.existsSync(results)
    ? fs
        .readFileSync(results, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Figure)
    : [];
  // Some scripts exit 1 on a missed budget: that is a NOT met figure, not a failure.
  let why: string | undefined;
  if (outcome.timedOut) why = `timed out after ${Math.round(seconds)} s`;
  else if (outcome.exitCode !== 0 && !figures.some((f) => f.met === false)) why = `exit code ${outcome.exitCode}`;
  else if (!figures.length) why = 'no figure recorded';
  const verdict = why
    ? `FAILED (${why})`
    : `${figures.length} figures${outcome.exitCode ? ` (exit ${outcome.exitCode}: a budget missed)` : ''}`;
  say(`      ${fmtSeconds(seconds)}: ${verdict}`);
  if (why) {
    const tail = fs.readFileSync(log, 'utf8').trimEnd().split('\n').slice(-15);
    for (const line of tail) say(`      | ${line}`);
  }
  return { step, env, ...outcome, seconds, figures, log, failed: Boolean(why), why };
}

const ENGINES = { postgres: 'PostgreSQL', pglite: 'PGlite', '-': 'no engine' } as const;

function valueText(f: Figure): string {
  const digits = f.value >= 100 ? 0 : f.value >= 10 ? 1 : 2;
  return `${f.value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits })} ${f.unit}`;
}

/**
 * "met on both", "NOT met on PGlite", "met on PostgreSQL (PGlite: no budget)", "met" (one engine measured), "no
 * budget".
 */
function verdict(figures: Figure[]): string {
  const judged = figures.filter((f) => f.met !== null);
  if (!judged.length) return 'no budget';
  const names = (list: Figure[]) => [...new Set(list.map((f) => ENGINES[f.backend]))];
  const unjudged = names(figures.filter((f) => f.met === null));
  const rest = unjudged.length ? ` (${unjudged.join(', ')}: no budget)` : '';
  const missed = names(judged.filter((f) => f.met === false));
  const on = (list: string[]) =>
    list.length === 2 ? ' on both' : names(figures).length > 1 || unjudged.length ? ` on ${list[0]}` : '';
  return missed.length ? `NOT met${on(missed)}${rest}` : `met${on(names(judged))}${rest}`;
}

function table(head: string[], rows: string[][], numeric: boolean[]): string {
  const body = rows.map((r) => r.map((c) => c.replaceAll('|', '\\|'))); // a markdown table's cells
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (numeric[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (numeric[i] ? `${'-'.repeat(w + 1)}:` : '-'.repeat(w + 2))).join('|')}|`;
  return [line(head), rule, ...body.map(line)].join('\n');
}

const CEILING = 'trivial ceiling: ping signed out, closed loop';

function report(outcomes: Outcome[], seconds: number, dir: string) {
  const rows: string[][] = [];
  // One row a figure, its engines side by side (web push measures one engine a run), in the order of the runs.
  const byFigure = new Map<string, { list: Figure[]; last: Outcome }>();
  for (const o of outcomes)
    for (const f of o.figures.filter((x) => x.figure !== CEILING))
      byFigure.set(f.figure, { list: [...(byFigure.get(f.figure)?.list ?? []), f], last: o });
  for (const o of outcomes) {
    for (const [figure, { list, last }] of byFigure) {
      if (last !== o) continue;
      const of = (b: Figure['backend']) => list.find((f) => f.backend === b);
      const none = of('-');
      const budgets = [...new Set(list.map((f) => f.budget))];
      const budget =
        budgets.length === 1 ? budgets[0] : list.map((f) => `${ENGINES[f.backend]} ${f.budget}`).join('; ');
      const sizes = [...new Set(list.map((f) => f.size ?? ''))];
      const size = sizes.length === 1 ? sizes[0] : list.map((f) => `${ENGINES[f.backend]} ${f.size ?? '-'}`).join('; ');
      const pg = of('postgres');
      const lite = of('pglite');
      rows.push([
        figure,
        size,
        budget,
        none ? `${valueText(none)} (no engine)` : pg ? valueText(pg) : '-',
        none ? '' : lite ? valueText(lite) : '-',
        verdict(list),
      ]);
    }
    if (o.failed) rows.push([`npm run ${o.step.command}`, '', '', 'FAILED', 'FAILED', `FAILED: ${o.why}`]);
  }
  say(`\n## One table (npm run bench:all -w bench), ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC\n`);
  say(
    table(['figure', 'size', 'budget', 'PostgreSQL', 'PGlite', 'met'], rows, [false, false, false, true, true, false]),
  );
  const ceiling = outcomes.flatMap((o) => o.figures.filter((f) => f.figure === CEILING));
  say(
    `\nTrivial ceiling of this run ({ ping } signed out on the same server, 100 connections, closed loop): ${
      ceiling.length ? ceiling.map((f) => `${valueText(f)} on ${ENGINES[f.backend]}`).join(', ') : 'not measured'
    }.`,
  );
  say(
    `Wall time ${fmtSeconds(seconds)}; ${os.cpus().length} cores (${os.cpus()[0]?.model?.trim()}), Node ${process.version}, load average now ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}.`,
  );
  say('\nSizes and times of each script (npm run <script> -w bench, with these variables):');
  for (const o of outcomes) {
    const vars = Object.entries(o.env)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ');
    say(
      `- ${o.step.key}: ${vars ? `${vars} ` : ''}npm run ${o.step.command}: ${fmtSeconds(o.seconds)}${o.failed ? ` (FAILED: ${o.why})` : ''}`,
    );
  }
  if (!FULL) {
    say(
      '\nReduced sizes (the small defaults of bench:all): where a budget names a size, a figure at a smaller size is ' +
        "not the budget's reading, only a check that nothing regressed badly:",
    );
    for (const o of outcomes) {
      const overridden = Object.keys(o.step.small).filter((k) => process.env[k] !== undefined);
      if (o.step.reduced)
        say(
          `- ${o.step.key}: ${o.step.reduced}${overridden.length ? ` (set in the environment instead: ${overridden.map((k) => `${k}=${process.env[k]}`).join(' ')})` : ''}`,
        );
    }
    say(
      'Full size: set the variables (e.g. BENCH_LIBRARY_ITEMS_PG=1000000 npm run bench:all -w bench), or ' +
        'BENCH_ALL_FULL=1 for every script at its own size (hours), or run a script alone.',
    );
  }
  say(`Not in bench:all: ${NOT_IN_ALL.join('; ')}.`);
  say(`Each script's output: ${dir}/<key>.log`);
  const failed = outcomes.filter((o) => o.failed);
  if (failed.length) say(`\nFAILED: ${failed.map((o) => `${o.step.key} (${o.why})`).join(', ')}`);
}

async function main() {
  const keys = process.env.BENCH_ALL_SCRIPTS?.split(',').map((k) => k.trim());
  for (const k of keys ?? [])
    if (!STEPS.some((s) => s.key === k || s.key.startsWith(`${k}-`)))
      throw new Error(`BENCH_ALL_SCRIPTS: unknown key ${k} (${STEPS.map((s) => s.key).join(', ')})`);
  const steps = keys ? STEPS.filter((s) => keys.some((k) => s.key === k || s.key.startsWith(`${k}-`))) : STEPS;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-all-'));
  say(
    `bench:all: ${steps.length} benchmarks, one after the other, ${FULL ? 'each at its own size (BENCH_ALL_FULL=1)' : 'at reduced sizes'}; logs in ${dir}`,
  );
  const started = performance.now();
  const outcomes: Outcome[] = [];
  for (const [i, step] of steps.entries()) outcomes.push(await runStep(step, dir, i + 1, steps.length));
  report(outcomes, (performance.now() - started) / 1000, dir);
  if (outcomes.some((o) => o.failed)) process.exitCode = 1;
}

main().catch((err) => {
  console.error('\nbench:all failed:', err instanceof Error ? (err.stack ?? err.message) : err);
  process.exitCode = 1;
});
