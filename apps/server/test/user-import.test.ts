import { t } from '@portal/i18n';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria } from '../src/modules/audit/audit.tables.js';
import { portalLabels } from '../src/modules/portal/portal.queries.js';
import {
  IMPORT_COLUMNS,
  type ImportColumn,
  USER_IMPORT_INVITE_QUEUE,
} from '../src/modules/user-import/user-import.columns.js';
import {
  CHUNK_ROWS,
  inviteImportedUsers,
  PG_CHUNK_ROWS,
  processImport,
  removeStaleCopies,
} from '../src/modules/user-import/user-import.process.js';
import {
  importacaoUsuarios,
  importacaoUsuariosConvite,
  importacaoUsuariosErro,
} from '../src/modules/user-import/user-import.tables.js';
import { usuario, usuarioCargo, usuarioDealer } from '../src/modules/users/users.tables.js';
import { textArray } from '../src/platform/sql.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn } from './browserless.js';
import { createUser } from './factories.js';
import { startTestPortal, type TestPortal } from './harness.js';
import { IMPORT_STATUS, importEnded, importStatusOf, uploadImport } from './user-import-client.js';

// The bulk user import (docs/domains/user-import.md): upload, the job's two passes, the counters, the rejected
// rows, nothing doubled on a second run, the dry run, file errors that write nothing, two workers on one import.

type Row = Partial<Record<ImportColumn, string | number | Date>>;

const run = Date.now().toString(36);
const mail = (name: string) => `${name}-${run}@import.demo`;

describe('user import', () => {
  let portal: TestPortal;
  let base: string;
  let admin: CookieClient;
  let headers: Record<ImportColumn, string>;

  /** An .xlsx with the pt-BR template's headers (or `header`) and `rows`. */
  async function sheet(rows: Row[], columns: readonly ImportColumn[] = IMPORT_COLUMNS): Promise<Buffer> {
    const workbook = new ExcelJS.Workbook();
    const ws = workbook.addWorksheet('Usuários');
    ws.addRow(columns.map((c) => headers[c]));
    for (const row of rows) ws.addRow(columns.map((c) => row[c] ?? null));
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  const upload = (client: CookieClient, name: string, data: Buffer, simulacao = false) =>
    uploadImport(client, base, name, data, { simulacao });
  const statusOf = (id: string, client = admin) => importStatusOf(client, base, id);
  const finished = (id: string) => importEnded(admin, base, id, 45_000);

  async function importFile(rows: Row[], opts: { name?: string; simulacao?: boolean } = {}) {
    const res = await upload(admin, opts.name ?? 'usuarios.xlsx', await sheet(rows), opts.simulacao);
    expect(res.status).toBe(202);
    return finished(res.body.id as string);
  }

  /** Waits for the invitation job of a finished import (it audits each invitation it sends) to have sent them all. */
  async function invitationsSent(importId: string) {
    const pending = () =>
      portal.services.db
        .select()
        .from(importacaoUsuariosConvite)
        .where(eq(importacaoUsuariosConvite.importacaoId, importId));
    for (let i = 0; (await pending()).length; i++) {
      if (i > 300) throw new Error(`the invitations of import ${importId} were not sent within 30 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const userByEmail = async (email: string) =>
    (await portal.services.db.select().from(usuario).where(eq(usuario.email, email)))[0];
  const userCount = async () =>
    Number(((await portal.services.db.execute(sql`SELECT count(*) AS n FROM usuario`)).rows[0] as { n: string }).n);
  const errorsOf = (id: string) =>
    portal.services.db
      .select()
      .from(importacaoUsuariosErro)
      .where(eq(importacaoUsuariosErro.importacaoId, id))
      .orderBy(importacaoUsuariosErro.linha);

  beforeAll(async () => {
    portal = await startTestPortal();
    base = portal.baseUrl;
    admin = (await signIn(base, 'admin@portal.demo', DEMO_PASSWORD)).client;
    const labels = portalLabels(null, 'pt-BR');
    headers = Object.fromEntries(
      IMPORT_COLUMNS.map((c) => [c, t('pt-BR', `userImport.column.${c}`, labels)]),
    ) as Record<ImportColumn, string>;
  }, 120_000);

  afterAll(async () => {
    await portal?.stop();
  });

  const carmaker = (name: string, extra: Row = {}): Row => ({
    nome: `Importado ${name}`,
    email: mail(name),
    tipo: 'Montadora',
    idioma: 'es',
    marcas: 'Aurora; Boreal',
    gruposUsuarios: 'Marketing',
    produtos: 'Portal: Consulta',
    dataAdmissao: '03/02/2025',
    emailSuperior: 'chefe@portal.demo',
    ...extra,
  });
  const dealerUser = (name: string, cpf: string, extra: Row = {}): Row => ({
    nome: `Importado ${name}`,
    email: mail(name),
    cpf,
    tipo: 'DEALER_GRUPO',
    dealers: 'D001',
    grupos: 'Grupo Horizonte',
    cargos: 'Vendedor | Vendas | 01/02/2024 | D001',
    produtos: 'CRM Rede: Vendedor',
    ...extra,
  });

  it('creates users row by row, rejects bad rows with their problems, and counts', async () => {
    const rows = [
      carmaker('ana'),
      dealerUser('bruno', '529.982.247-25'),
      dealerUser('carla', '111.444.777-35', { dealers: 'ZZZ-404' }),
      carmaker('ANA', { nome: 'Ana de novo' }),
      carmaker('duda', { tipo: 'Astronauta', dataAdmissao: '31/02/2025' }),
    ];
    const status = await importFile(rows);
    expect(status).toMatchObject({
      status: 'FINISHED',
      fileName: 'usuarios.xlsx',
      total: 5,
      done: 5,
      progress: 100,
      criados: 2,
      atualizados: 0,
      semAlteracao: 0,
      rejeitadas: 3,
      simulacao: false,
    });

    const ana = await userByEmail(mail('ana'));
    expect(ana).toMatchObject({ nome: 'Importado ana', tipo: 'MONTADORA', idioma: 'ES', dataAdmissao: '2025-02-03' });
    const bruno = await userByEmail(mail('bruno'));
    expect(bruno).toMatchObject({ cpf: '52998224725', tipo: 'DEALER_GRUPO' });
    expect(
      await portal.services.db.select().from(usuarioDealer).where(eq(usuarioDealer.usuarioId, bruno.id)),
    ).toHaveLength(1);
    expect(
      await portal.services.db.select().from(usuarioCargo).where(eq(usuarioCargo.usuarioId, bruno.id)),
    ).toHaveLength(1);
    expect(await userByEmail(mail('carla'))).toBeUndefined();

    const rejected = await errorsOf(status.id);
    expect(rejected.map((r) => r.linha)).toEqual([4, 5, 6]);
    expect(rejected[0].erros).toEqual([
      { field: 'dealers', message: 'userImport.row.unknownDealer', params: { value: 'ZZZ-404' } },
    ]);
    expect(rejected[0].celulas[1]).toBe(mail('carla'));
    expect(rejected[1].erros).toEqual([
      { field: 'email', message: 'userImport.row.duplicateEmail', params: { row: 2 } },
    ]);
    expect(rejected[2].erros.map((e) => e.message).sort()).toEqual([
      'userImport.row.badDate',
      'userImport.row.unknownType',
    ]);

    // Every change is audited as an import change of the uploader.
    const trail = await portal.services.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidadeId, ana.id), eq(auditoria.acao, 'importar')));
    expect(trail).toHaveLength(1);
    expect(trail[0].depois).toMatchObject({ importacaoId: status.id });
  });

  it('changes nothing the second time the same file is imported', async () => {
    const rows = [carmaker('eva'), dealerUser('fabio', '390.533.447-05')];
    const first = await importFile(rows);
    expect(first).toMatchObject({ criados: 2, rejeitadas: 0 });
    // The first import's invitations are audited by a job after it finished: counted once they are all sent.
    await invitationsSent(first.id);
    const eva = await userByEmail(mail('eva'));
    const auditsBefore = await portal.services.db.select().from(auditoria).where(eq(auditoria.entidadeId, eva.id));

    const second = await importFile(rows);
    expect(second).toMatchObject({ status: 'FINISHED', criados: 0, atualizados: 0, semAlteracao: 2, rejeitadas: 0 });
    expect(await userByEmail(mail('eva'))).toEqual(eva);
    expect(await portal.services.db.select().from(auditoria).where(eq(auditoria.entidadeId, eva.id))).toHaveLength(
      auditsBefore.length,
    );
  });

  it('updates an existing user by e-mail (any case), an empty cell keeping the current value', async () => {
    await importFile([carmaker('gil')]);
    const before = await userByEmail(mail('gil'));
    const status = await importFile([{ nome: 'Gil Renomeado', email: mail('GIL').toUpperCase() }], { name: 'x.xlsx' });
    expect(status).toMatchObject({ criados: 0, atualizados: 1, rejeitadas: 0 });
    const after = await userByEmail(mail('gil'));
    expect(after).toMatchObject({ id: before.id, nome: 'Gil Renomeado', idioma: 'ES', dataAdmissao: '2025-02-03' });
  });

  it('checks a file in a dry run without writing, then imports the same file for real', async () => {
    const users = await userCount();
    const dry = await importFile([carmaker('hugo'), carmaker('iris', { marcas: 'Marca Inexistente' })], {
      simulacao: true,
    });
    expect(dry).toMatchObject({ status: 'FINISHED', simulacao: true, criados: 1, rejeitadas: 1 });
    expect(await userCount()).toBe(users);
    expect(await errorsOf(dry.id)).toHaveLength(1);

    const res = await gql(admin, base, 'mutation ($id: ID!) { importarSimulacao(id: $id) { id status simulacao } }', {
      id: dry.id,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.importarSimulacao).toMatchObject({ simulacao: false });
    const real = await finished(res.data.importarSimulacao.id);
    expect(real).toMatchObject({ status: 'FINISHED', criados: 1, rejeitadas: 1 });
    expect(await userByEmail(mail('hugo'))).toBeDefined();
  });

  it('ends a file it cannot read in ERROR with a clear message, writing no user', async () => {
    const users = await userCount();
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const notXlsx = await upload(admin, 'renomeado.xlsx', png);
    expect(notXlsx.status).toBe(202);
    expect(await finished(notXlsx.body.id as string)).toMatchObject({
      status: 'ERROR',
      erro: 'userImport.file.NOT_XLSX',
      total: 0,
    });

    const noEmail = await upload(admin, 'sem-email.xlsx', await sheet([{ nome: 'Sem e-mail' }], ['nome', 'tipo']));
    const missing = await finished(noEmail.body.id as string);
    expect(missing).toMatchObject({ status: 'ERROR', erro: 'userImport.file.noHeader' });
    expect(missing.erroMensagem).toContain(headers.email);

    const onlyHeader = await upload(admin, 'vazio.xlsx', await sheet([]));
    expect(await finished(onlyHeader.body.id as string)).toMatchObject({
      status: 'ERROR',
      erro: 'userImport.file.empty',
    });
    expect(await userCount()).toBe(users);
  });

  it('refuses a file not named .xlsx at once, in the uploader’s language', async () => {
    const res = await upload(admin, 'usuarios.csv', Buffer.from('nome,email\n'));
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ error: 'UNSUPPORTED_MEDIA_TYPE', message: t('pt-BR', 'userImport.onlyXlsx') });
  });

  it('refuses the upload signed out (401) and without both keys (403), and lists only one’s own imports', async () => {
    const data = await sheet([carmaker('jota')]);
    const anonymous = await upload(new (admin.constructor as new () => CookieClient)(), 'a.xlsx', data);
    expect(anonymous.status).toBe(401);
    const plain = await createUser(portal, { password: 'Plain-User-2026!' });
    const client = (await signIn(base, plain.email, 'Plain-User-2026!')).client;
    expect((await upload(client, 'a.xlsx', data)).status).toBe(403);
    expect((await gql(client, base, IMPORT_STATUS)).errors?.[0]?.extensions.code).toBe('FORBIDDEN');
    expect(await userByEmail(mail('jota'))).toBeUndefined();
  });

  it('two workers on one import write each row once; two invitation workers invite each new user once', async () => {
    // This portal's invitation worker is stopped first, so that the pending invitations are seen as the import left
    // them; two workers then send them side by side.
    await portal.services.jobs.boss.offWork(USER_IMPORT_INVITE_QUEUE);
    try {
      const rows = Array.from({ length: 1_100 }, (_, i) => carmaker(`par${i}`));
      const data = await sheet(rows);
      // Recorded without its job running: both "instances" below start it at once.
      const key = `imports/test-${run}`;
      const { Readable } = await import('node:stream');
      await portal.services.storage.put(key, Readable.from([data]));
      const [adminRow] = await portal.services.db.select().from(usuario).where(eq(usuario.email, 'admin@portal.demo'));
      const [record] = await portal.services.db
        .insert(importacaoUsuarios)
        .values({ usuarioId: adminRow.id, nomeArquivo: 'par.xlsx', storageKey: key, idioma: 'PT_BR' })
        .returning();
      const log = () => {};
      await Promise.all([
        processImport(portal.services, record.id, log),
        processImport(portal.services, record.id, log),
      ]);
      const status = await statusOf(record.id);
      expect(status).toMatchObject({ status: 'FINISHED', total: 1_100, done: 1_100, criados: 1_100, rejeitadas: 0 });
      const imported = (
        await portal.services.db.execute(
          sql`SELECT id::text AS id FROM usuario WHERE email LIKE ${`par%-${run}@import.demo`}`,
        )
      ).rows as { id: string }[];
      expect(imported).toHaveLength(1_100);

      // One pending row per chunk, where the chunk starts, holding that chunk's new users.
      const pending = await portal.services.db
        .select()
        .from(importacaoUsuariosConvite)
        .where(eq(importacaoUsuariosConvite.importacaoId, record.id))
        .orderBy(importacaoUsuariosConvite.inicio);
      const chunk = portal.services.database.kind === 'postgres' ? PG_CHUNK_ROWS : CHUNK_ROWS;
      const starts = Array.from({ length: Math.ceil(1_100 / chunk) }, (_, i) => i * chunk);
      expect(pending.map((p) => p.inicio)).toEqual(starts);
      expect(pending.map((p) => p.usuarioIds.length)).toEqual(starts.map((s) => Math.min(chunk, 1_100 - s)));
      const ids = imported.map((u) => u.id).sort();
      expect(pending.flatMap((p) => p.usuarioIds).sort()).toEqual(ids);

      await Promise.all([
        inviteImportedUsers(portal.services, record.id),
        inviteImportedUsers(portal.services, record.id),
      ]);
      await invitationsSent(record.id);
      const invited = (
        await portal.services.db.execute(
          sql`SELECT count(*)::int AS n, count(DISTINCT entidade_id)::int AS users FROM auditoria
               WHERE acao = 'convidar' AND entidade_id = ANY(${textArray(ids)})`,
        )
      ).rows;
      expect(invited).toEqual([{ n: 1_100, users: 1_100 }]);
    } finally {
      await portal.services.jobs.work<{ importId: string }>(USER_IMPORT_INVITE_QUEUE, ({ importId }) =>
        inviteImportedUsers(portal.services, importId),
      );
    }
  }, 120_000);

  it('removes the temp copies a killed server left, not a running job’s', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const stale = path.join(os.tmpdir(), `portal-import-stale-${run}.xlsx`);
    const fresh = path.join(os.tmpdir(), `portal-import-fresh-${run}.xlsx`);
    fs.writeFileSync(stale, 'x');
    fs.writeFileSync(fresh, 'x');
    const twoDaysAgo = new Date(Date.now() - 48 * 3600 * 1000);
    fs.utimesSync(stale, twoDaysAgo, twoDaysAgo);
    expect(await removeStaleCopies()).toBeGreaterThanOrEqual(1);
    expect(fs.existsSync(stale)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    fs.rmSync(fresh);
  });
});
