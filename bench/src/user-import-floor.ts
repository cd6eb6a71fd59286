/**
 * `npm run bench:user-import-floor -w bench` (docs/benchmarks.md#user-import): how fast PostgreSQL itself writes
 * what the user import writes, with no JavaScript, no file and no checks in the way: the floor under
 * `bench:user-import`'s figure. The rows are the import bench's (four in five MONTADORA with two brands, a user
 * group and an access type; one in five DEALER_GRUPO with a CPF, a dealer, its group, a position and an access
 * type), each with its audit row, and each chunk's pending invitations (one row holding the chunk's new users' ids),
 * written by chunks of 1,000 in one transaction each, one set-based statement per table, generated inside PostgreSQL
 * (generate_series) so that nothing but the writes is timed: the `usuario` row and its indexes, the link rows and
 * their foreign-key checks, the audit, the invitations, the commit.
 *
 * A fresh database (`portal_bench_import_floor_<pid>`, dropped at the end) gets the schema and the demo data from the
 * portal started once as `npm start` does. Prints the time per statement and the total beside the import's budget
 * (10,000 rows/s): when the writes alone are slower than that on one connection, no change to the import's code
 * meets it on this machine.
 *
 * Environment: BENCH_IMPORT_ROWS (50,000), BENCH_PG_URL (admin connection).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cleanupAll, cleanups, createPgDatabase, intEnv, round, startServer, table } from './library.js';

const ROWS = intEnv('BENCH_IMPORT_ROWS', 50_000, 1_000, 200_000);
const CHUNK = 1_000;
const BUDGET_ROWS_PER_SECOND = 10_000;
const IMPORT_ID = '00000000-0000-4000-8000-000000000001';

/** The statements of one chunk, rows `lo`..`hi` (ids made once per chunk in a temp table). */
function chunkStatements(lo: number, hi: number, ids: Record<string, string>): [string, string][] {
  const montadora = 'i % 5 <> 0';
  const dealer = 'i % 5 = 0';
  return [
    [
      'ids (temp table)',
      `CREATE TEMP TABLE ids ON COMMIT DROP AS SELECT i, gen_random_uuid() AS id FROM generate_series(${lo}, ${hi}) i`,
    ],
    [
      'usuario',
      `INSERT INTO usuario (id, nome, email, cpf, tipo, idioma, data_admissao, email_superior)
       SELECT id, 'Importado Número ' || i, 'floor' || i || '@bench.demo',
         CASE WHEN ${dealer} THEN lpad(i::text, 11, '0') END,
         CASE WHEN ${dealer} THEN 'DEALER_GRUPO' ELSE 'MONTADORA' END, 'PT_BR',
         CASE WHEN ${montadora} THEN date '2025-02-03' END, CASE WHEN ${montadora} THEN 'chefe@portal.demo' END
       FROM ids`,
    ],
    [
      'usuario_marca',
      `INSERT INTO usuario_marca (usuario_id, marca_id)
       SELECT id, m FROM ids, unnest(array['${ids.marca1}', '${ids.marca2}']::uuid[]) m WHERE ${montadora}`,
    ],
    [
      'usuario_grupo_usuarios',
      `INSERT INTO usuario_grupo_usuarios (usuario_id, grupo_usuarios_id)
       SELECT id, '${ids.grupoUsuarios}' FROM ids WHERE ${montadora}`,
    ],
    [
      'usuario_tipo_acesso',
      `INSERT INTO usuario_tipo_acesso (usuario_id, tipo_acesso_id)
       SELECT id, CASE WHEN ${dealer} THEN '${ids.tipoDealer}'::uuid ELSE '${ids.tipoMontadora}'::uuid END FROM ids`,
    ],
    [
      'usuario_dealer',
      `INSERT INTO usuario_dealer (usuario_id, dealer_id) SELECT id, '${ids.dealer}' FROM ids WHERE ${dealer}`,
    ],
    [
      'usuario_grupo',
      `INSERT INTO usuario_grupo (usuario_id, grupo_id) SELECT id, '${ids.grupo}' FROM ids WHERE ${dealer}`,
    ],
    [
      'usuario_cargo',
      `INSERT INTO usuario_cargo (usuario_id, cargo_id, dealer_id, departamento_id, data_inicio)
       SELECT id, '${ids.cargo}', '${ids.dealer}', '${ids.departamento}', date '2025-01-01' FROM ids WHERE ${dealer}`,
    ],
    [
      'auditoria',
      // A created user's row names the import and the file's row (decision 0059), as the import writes it.
      `INSERT INTO auditoria (usuario_id, entidade, entidade_id, acao, depois)
       SELECT '${ids.admin}', 'usuario', id::text, 'importar',
         jsonb_build_object('importacaoId', '${IMPORT_ID}', 'linha', i + 1)
       FROM ids`,
    ],
    [
      'importacao_usuarios_convite',
      `INSERT INTO importacao_usuarios_convite (importacao_id, inicio, usuario_ids)
       SELECT '${IMPORT_ID}', ${lo - 1}, array_agg(id) FROM ids`,
    ],
  ];
}

async function main() {
  const { url, version } = await createPgDatabase('portal_bench_import_floor');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-import-floor-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  // The schema and the demo data, as `npm start` makes them.
  const server = await startServer(dataDir, url);
  await server.stop();

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanups.push(async () => client.end());
  const one = async (query: string) => String((await client.query(query)).rows[0]?.id);
  const ids = {
    marca1: await one('SELECT id FROM marca ORDER BY id LIMIT 1'),
    marca2: await one('SELECT id FROM marca ORDER BY id OFFSET 1 LIMIT 1'),
    grupoUsuarios: await one('SELECT id FROM grupo_usuarios ORDER BY id LIMIT 1'),
    tipoMontadora: await one(`SELECT id FROM tipo_acesso WHERE nome = 'Consulta' LIMIT 1`),
    tipoDealer: await one(`SELECT id FROM tipo_acesso WHERE nome = 'Vendedor' LIMIT 1`),
    dealer: await one('SELECT id FROM dealer ORDER BY id LIMIT 1'),
    grupo: await one('SELECT id FROM grupo ORDER BY id LIMIT 1'),
    cargo: await one('SELECT id FROM cargo ORDER BY id LIMIT 1'),
    departamento: await one('SELECT id FROM departamento ORDER BY id LIMIT 1'),
    admin: await one(`SELECT id FROM usuario WHERE email = 'admin@portal.demo'`),
  };
  await client.query(
    `INSERT INTO importacao_usuarios (id, usuario_id, nome_arquivo, storage_key, idioma)
     VALUES ('${IMPORT_ID}', '${ids.admin}', 'floor.xlsx', 'floor', 'PT_BR')`,
  );

  const spent = new Map<string, number>();
  const time = async (name: string, query: string) => {
    const t0 = performance.now();
    await client.query(query);
    spent.set(name, (spent.get(name) ?? 0) + performance.now() - t0);
  };
  const started = performance.now();
  for (let lo = 1; lo <= ROWS; lo += CHUNK) {
    await time('begin', 'BEGIN');
    for (const [name, query] of chunkStatements(lo, Math.min(lo + CHUNK - 1, ROWS), ids)) await time(name, query);
    await time('commit', 'COMMIT');
  }
  const seconds = (performance.now() - started) / 1000;
  const rowsPerSecond = ROWS / seconds;

  console.log(`PostgreSQL ${version}: the import's writes for ${ROWS} users, by chunks of ${CHUNK}, one connection`);
  console.log(
    `\n${table(
      ['statement', 'ms in all', 'µs per user'],
      [...spent].map(([name, ms]) => [name, String(round(ms, 0)), String(round((ms * 1000) / ROWS, 1))]),
      [false, true, true],
    )}`,
  );
  const verdict = rowsPerSecond >= BUDGET_ROWS_PER_SECOND ? 'within' : 'the writes alone miss it';
  console.log(
    `\nwrites alone: ${round(seconds)} s, ${Math.round(rowsPerSecond)} rows/s (the import's budget: >= ${BUDGET_ROWS_PER_SECOND}; ${verdict})`,
  );
  await cleanupAll();
}

main().catch(async (err) => {
  console.error(err);
  await cleanupAll();
  process.exit(1);
});
