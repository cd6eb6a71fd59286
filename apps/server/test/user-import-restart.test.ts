import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { processImport } from '../src/modules/user-import/user-import.process.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { signIn } from './browserless.js';
import { freePort, freshPostgresDatabase, onPostgres, startTestPortal, type TestPortal } from './harness.js';
import { type ServerProcess, startServerProcess } from './server-process.js';
import { importStatusOf, importWhen, uploadedImport } from './user-import-client.js';

// Issue 15 point 7: an import survives its server being killed (SIGKILL, a real child process running
// src/main.ts as `npm start` does) and ends with exactly the rows of the file once a new server runs on the same
// data; and two real instances on one PostgreSQL database never process one import twice.
// docs/domains/user-import.md#processing: one transaction per chunk moves the checkpoint; the job's retry resumes.

/** A file of `count` carmaker users the admin may create, e-mails `<prefix><i>@restart.demo`. */
async function usersFile(prefix: string, count: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Usuários');
  sheet.addRow(['nome', 'email', 'tipo', 'dataAdmissao', 'emailSuperior']);
  for (let i = 1; i <= count; i++)
    sheet.addRow([`Reinício ${i}`, `${prefix}${i}@restart.demo`, 'MONTADORA', '03/02/2025', 'chefe@portal.demo']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

type Server = ServerProcess;

const startServer = (port: number, env: Record<string, string>) =>
  startServerProcess(port, { HOST: '127.0.0.1', ...env });

async function stopServer(server: Server | undefined, signal: NodeJS.Signals = 'SIGTERM') {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill(signal);
  await server.exited;
}

/**
 * Enough chunks (of 1,000) that the kill lands between two commits. PGlite writes a few thousand rows a second, and
 * slower still beside other test files: fewer rows there keep the test well inside its time.
 */
const ROWS = onPostgres ? 10_000 : 5_000;

describe('user import: a server killed mid-import', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-import-restart-'));
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;
  let server: Server | undefined;
  let checker: TestPortal | undefined;

  afterAll(async () => {
    await stopServer(server, 'SIGKILL');
    await checker?.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`resumes after a restart on the same data and ends with exactly the ${ROWS} rows of the file`, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    database = onPostgres ? await freshPostgresDatabase() : undefined;
    // Files live under DATA_DIR in both cases; the database is PGlite there too, or the PostgreSQL database.
    const env = { DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) };
    const prefix = `reinicio-${crypto.randomBytes(3).toString('hex')}-`;
    const data = await usersFile(prefix, ROWS);

    server = await startServer(port, env);
    let admin = (await signIn(base, 'admin@portal.demo', DEMO_PASSWORD)).client;
    const id = await uploadedImport(admin, base, 'reinicio.xlsx', data);
    const midway = await importWhen(
      admin,
      base,
      id,
      (s) => s.done > 0 || s.status === 'FINISHED' || s.status === 'ERROR',
      60_000,
      10,
    );
    expect(midway).toMatchObject({ status: 'PROCESSING', total: ROWS });
    expect(midway.done).toBeLessThan(ROWS);
    await stopServer(server, 'SIGKILL');

    server = await startServer(port, env);
    admin = (await signIn(base, 'admin@portal.demo', DEMO_PASSWORD)).client;
    const killed = await importStatusOf(admin, base, id);
    // Killed in the middle: some chunks committed, not all.
    expect(killed.status).toBe('PROCESSING');
    expect(killed.done).toBeGreaterThan(0);
    expect(killed.done).toBeLessThan(ROWS);
    const started = Date.now();
    const done = await importWhen(admin, base, id, (s) => s.status === 'FINISHED' || s.status === 'ERROR', 120_000);
    console.log(
      `user import restart: killed at ${killed.done}/${ROWS}, finished ${((Date.now() - started) / 1000).toFixed(1)} s after the new server was ready`,
    );
    expect(done).toMatchObject({
      status: 'FINISHED',
      total: ROWS,
      done: ROWS,
      criados: ROWS,
      atualizados: 0,
      semAlteracao: 0,
      rejeitadas: 0,
      erro: null,
    });
    await stopServer(server);
    // The killed server's copy of the file stays in the temp directory (see the domain page); this test's is removed.
    for (const name of fs.readdirSync(os.tmpdir()))
      if (name.startsWith(`portal-import-${id}-`)) fs.rmSync(path.join(os.tmpdir(), name), { force: true });

    // The data itself, read by a portal of this process on the same database.
    const check = await startTestPortal({ ...(database ? { databaseUrl: database.url } : {}), dataDir });
    checker = check;
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await check.services.db.execute(query)) as unknown as { rows: T[] }).rows;
    const [users] = await rows<{ n: number; emails: number }>(
      sql`SELECT count(*)::int AS n, count(DISTINCT email)::int AS emails FROM usuario WHERE email LIKE ${`${prefix}%`}`,
    );
    expect(users).toEqual({ n: ROWS, emails: ROWS });
    const [audits] = await rows<{ n: number; users: number }>(
      sql`SELECT count(*)::int AS n, count(DISTINCT entidade_id)::int AS users FROM auditoria
           WHERE acao = 'importar' AND depois->>'importacaoId' = ${id}`,
    );
    expect(audits).toEqual({ n: ROWS, users: ROWS });
    const [rejected] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM importacao_usuarios_erro WHERE importacao_id = ${id}`,
    );
    expect(rejected.n).toBe(0);
  }, 240_000);
});

// PostgreSQL only: two instances share one database, which PGlite (one process) cannot.
describe.runIf(onPostgres)('user import: two instances on one PostgreSQL database (PostgreSQL only)', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let a: TestPortal;
  let b: TestPortal;

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  it('the job sent once, both instances’ workers on it at once: every row written once, the counters exact', async () => {
    database = await freshPostgresDatabase();
    const [portA, portB] = [await freePort(), await freePort()];
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-import-two-'));
    // One database and one file store (DATA_DIR/files) behind one public address, as behind a load balancer.
    const env = { SESSION_SECRET: 'shared-session-secret-of-the-two-instances-0123456789' };
    [a, b] = await Promise.all([
      startTestPortal({ databaseUrl: database.url, dataDir, port: portA, env }),
      startTestPortal({ databaseUrl: database.url, dataDir, port: portB, env }),
    ]);
    try {
      const rowsCount = 3_500;
      const prefix = `duas-${crypto.randomBytes(3).toString('hex')}-`;
      const admin = (await signIn(a.baseUrl, 'admin@portal.demo', DEMO_PASSWORD)).client;
      const id = await uploadedImport(admin, a.baseUrl, 'duas.xlsx', await usersFile(prefix, rowsCount));
      // The upload sent one job, which one instance's worker takes; a worker of each instance is started on the
      // same import right now too, as a retry after a lost heartbeat would while the first still runs.
      const log = () => {};
      await Promise.all([processImport(b.services, id, log), processImport(a.services, id, log)]);
      const done = await importWhen(
        admin,
        a.baseUrl,
        id,
        (s) => s.status === 'FINISHED' || s.status === 'ERROR',
        60_000,
      );
      expect(done).toMatchObject({
        status: 'FINISHED',
        total: rowsCount,
        done: rowsCount,
        criados: rowsCount,
        atualizados: 0,
        semAlteracao: 0,
        rejeitadas: 0,
      });
      const rows = async <T>(query: ReturnType<typeof sql>) =>
        ((await b.services.db.execute(query)) as unknown as { rows: T[] }).rows;
      expect(await rows(sql`SELECT count(*)::int AS n FROM usuario WHERE email LIKE ${`${prefix}%`}`)).toEqual([
        { n: rowsCount },
      ]);
      expect(
        await rows(
          sql`SELECT count(*)::int AS n, count(DISTINCT entidade_id)::int AS users FROM auditoria
               WHERE acao = 'importar' AND depois->>'importacaoId' = ${id}`,
        ),
      ).toEqual([{ n: rowsCount, users: rowsCount }]);
      // Each new user is invited once (the invitation job of the finished import): no pending row left, one
      // invitation audited per user.
      const pending = sql`SELECT count(*)::int AS n FROM importacao_usuarios_convite WHERE importacao_id = ${id}`;
      const until = Date.now() + 60_000;
      while ((await rows<{ n: number }>(pending))[0].n > 0 && Date.now() < until)
        await new Promise((r) => setTimeout(r, 250));
      expect(await rows(pending)).toEqual([{ n: 0 }]);
      expect(
        await rows(
          sql`SELECT count(*)::int AS n, count(DISTINCT a.entidade_id)::int AS users FROM auditoria a
               JOIN usuario u ON a.entidade_id = u.id::text
               WHERE a.acao = 'convidar' AND u.email LIKE ${`${prefix}%`}`,
        ),
      ).toEqual([{ n: rowsCount, users: rowsCount }]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 150_000);
});
