/**
 * `npm run bench:user-import -w bench` (docs/benchmarks.md#user-import, issue 15 point 9): a 50,000-row .xlsx
 * processed end to end.
 *
 * 1. Writes the file once (ExcelJS's streaming writer): the pt-BR template's headers, 50,000 new users, four in
 *    five MONTADORA (brands, a user group, a Portal access type, admission date, superior) and one in five
 *    DEALER_GRUPO (a valid CPF, a demo dealer, its group, a position with department and start, a CRM access type).
 * 2. For each backend (PostgreSQL, then PGlite): the portal in a child process as `npm start` runs it
 *    (bench/src/library.ts `startServer`) on a fresh database with the demo data; signed in as admin@portal.demo.
 * 3. A dry run of the file, then the import for real: each timed from the upload's first byte to `importStatus`
 *    saying FINISHED (polled every 100 ms), so the upload, the file check, every row and the last commit count.
 *    The server's resident memory is sampled every 100 ms: the growth is the peak minus the memory just before the
 *    upload.
 * Prints a table with each figure beside its budget (10,000 rows/s and 100 MB on PostgreSQL; PGlite's figures
 * are reported without a budget); exit code 1 on a miss. Writes nothing in the repo.
 *
 * Environment: BENCH_IMPORT_ROWS (50,000), BENCH_BACKENDS (postgres,pglite), BENCH_PG_URL (admin connection).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { t } from '@portal/i18n';
import ExcelJS from 'exceljs';
import { portalLabels } from '../../apps/server/src/modules/portal/portal.queries.js';
import { IMPORT_COLUMNS, type ImportColumn } from '../../apps/server/src/modules/user-import/user-import.columns.js';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo.js';
import { type CookieClient, gql, multipart, signIn } from '../../apps/server/test/browserless.js';
import {
  type Backend,
  cleanupAll,
  cleanups,
  createPgDatabase,
  intEnv,
  round,
  rssKb,
  sleep,
  startServer,
  table,
} from './library.js';
import { recordFigure } from './results.js';
import { benchCpf } from './users-seed.js';

const ROWS = intEnv('BENCH_IMPORT_ROWS', 50_000, 1, 100_000);
const BACKENDS = (process.env.BENCH_BACKENDS ?? 'postgres,pglite').split(',').map((b) => b.trim()) as Backend[];
/** docs/benchmarks.md#the-budget. */
const BUDGET = { rowsPerSecond: 10_000, memoryMb: 100 };
const DEMO_DEALERS = [
  ['D001', 'Grupo Horizonte'],
  ['D002', 'Grupo Horizonte'],
  ['D004', 'Grupo Litoral'],
] as const;
const log = (msg: string) => console.log(msg);

/** Writes the bench's file: header and ROWS users, streamed (the generator holds no workbook in memory). */
async function writeFile(file: string, rows: number, prefix = 'importado') {
  const labels = portalLabels(null, 'pt-BR');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useStyles: false, useSharedStrings: true });
  const sheet = workbook.addWorksheet('Usuários');
  sheet.addRow(IMPORT_COLUMNS.map((c) => t('pt-BR', `userImport.column.${c}`, labels))).commit();
  for (let i = 0; i < rows; i++) {
    const row: Partial<Record<ImportColumn, string>> =
      i % 5 === 4
        ? (() => {
            const [code, group] = DEMO_DEALERS[i % DEMO_DEALERS.length];
            return {
              nome: `Importado Dealer ${i}`,
              email: `${prefix}.${i}@bench.demo`,
              cpf: benchCpf((prefix === 'warm' ? 800_000 : 900_000) + i),
              tipo: 'Dealer / Grupo',
              dealers: code,
              grupos: group,
              cargos: `Vendedor | Vendas | 01/02/2024 | ${code}`,
              produtos: 'CRM Rede: Vendedor',
            };
          })()
        : {
            nome: `Importado Montadora ${i}`,
            email: `${prefix}.${i}@bench.demo`,
            tipo: 'Montadora',
            idioma: 'pt-BR',
            marcas: 'Aurora; Boreal',
            gruposUsuarios: 'Marketing',
            produtos: 'Portal: Consulta',
            dataAdmissao: '03/02/2025',
            emailSuperior: 'chefe@portal.demo',
          };
    sheet.addRow(IMPORT_COLUMNS.map((c) => row[c] ?? null)).commit();
  }
  sheet.commit();
  await workbook.commit();
}

type Run = { seconds: number; rowsPerSecond: number; memoryMb: number; status: Record<string, unknown> };

/** Uploads the file, waits for FINISHED, and samples the server's memory meanwhile. */
async function timedImport(client: CookieClient, url: string, pid: number, file: string, simulacao: boolean) {
  const baseline = rssKb(pid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssKb(pid));
  }, 100);
  const started = performance.now();
  try {
    const { body, contentType } = multipart([
      ...(simulacao ? [{ name: 'simulacao', value: 'true' }] : []),
      { name: 'file', filename: 'bench.xlsx', data: fs.readFileSync(file) },
    ]);
    const res = await client.fetch(`${url}/import/users`, {
      method: 'POST',
      body,
      headers: { 'content-type': contentType, origin: url },
      signal: AbortSignal.timeout(120_000),
    });
    if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
    const { id } = (await res.json()) as { id: string };
    for (;;) {
      const answer = await gql(
        client,
        url,
        '{ importStatus { id status total done criados atualizados semAlteracao rejeitadas erro } }',
      );
      const status = (answer.data?.importStatus as { id: string; status: string }[] | undefined)?.find(
        (s) => s.id === id,
      );
      if (status?.status === 'ERROR') throw new Error(`import ended in ERROR: ${JSON.stringify(status)}`);
      if (status?.status === 'FINISHED') {
        const seconds = (performance.now() - started) / 1000;
        peak = Math.max(peak, rssKb(pid));
        return { seconds, rowsPerSecond: ROWS / seconds, memoryMb: (peak - baseline) / 1024, status } satisfies Run;
      }
      if (performance.now() - started > 600_000) throw new Error(`import still ${JSON.stringify(status)} after 600 s`);
      await sleep(100);
    }
  } finally {
    clearInterval(sampler);
  }
}

async function runBackend(backend: Backend, file: string, warmUp: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-import-'));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const database = backend === 'postgres' ? await createPgDatabase('portal_bench_import') : undefined;
  const server = await startServer(dataDir, database?.url);
  cleanups.push(server.stop);
  try {
    const { client } = await signIn(server.url, 'admin@portal.demo', DEMO_PASSWORD);
    const pid = server.child.pid as number;
    // A warm-up import of a few rows first: the figures are a running server's, not its first-use compilation.
    await timedImport(client, server.url, pid, warmUp, false);
    log(`${backend}: dry run of ${ROWS} rows…`);
    const dryRun = await timedImport(client, server.url, pid, file, true);
    log(`${backend}: dry run ${round(dryRun.seconds)} s, ${JSON.stringify(dryRun.status)}`);
    log(`${backend}: import of ${ROWS} rows…`);
    const real = await timedImport(client, server.url, pid, file, false);
    log(`${backend}: import ${round(real.seconds)} s, ${JSON.stringify(real.status)}`);
    if ((real.status as unknown as { criados: number }).criados !== ROWS) throw new Error('not every row was created');
    return { backend, dryRun, real };
  } finally {
    await server.stop();
  }
}

async function main() {
  log(
    `User import bench: ${ROWS} rows end to end; server in a child process, ${os.cpus().length} cores ` +
      `(${os.cpus()[0]?.model?.trim()}), Node ${process.version}.`,
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-import-file-'));
  cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  const file = path.join(dir, 'bench.xlsx');
  await writeFile(file, ROWS);
  const warmUp = path.join(dir, 'warm-up.xlsx');
  await writeFile(warmUp, 200, 'warm');
  log(`file: ${round(fs.statSync(file).size / 1024 / 1024)} MB`);

  const body: string[][] = [];
  let missed = false;
  for (const backend of BACKENDS) {
    const { dryRun, real } = await runBackend(backend, file, warmUp);
    const budgeted = backend === 'postgres';
    for (const [what, r] of [
      ['import', real],
      ['dry run', dryRun],
    ] as const) {
      const rateOk = !budgeted || r.rowsPerSecond >= BUDGET.rowsPerSecond;
      const memoryOk = !budgeted || r.memoryMb < BUDGET.memoryMb;
      missed ||= !rateOk || !memoryOk;
      const size = `${ROWS.toLocaleString('en')} rows`;
      recordFigure({
        figure: `user import: ${what}, rows/s`,
        budget: `>= ${BUDGET.rowsPerSecond} rows/s on PostgreSQL`,
        backend,
        value: Math.round(r.rowsPerSecond),
        unit: 'rows/s',
        size,
        met: budgeted ? rateOk : null,
      });
      recordFigure({
        figure: `user import: ${what}, memory growth`,
        budget: `< ${BUDGET.memoryMb} MB on PostgreSQL`,
        backend,
        value: round(r.memoryMb, 1),
        unit: 'MB',
        size,
        met: budgeted ? memoryOk : null,
      });
      body.push([
        backend,
        what,
        round(r.seconds).toFixed(2),
        Math.round(r.rowsPerSecond).toString(),
        budgeted ? `>= ${BUDGET.rowsPerSecond}` : '-',
        round(r.memoryMb, 1).toFixed(1),
        budgeted ? `< ${BUDGET.memoryMb}` : '-',
        rateOk && memoryOk ? 'within' : 'MISSED',
      ]);
    }
  }
  log(
    `\n${table(['backend', 'run', 'seconds', 'rows/s', 'budget', 'memory growth (MB)', 'budget', 'verdict'], body, [
      false,
      false,
      true,
      true,
      false,
      true,
      false,
      false,
    ])}`,
  );
  await cleanupAll();
  process.exit(missed ? 1 : 0);
}

main().catch(async (err) => {
  console.error(err);
  await cleanupAll();
  process.exit(1);
});
