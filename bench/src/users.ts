/**
 * `npm run bench:users -w bench` (docs/benchmarks.md#users, issue 14 point 11): the users administration with
 * 100,000 users, on PostgreSQL.
 *
 * 1. The portal in a child process, started as `npm start` does (bench/src/library.ts `startServer`), on a fresh
 *    database `portal_bench_users_<pid>`; it migrates and seeds the demo data.
 * 2. bench/src/users-seed.ts in SQL: 100,000 users (49,000 of them idle for the sweep), a CPF for 1 in 10, every
 *    product for the demo dealers D001–D005.
 * 3. Over HTTP, sequential (one request at a time) after a warm-up, signed in as admin@portal.demo (every user)
 *    and leitor@portal.demo (MONTADORA, read-only list): `usuarios` pages (first, deep), searched by name
 *    (accent-insensitive), e-mail and CPF with and without punctuation, filtered by last access. Budget: p95
 *    under 50 ms. Then `salvarUsuario` of a DEALER_GRUPO user at 5 dealers with 5 positions and permissions on 3
 *    products: creating a new user each time, and editing one. Budget: p95 under 100 ms. These need the users
 *    administration's API (`usuarios`, `salvarUsuario`); on a server without it they are reported as not
 *    measured.
 * 4. The inactivity sweep (`inactivateIdleUsers` of users.inactivity.ts, what the daily job runs) once, in this
 *    process on the same database: budget under 5 s; its count and audit rows are checked.
 * 5. The superAdmin synchronisations (decision 0036) over the same users, in this process: `sincronizarDealers`,
 *    `sincronizarUsuarios` and `sincronizarGrupos` each check every row of their kind. Budget: each under 5 s.
 * Prints a table with each figure beside its budget; exit code 1 on a miss. Writes nothing in the repo.
 *
 * Environment: BENCH_PG_URL (admin connection), BENCH_USERS_REQUESTS (200 per list scenario), BENCH_USERS_SAVES
 * (100 per save scenario), BENCH_USERS_WARMUP (20), BENCH_USERS_API=0 (the sweep alone), BENCH_USERS_LISTS=0 (no
 * list scenarios).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { applyMask } from '@portal/domain';
import { unlinkInactiveBrands } from '../../apps/server/src/modules/dealers/dealers.service.js';
import { sincronizarGrupos } from '../../apps/server/src/modules/groups/groups.service.js';
import { inactivateIdleUsers } from '../../apps/server/src/modules/users/users.inactivity.js';
import { removeOrphanedPositions } from '../../apps/server/src/modules/users/users.sync.js';
import type { ActionContext } from '../../apps/server/src/platform/actions.js';
import { createClock } from '../../apps/server/src/platform/clock.js';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo.js';
import { type CookieClient, signIn } from '../../apps/server/test/browserless.js';
import {
  cleanupAll,
  cleanups,
  createPgDatabase,
  intEnv,
  openHere,
  percentile,
  round,
  startServer,
  table,
} from './library.js';
import { recordFigure } from './results.js';
import { benchCpf, seedBenchUsers } from './users-seed.js';

const REQUESTS = intEnv('BENCH_USERS_REQUESTS', 200, 1, 100_000);
const SAVES = intEnv('BENCH_USERS_SAVES', 100, 1, 10_000);
const WARMUP = intEnv('BENCH_USERS_WARMUP', 20, 0, 10_000);
const API = process.env.BENCH_USERS_API !== '0';
const LISTS = process.env.BENCH_USERS_LISTS !== '0';
const USERS = 100_000;
/** docs/benchmarks.md#the-budget. */
const BUDGET = { listP95Ms: 50, saveP95Ms: 100, sweepMs: 5_000 };
const log = (msg: string) => console.log(msg);

const LIST = `query ($busca: String, $tipo: TipoUsuarioId, $ultimoAcessoDias: Int, $ordenacao: String, $page: Int, $rowsPerPage: Int) {
  usuarios(busca: $busca, tipo: $tipo, ultimoAcessoDias: $ultimoAcessoDias, ordenacao: $ordenacao, page: $page, rowsPerPage: $rowsPerPage) {
    totalElements
    content { id nome email cpf tipo { id description } active ativacaoEspecial ultimoAcesso createdDateTime editavel }
  }
}`;
const FORM_DATA = `query ($idsDealer: [ID!]) {
  usuarioDominioQuery { dealers { id codigoPrincipal grupo { id } } marcas { id } }
  cargos(cargosPrincipais: true) { id nome }
  usuariosPortalProperties { informarDepartamentoCargo }
  departamentosCargosUsuarios { id }
  produtosByDealersAndTipoUsuario(idsDealer: $idsDealer, tipoUsuario: DEALER_GRUPO) {
    id nome idsTiposAcessoConcediveis idsFuncionalidadesConcediveis
  }
}`;
const SAVE = `mutation ($usuario: UsuarioInput!, $cargos: [CargoInput!], $infos: InfoUsuarioInput) {
  salvarUsuario(usuario: $usuario, cargos: $cargos, infos: $infos) { id nome editavel }
}`;
const DEMO_DEALERS = ['D001', 'D002', 'D003', 'D004', 'D005'];

type Scenario = {
  name: string;
  as: 'admin' | 'leitor';
  variables: Record<string, unknown>;
  expect: (total: number) => boolean;
};

function listScenarios(): Scenario[] {
  const page = { page: 0, rowsPerPage: 25 };
  const cpf = benchCpf(77_770);
  return [
    { name: 'usuarios: first page', as: 'admin', variables: page, expect: (t) => t >= USERS },
    {
      name: 'usuarios: page 200 (rows 5,001-5,025)',
      as: 'admin',
      variables: { page: 200, rowsPerPage: 25 },
      expect: (t) => t >= USERS,
    },
    {
      name: 'usuarios: by name, descending',
      as: 'admin',
      variables: { ...page, ordenacao: '-nome' },
      expect: (t) => t >= USERS,
    },
    {
      name: 'usuarios: busca "conceicao" (1 in 4)',
      as: 'admin',
      variables: { ...page, busca: 'conceicao' },
      expect: (t) => t >= 1,
    },
    {
      name: 'usuarios: busca e-mail (1 user)',
      as: 'admin',
      variables: { ...page, busca: 'bench.user77777@' },
      expect: (t) => t === 1,
    },
    {
      name: 'usuarios: busca CPF formatted',
      as: 'admin',
      variables: { ...page, busca: applyMask('cpf', cpf) },
      expect: (t) => t === 1,
    },
    { name: 'usuarios: busca CPF digits', as: 'admin', variables: { ...page, busca: cpf }, expect: (t) => t === 1 },
    {
      name: 'usuarios: no access for 90 days, DEALER_GRUPO',
      as: 'admin',
      variables: { ...page, tipo: 'DEALER_GRUPO', ultimoAcessoDias: 90 },
      expect: (t) => t >= 49_000,
    },
    { name: 'usuarios: first page (leitor, MONTADORA)', as: 'leitor', variables: page, expect: (t) => t >= USERS },
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

/** Runs `once` WARMUP times unmeasured, then `n` times measured; p50/p95 of the measured ones. */
async function measure(n: number, once: (i: number) => Promise<number>) {
  for (let i = 0; i < WARMUP; i++) await once(-1 - i);
  const times: number[] = [];
  for (let i = 0; i < n; i++) times.push(await once(i));
  times.sort((a, b) => a - b);
  return { n: times.length, p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) };
}

/** Whether the server has the users administration's API (branch i14-server). */
async function hasUsersApi(baseUrl: string, client: CookieClient) {
  try {
    await post(baseUrl, client, LIST, { page: 0, rowsPerPage: 10 });
    return true;
  } catch (err) {
    if (/Cannot query field|Unknown type|not defined/.test(String(err))) return false;
    throw err;
  }
}

/** The `salvarUsuario` input of a DEALER_GRUPO user at D001–D005: 5 positions, permissions on 3 products. */
async function saveInput(baseUrl: string, admin: CookieClient) {
  const first = await post(baseUrl, admin, FORM_DATA, { idsDealer: null });
  const dealers = (
    first.data.usuarioDominioQuery.dealers as { id: string; codigoPrincipal: string; grupo: { id: string } }[]
  ).filter((d) => DEMO_DEALERS.includes(d.codigoPrincipal));
  if (dealers.length !== 5) throw new Error(`usuarioDominioQuery offers ${dealers.length} of the dealers D001-D005`);
  const { data } = await post(baseUrl, admin, FORM_DATA, { idsDealer: dealers.map((d) => d.id) });
  // Not the demo's one-per-dealer position (a dealer has one general manager): every saved user holds the same five.
  const cargos = (data.cargos as { id: string; nome: string }[]).filter((c) => c.nome !== 'Gerente geral');
  const departamentos = data.departamentosCargosUsuarios as { id: string }[];
  const withDepartment = Boolean(data.usuariosPortalProperties.informarDepartamentoCargo);
  const produtos = (
    data.produtosByDealersAndTipoUsuario as {
      id: string;
      idsTiposAcessoConcediveis: string[];
      idsFuncionalidadesConcediveis: string[];
    }[]
  ).slice(0, 3);
  if (produtos.length !== 3 || !cargos.length) throw new Error(`form data: ${JSON.stringify(data).slice(0, 500)}`);
  return {
    usuario: {
      tipo: 'DEALER_GRUPO',
      idioma: 'PT_BR',
      idsDealers: dealers.map((d) => d.id),
      idsGrupos: [...new Set(dealers.map((d) => d.grupo.id))],
      marcas: (data.usuarioDominioQuery.marcas as { id: string }[]).map((m) => m.id),
      telefones: ['1133334444'],
      celulares: ['11999998888'],
      produtos: produtos.map((p) => ({
        idProduto: p.id,
        idsTiposAcesso: p.idsTiposAcessoConcediveis.slice(0, 1),
        idsFuncionalidades: p.idsFuncionalidadesConcediveis.slice(0, 2),
      })),
    },
    cargos: dealers.map((d, k) => ({
      cargoId: cargos[k % cargos.length].id,
      dealerId: d.id,
      dataInicio: `2026-0${1 + k}-05`,
      ...(withDepartment && departamentos.length ? { departamentoId: departamentos[k % departamentos.length].id } : {}),
    })),
  };
}

async function main() {
  log(
    `Users bench: ${REQUESTS} sequential requests per list scenario, ${SAVES} per save scenario, after ${WARMUP} warm-up; ` +
      `server in a child process; ${os.cpus().length} cores (${os.cpus()[0]?.model?.trim()}), Node ${process.version}.`,
  );
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-users-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const db = await createPgDatabase('portal_bench_users');
  const server = await startServer(dataDir, db.url);
  log(`PostgreSQL ${db.version}: portal migrated and demo-seeded at ${server.url}`);

  const here = await openHere('postgres', dataDir, db.url);
  cleanups.push(() => here.database.close());
  const seed = await seedBenchUsers(here.exec, USERS, log);
  log(`seeded ${seed.users} users (${seed.idle} idle for ${90} days) in ${seed.seconds.toFixed(1)} s`);

  const rows: string[][] = [];
  let missed = 0;
  const row = (name: string, total: string, m: { n: number; p50: number; p95: number }, budget: number) => {
    const ok = m.p95 < budget;
    if (!ok) missed++;
    recordFigure({
      figure: `users: ${name} p95`,
      budget: `p95 < ${budget} ms`,
      backend: 'postgres',
      value: m.p95,
      unit: 'ms',
      size: `${USERS.toLocaleString('en')} users`,
      met: ok,
    });
    rows.push([
      name,
      total,
      String(m.n),
      m.p50.toFixed(2),
      m.p95.toFixed(2),
      `< ${budget} ms`,
      ok ? 'within' : 'MISSED',
    ]);
    log(`  ${name}: p50 ${m.p50} ms, p95 ${m.p95} ms`);
  };

  if (API) {
    const sessions: Record<string, CookieClient> = {};
    for (const who of ['admin', 'leitor']) {
      const { client, status, finalUrl } = await signIn(server.url, `${who}@portal.demo`, DEMO_PASSWORD);
      if (!client.jar.has('portal_sid'))
        throw new Error(`sign-in of ${who}@portal.demo failed (${status} at ${finalUrl})`);
      sessions[who] = client;
    }
    if (!(await hasUsersApi(server.url, sessions.admin))) {
      log(
        '  usuarios / salvarUsuario: not on this server (the users administration API, branch i14-server): not measured',
      );
      rows.push(['usuarios, salvarUsuario', '', '', '', '', '', 'not measured']);
    } else {
      for (const s of LISTS ? listScenarios() : []) {
        let total = 0;
        const m = await measure(REQUESTS, async () => {
          const { ms, data } = await post(server.url, sessions[s.as], LIST, s.variables);
          total = data.usuarios.totalElements;
          if (!s.expect(total)) throw new Error(`${s.name}: unexpected total ${total}`);
          return ms;
        });
        row(s.name, String(total), m, BUDGET.listP95Ms);
      }
      const input = await saveInput(server.url, sessions.admin);
      const run = `${process.pid}`;
      const created = await measure(SAVES, async (i) => {
        const usuario = {
          ...input.usuario,
          nome: `Usuária Bench ${run} ${i}`,
          email: `bench.salvar.${run}.${i + 100}@bench.demo`,
          // A CPF is required for DEALER_GRUPO (tiposUsuarioDocumentoObrigatorio): valid, none of the seed's.
          cpf: benchCpf(2_000_100 + i),
        };
        const { ms, data } = await post(server.url, sessions.admin, SAVE, {
          usuario,
          cargos: input.cargos,
          infos: null,
        });
        if (!data.salvarUsuario?.id) throw new Error(`salvarUsuario answered ${JSON.stringify(data)}`);
        return ms;
      });
      row('salvarUsuario: new user, 5 positions, 3 products', '', created, BUDGET.saveP95Ms);
      const base = {
        ...input.usuario,
        nome: 'Usuária Bench Editada',
        email: `bench.editar.${run}@bench.demo`,
        cpf: benchCpf(1_999_999),
      };
      const { data: first } = await post(server.url, sessions.admin, SAVE, {
        usuario: base,
        cargos: input.cargos,
        infos: null,
      });
      const id = first.salvarUsuario.id as string;
      const edited = await measure(SAVES, async (i) => {
        const usuario = { ...base, id, nome: `Usuária Bench Editada ${i}` };
        const { ms } = await post(server.url, sessions.admin, SAVE, { usuario, cargos: input.cargos, infos: null });
        return ms;
      });
      row('salvarUsuario: edit, 5 positions, 3 products', '', edited, BUDGET.saveP95Ms);
    }
  }

  // The sweep as the daily job runs it (the system acts), on the same database, in this process.
  const ctx = {
    config: loadConfig({ DATABASE_URL: db.url, NODE_ENV: 'test' }),
    clock: createClock(),
    db: here.database.db,
    actor: null,
  } as unknown as ActionContext;
  const [{ audits: auditsBefore }] = await here.exec(
    `SELECT count(*)::int AS audits FROM auditoria WHERE acao = 'inativar' AND entidade = 'usuario'`,
  );
  // Where the time goes: the sweep's UPDATE alone under EXPLAIN ANALYZE, rolled back (the rest is the audit rows).
  const pgClient = await here.database.pool!.connect();
  let updateMs = Number.NaN;
  try {
    await pgClient.query('BEGIN');
    const plan = await pgClient.query(
      `EXPLAIN (ANALYZE, BUFFERS) UPDATE usuario SET active = false, versao = now()
        WHERE active AND NOT ativacao_especial AND tipo <> 'TECSINAPSE'
          AND greatest(created_at, ultimo_acesso, ativado_em) < now() - interval '90 days' RETURNING id`,
    );
    const text = plan.rows.map((r) => String(Object.values(r)[0])).join('\n');
    updateMs = Number(/Execution Time: ([\d.]+) ms/.exec(text)?.[1]);
    await pgClient.query('ROLLBACK');
  } finally {
    pgClient.release();
  }
  log(`  the sweep's UPDATE alone (EXPLAIN ANALYZE, rolled back): ${updateMs.toFixed(0)} ms`);
  await here.exec('VACUUM ANALYZE usuario');
  const t0 = performance.now();
  const ids = await inactivateIdleUsers(ctx);
  const sweepMs = performance.now() - t0;
  const [after] = await here.exec(
    `SELECT (SELECT count(*)::int FROM auditoria WHERE acao = 'inativar' AND entidade = 'usuario') AS audits,
            (SELECT count(*)::int FROM usuario WHERE email LIKE 'bench.user%' AND NOT active) AS inactive`,
  );
  // The demo users are new: only the bench's idle users are swept.
  if (ids.length !== seed.idle || Number(after.inactive) !== seed.idle)
    throw new Error(`sweep inactivated ${ids.length} (${after.inactive} bench users inactive), not ${seed.idle}`);
  if (Number(after.audits) - Number(auditsBefore) !== seed.idle)
    throw new Error(`sweep wrote ${Number(after.audits) - Number(auditsBefore)} audit rows, not ${seed.idle}`);
  const sweepOk = sweepMs < BUDGET.sweepMs;
  if (!sweepOk) missed++;
  recordFigure({
    figure: `users: inactivity sweep (${seed.users.toLocaleString('en')} users, ${seed.idle.toLocaleString('en')} inactivated)`,
    budget: `< ${BUDGET.sweepMs} ms`,
    backend: 'postgres',
    value: sweepMs,
    unit: 'ms',
    met: sweepOk,
  });
  rows.push([
    `inactivity sweep: ${seed.users.toLocaleString('en')} users, ${seed.idle.toLocaleString('en')} inactivated (UPDATE ${updateMs.toFixed(0)} ms)`,
    '',
    '1',
    '',
    sweepMs.toFixed(0),
    `< ${BUDGET.sweepMs} ms`,
    sweepOk ? 'within' : 'MISSED',
  ]);

  // The superAdmin synchronisations (decision 0036) over the same 100,000 users, in this process, as the system:
  // each checks every row of its kind (the dealers' brands, every position, every dealer and user of the groups).
  // Budget: each under the sweep's 5 s (they answer inline, not through a job).
  const runs: [string, () => Promise<{ tipo: string; quantidade: number }[]>][] = [
    ['sincronizarDealers: every dealer brand checked', () => unlinkInactiveBrands(ctx)],
    ['sincronizarUsuarios: every position checked', () => removeOrphanedPositions(ctx)],
    ['sincronizarGrupos: every dealer and user checked', () => sincronizarGrupos(ctx)],
  ];
  for (const [name, run] of runs) {
    const s0 = performance.now();
    const changes = await run();
    const ms = performance.now() - s0;
    const ok = ms < BUDGET.sweepMs;
    if (!ok) missed++;
    recordFigure({
      figure: `users: ${name}`,
      budget: `< ${BUDGET.sweepMs} ms`,
      backend: 'postgres',
      value: ms,
      unit: 'ms',
      met: ok,
    });
    const what = changes.map((c) => `${c.tipo} ${c.quantidade}`).join(', ');
    rows.push([`${name} (${what})`, '', '1', '', ms.toFixed(0), `< ${BUDGET.sweepMs} ms`, ok ? 'within' : 'MISSED']);
  }

  log(
    `\n${table(['scenario (PostgreSQL, HTTP)', 'total', 'n', 'p50 ms', 'p95 ms (sweep: ms)', 'budget', ''], rows, [
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
    console.error('\nUsers bench failed:', err instanceof Error ? (err.stack ?? err.message) : err);
    process.exitCode = 1;
  })
  .finally(() => cleanupAll());
