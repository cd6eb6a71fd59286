/**
 * `npm run bench:organisation -w bench` (docs/benchmarks.md#the-budget, issue 13 point 9): the organisation's lists
 * and the dealer-group inactivation cascade, on PostgreSQL.
 *
 * 1. The portal in a child process, started as `npm start` does (bench/src/library.ts `startServer`), on a fresh
 *    database `portal_bench_org_<pid>`; it migrates and seeds the demo data.
 * 2. bench/src/organisation-seed.ts in SQL: 10,000 dealers, 100,000 users (all in the user group "Bench 100k"),
 *    a dealer group of 1,000 dealers whose dealers 20,000 users work at.
 * 3. Signed in as admin@portal.demo, over HTTP, sequential (one request at a time) after a warm-up, with the
 *    fields the web's lists ask for: a page of `dealers` (first and deep), `dealers` searched by name, by CNPJ
 *    with and without punctuation and by code; a page of the members of "Bench 100k"
 *    (`usuariosPorGrupoUsuarios`) and the members searched by name and by e-mail. Budget: p95 under 50 ms.
 * 4. `inativarGrupo` of the 1,000-dealer group, once, over HTTP: budget under 2 s; the answer's counts and the
 *    rows after it are checked (1,000 dealers and 20,000 users inactive, one audit row each).
 * Prints a table with each figure beside its budget; exit code 1 on a miss. Writes nothing in the repo.
 *
 * Environment: BENCH_PG_URL (admin connection), BENCH_ORG_REQUESTS (200 per scenario), BENCH_ORG_WARMUP (20),
 * BENCH_ORG_LISTS (0: the cascade alone).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyMask } from '@portal/domain';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo.js';
import { type CookieClient, signIn } from '../../apps/server/test/browserless.js';
import { cleanupAll, cleanups, createPgDatabase, intEnv, percentile, round, startServer, table } from './library.js';
import type { Exec } from './library-seed.js';
import { benchCnpj, benchCode, seedOrganisation } from './organisation-seed.js';
import { recordFigure } from './results.js';

const REQUESTS = intEnv('BENCH_ORG_REQUESTS', 200, 1, 100_000);
const LISTS = process.env.BENCH_ORG_LISTS !== '0';
const WARMUP = intEnv('BENCH_ORG_WARMUP', 20, 0, 10_000);
const SIZES = { users: 100_000, dealers: 10_000, cascadeDealers: 1_000, cascadeUsers: 20_000 };
/** docs/benchmarks.md#the-budget. */
const BUDGET = { listP95Ms: 50, cascadeMs: 2_000 };
const log = (msg: string) => console.log(msg);

const DEALERS = `query ($busca: String, $page: Int, $rowsPerPage: Int) {
  dealers(busca: $busca, page: $page, rowsPerPage: $rowsPerPage) {
    totalElements
    content { id nome nomeExibicao cnpj codigoPrincipal cidade uf active grupo { id nome } marcas { id description } }
  }
}`;
const MEMBERS = `query ($id: ID!, $busca: String, $page: Int, $rowsPerPage: Int) {
  usuariosPorGrupoUsuarios(id: $id, busca: $busca, page: $page, rowsPerPage: $rowsPerPage) {
    totalElements
    content { id nome email active dealers }
  }
}`;
const CASCADE = `mutation ($id: ID!) { inativarGrupo(id: $id) { dealers usuarios grupo { id active } } }`;

type Scenario = { name: string; query: string; variables: Record<string, unknown>; expect: (total: number) => boolean };

function scenarios(membersGroupId: string): Scenario[] {
  const k = 4242;
  const page = { page: 0, rowsPerPage: 25 };
  return [
    { name: 'dealers: first page', query: DEALERS, variables: page, expect: (t) => t >= SIZES.dealers },
    {
      name: 'dealers: page 200 (rows 5,001-5,025)',
      query: DEALERS,
      variables: { page: 200, rowsPerPage: 25 },
      expect: (t) => t >= SIZES.dealers,
    },
    {
      name: 'dealers: busca "veiculos bench 42"',
      query: DEALERS,
      variables: { ...page, busca: 'veiculos bench 42' },
      expect: (t) => t >= 1,
    },
    {
      name: 'dealers: busca CNPJ formatted',
      query: DEALERS,
      variables: { ...page, busca: applyMask('cnpj', benchCnpj(k)) },
      expect: (t) => t === 1,
    },
    {
      name: 'dealers: busca CNPJ digits',
      query: DEALERS,
      variables: { ...page, busca: benchCnpj(k) },
      expect: (t) => t === 1,
    },
    {
      name: 'dealers: busca code',
      query: DEALERS,
      variables: { ...page, busca: benchCode(k) },
      expect: (t) => t === 1,
    },
    {
      name: 'members of Bench 100k: first page',
      query: MEMBERS,
      variables: { id: membersGroupId, ...page },
      expect: (t) => t === SIZES.users,
    },
    {
      name: 'members: busca "conceicao" (1 in 4; 1,000+ hits)',
      query: MEMBERS,
      variables: { id: membersGroupId, ...page, busca: 'conceicao' },
      // A member search counts at most 1,000 hits (users.queries.ts MEMBER_SEARCH_MAX_HITS; 23,389 match).
      expect: (t) => t === 1000,
    },
    {
      name: 'members: busca e-mail (1 user)',
      query: MEMBERS,
      variables: { id: membersGroupId, ...page, busca: 'bench.user77777@' },
      expect: (t) => t === 1,
    },
  ];
}

async function post(baseUrl: string, client: CookieClient, query: string, variables: Record<string, unknown>) {
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(baseUrl).origin, cookie: client.cookieHeader() },
    body: JSON.stringify({ query, variables }),
  });
  const text = await res.text();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`HTTP ${res.status} ${text.slice(0, 300)}`);
  const json = JSON.parse(text) as { data?: Record<string, any>; errors?: unknown };
  if (json.errors) throw new Error(`GraphQL errors ${JSON.stringify(json.errors).slice(0, 500)}`);
  return { ms, data: json.data ?? {} };
}

async function measure(baseUrl: string, client: CookieClient, s: Scenario) {
  const once = async () => {
    const { ms, data } = await post(baseUrl, client, s.query, s.variables);
    const page = Object.values(data)[0] as { totalElements: number; content: unknown[] };
    if (!s.expect(page.totalElements)) throw new Error(`${s.name}: unexpected total ${page.totalElements}`);
    return { ms, total: page.totalElements };
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const r = await once();
    times.push(r.ms);
    total = r.total;
  }
  times.sort((a, b) => a - b);
  return { n: times.length, total, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) };
}

async function main() {
  log(
    `Organisation bench: ${REQUESTS} sequential requests per list scenario after ${WARMUP} warm-up; server in a child process; ` +
      `${os.cpus().length} cores (${os.cpus()[0]?.model?.trim()}), Node ${process.version}.`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-org-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const db = await createPgDatabase('portal_bench_org');
  const server = await startServer(dataDir, db.url);
  log(`PostgreSQL ${db.version}: portal migrated and demo-seeded at ${server.url}`);

  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  cleanups.push(() => client.end());
  const exec: Exec = async (text) => {
    const result = (await client.query(text)) as pg.QueryResult | pg.QueryResult[];
    return (Array.isArray(result) ? result.at(-1)! : result).rows;
  };
  const seed = await seedOrganisation(exec, SIZES, log);
  log(`seeded ${seed.dealers} dealers and ${seed.users} users in ${seed.seconds.toFixed(1)} s`);

  const { client: admin, status, finalUrl } = await signIn(server.url, 'admin@portal.demo', DEMO_PASSWORD);
  if (!admin.jar.has('portal_sid')) throw new Error(`sign-in of admin@portal.demo failed (${status} at ${finalUrl})`);

  const rows: string[][] = [];
  let missed = 0;
  for (const s of LISTS ? scenarios(seed.membersGroupId) : []) {
    const m = await measure(server.url, admin, s);
    const ok = m.p95 < BUDGET.listP95Ms;
    if (!ok) missed++;
    recordFigure({
      figure: `organisation: ${s.name} p95`,
      budget: `p95 < ${BUDGET.listP95Ms} ms`,
      backend: 'postgres',
      value: m.p95,
      unit: 'ms',
      size: `${SIZES.dealers.toLocaleString('en')} dealers, ${SIZES.users.toLocaleString('en')} users`,
      met: ok,
    });
    rows.push([
      s.name,
      String(m.total),
      String(m.n),
      m.p50.toFixed(2),
      m.p95.toFixed(2),
      `< ${BUDGET.listP95Ms} ms`,
      ok ? 'within' : 'MISSED',
    ]);
    log(`  ${s.name}: p50 ${m.p50} ms, p95 ${m.p95} ms (total ${m.total})`);
  }

  const cascade = await post(server.url, admin, CASCADE, { id: seed.cascadeGroupId });
  const answer = cascade.data.inativarGrupo as { dealers: number; usuarios: number; grupo: { active: boolean } };
  const [after] = await exec(
    `SELECT (SELECT count(*)::int FROM dealer WHERE grupo_id = '${seed.cascadeGroupId}' AND active) AS active_dealers,
            (SELECT count(*)::int FROM usuario u WHERE u.active AND EXISTS (SELECT 1 FROM usuario_dealer ud
               JOIN dealer d ON d.id = ud.dealer_id WHERE ud.usuario_id = u.id AND d.grupo_id = '${seed.cascadeGroupId}')) AS active_users`,
  );
  if (answer.dealers !== seed.cascadeDealers || answer.usuarios !== seed.cascadeUsers || answer.grupo.active)
    throw new Error(`cascade answered ${JSON.stringify(answer)}`);
  if (Number(after.active_dealers) !== 0 || Number(after.active_users) !== 0)
    throw new Error(`cascade left ${after.active_dealers} dealers and ${after.active_users} users active`);
  const cascadeOk = cascade.ms < BUDGET.cascadeMs;
  if (!cascadeOk) missed++;
  recordFigure({
    figure: `organisation: inativarGrupo of ${seed.cascadeDealers} dealers, ${seed.cascadeUsers} users`,
    budget: `< ${BUDGET.cascadeMs} ms`,
    backend: 'postgres',
    value: cascade.ms,
    unit: 'ms',
    met: cascadeOk,
  });
  rows.push([
    `inativarGrupo: ${seed.cascadeDealers} dealers, ${seed.cascadeUsers} users`,
    '',
    '1',
    '',
    cascade.ms.toFixed(0),
    `< ${BUDGET.cascadeMs} ms`,
    cascadeOk ? 'within' : 'MISSED',
  ]);

  log(
    `\n${table(['scenario (PostgreSQL, HTTP)', 'total', 'n', 'p50 ms', 'p95 ms (cascade: ms)', 'budget', ''], rows, [
      false,
      true,
      true,
      true,
      true,
      false,
      false,
    ])}`,
  );
  if (missed) {
    log(`\n${missed} figure(s) over budget.`);
    process.exitCode = 1;
  }
}

main()
  .catch((err) => {
    console.error('\nOrganisation bench failed:', err instanceof Error ? (err.stack ?? err.message) : err);
    process.exitCode = 1;
  })
  .finally(() => cleanupAll());
