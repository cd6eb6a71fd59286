import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria } from '../src/modules/audit/audit.tables.js';
import { accessTypeIdByName, featureIdsByKey } from '../src/modules/products/products.queries.js';
import {
  type ImportedUser,
  type ImportedUserOutcome,
  importUsers,
  inviteUsers,
} from '../src/modules/users/users.import.js';
import { positionCatalogue } from '../src/modules/users/users.list.js';
import {
  departamento,
  usuario,
  usuarioCargo,
  usuarioDealer,
  usuarioGrupo,
  usuarioTipoAcesso,
} from '../src/modules/users/users.tables.js';
import { type ActionContext, inTransaction } from '../src/platform/actions.js';
import { emailOutbox } from '../src/platform/mail.tables.js';
import { contextOf, createDealer, createDealerGroup, createUser } from './factories.js';
import { onPostgres, startTestPortal, type TestPortal } from './harness.js';
import { freshCpf } from './user-import-client.js';

// The users' part of the bulk import (docs/domains/users.md#import): importUsers checks each row by the wizard's
// rules for the uploader and writes the chunk set-based; inviteUsers sends the new users' invitations.

const run = crypto.randomBytes(3).toString('hex');
let sequence = 0;
const email = (name: string) => `${name}.${run}.${++sequence}@importacao.demo`;
const NOT_ALLOWED = 'userImport.row.notAllowed';
const management = { dataAdmissao: '2025-02-03', emailSuperior: 'chefe@portal.demo' };

describe('users import (importUsers, inviteUsers)', () => {
  let portal: TestPortal;
  const ctx: Record<string, ActionContext> = {};
  const u: Record<string, { id: string; email: string }> = {};
  let g1: { id: string };
  let g2: { id: string };
  let a1: { id: string };
  let a2: { id: string };
  let b1: { id: string };
  let adminTypeId: string;
  let communicationTypeId: string;
  let vendedorId: string;
  let gerenteId: string;
  let deptId: string;

  const db = () => portal.services.db;
  const importAs = (who: string, rows: ImportedUser[], dryRun = false, importId = crypto.randomUUID()) =>
    importUsers(ctx[who], rows, { dryRun, importId });
  const audits = (ids: string[]) =>
    ids.length ? db().select().from(auditoria).where(inArray(auditoria.entidadeId, ids)) : Promise.resolve([]);
  const userById = async (id: string) => (await db().select().from(usuario).where(eq(usuario.id, id)))[0];
  const links = async (id: string) => ({
    dealers: (await db().select().from(usuarioDealer).where(eq(usuarioDealer.usuarioId, id))).map((r) => r.dealerId),
    grupos: (await db().select().from(usuarioGrupo).where(eq(usuarioGrupo.usuarioId, id))).map((r) => r.grupoId),
    tipos: (await db().select().from(usuarioTipoAcesso).where(eq(usuarioTipoAcesso.usuarioId, id))).map(
      (r) => r.tipoAcessoId,
    ),
    cargos: (await db().select().from(usuarioCargo).where(eq(usuarioCargo.usuarioId, id))).map((r) => ({
      cargoId: r.cargoId,
      dealerId: r.dealerId,
    })),
  });
  const dealerRow = (overrides: Partial<ImportedUser> = {}): ImportedUser => ({
    rowNumber: 2,
    email: email('dealer'),
    nome: 'Dani Dealer',
    cpf: freshCpf(),
    tipo: 'DEALER_GRUPO',
    idsDealers: [a1.id],
    cargos: [{ cargoId: vendedorId, dealerId: a1.id, departamentoId: deptId, dataInicio: '2025-03-01' }],
    ...overrides,
  });
  const montadoraRow = (overrides: Partial<ImportedUser> = {}): ImportedUser => ({
    rowNumber: 2,
    email: email('montadora'),
    nome: 'Mona Montadora',
    tipo: 'MONTADORA',
    infos: management,
    ...overrides,
  });
  const kinds = (outcomes: ImportedUserOutcome[]) =>
    outcomes.map((o) => (o.outcome === 'rejected' ? { rejected: o.errors } : o.outcome));

  beforeAll(async () => {
    portal = await startTestPortal();
    const keys = await featureIdsByKey(db(), ['PORTAL_MANUTENCAO_USUARIOS']);
    adminTypeId = (await accessTypeIdByName(db(), 'PORTAL', 'Administrador')) as string;
    communicationTypeId = (await accessTypeIdByName(db(), 'PORTAL', 'Comunicação')) as string;
    g1 = await createDealerGroup(portal);
    g2 = await createDealerGroup(portal);
    a1 = await createDealer(portal, { grupoId: g1.id });
    a2 = await createDealer(portal, { grupoId: g1.id });
    b1 = await createDealer(portal, { grupoId: g2.id });
    const maintain = { idsFuncionalidades: [keys.PORTAL_MANUTENCAO_USUARIOS] };
    // tec holds both access types below (the grant rule); mont and dg hold none.
    u.tec = await createUser(portal, {
      ...maintain,
      tipo: 'TECSINAPSE',
      idsTiposAcesso: [adminTypeId, communicationTypeId],
    });
    u.mont = await createUser(portal, { ...maintain, tipo: 'MONTADORA' });
    u.dg = await createUser(portal, { ...maintain, tipo: 'DEALER_GRUPO', idsDealers: [a1.id], idsGrupos: [g1.id] });
    for (const who of ['tec', 'mont', 'dg']) ctx[who] = await contextOf(portal, u[who].email);
    const cargos = await positionCatalogue(db());
    vendedorId = cargos.find((c) => c.nome === 'Vendedor')?.id as string;
    gerenteId = cargos.find((c) => c.nome === 'Gerente geral')?.id as string;
    deptId = (await db().select({ id: departamento.id }).from(departamento).limit(1))[0].id;
  });
  afterAll(() => portal?.stop());

  it('creates users with the form defaults and audits importar with the import id; a second run is unchanged', async () => {
    const importId = crypto.randomUUID();
    const rows = [
      montadoraRow({ rowNumber: 2, idsTiposAcesso: [communicationTypeId] }),
      dealerRow({ rowNumber: 3, idioma: 'ES', idsGrupos: [g1.id] }),
    ];
    const first = await importAs('tec', rows, false, importId);
    expect(kinds(first)).toEqual(['created', 'created']);
    const ids = first.map((o) => (o.outcome === 'rejected' ? '' : o.userId));
    const mona = await userById(ids[0]);
    expect(mona).toMatchObject({ email: rows[0].email, tipo: 'MONTADORA', idioma: 'PT_BR', active: true });
    expect(mona.dataAdmissao).toBe('2025-02-03');
    expect(await links(ids[0])).toEqual({ dealers: [], grupos: [], tipos: [communicationTypeId], cargos: [] });
    const dani = await userById(ids[1]);
    expect(dani).toMatchObject({ idioma: 'ES', cpf: rows[1].cpf, dataAdmissao: null });
    expect(await links(ids[1])).toEqual({
      dealers: [a1.id],
      grupos: [g1.id],
      tipos: [],
      cargos: [{ cargoId: vendedorId, dealerId: a1.id }],
    });

    const rowsAudited = await audits(ids);
    expect(rowsAudited.map((r) => [r.entidadeId, r.acao, r.usuarioId, r.antes]).sort()).toEqual(
      ids.map((id) => [id, 'importar', u.tec.id, null]).sort(),
    );
    // A new user's row names the import and the file's row, not the snapshot (decision 0059).
    expect(rowsAudited.find((r) => r.entidadeId === ids[1])?.depois).toEqual({ importacaoId: importId, linha: 3 });

    // The same rows again: nothing changes, nothing is audited, the version stays.
    const again = await importAs('tec', rows);
    expect(again).toEqual(first.map((o) => ({ ...o, outcome: 'unchanged' })));
    expect(await audits(ids)).toHaveLength(2);
    expect((await userById(ids[1])).versao).toEqual(dani.versao);
  });

  it('updates an existing user (key: e-mail): an empty field keeps the value, links included; a filled one replaces it', async () => {
    const row = dealerRow({ idioma: 'EN', idsGrupos: [g1.id], idsTiposAcesso: [adminTypeId] });
    const [created] = await importAs('tec', [row]);
    const id = (created as { userId: string }).userId;
    const before = await userById(id);
    const [updated] = await importAs('tec', [
      { rowNumber: 7, email: row.email, nome: 'Dani D. Dealer', idsGrupos: [] },
    ]);
    expect(updated).toEqual({ rowNumber: 7, outcome: 'updated', userId: id });
    const after = await userById(id);
    expect(after).toMatchObject({ nome: 'Dani D. Dealer', cpf: row.cpf, idioma: 'EN', tipo: 'DEALER_GRUPO' });
    expect(+after.versao).toBeGreaterThan(+before.versao);
    expect(await links(id)).toEqual({
      dealers: [a1.id],
      grupos: [],
      tipos: [adminTypeId],
      cargos: [{ cargoId: vendedorId, dealerId: a1.id }],
    });
    const rows = (await audits([id])).sort((a, b) => a.id - b.id);
    expect(rows.map((r) => r.acao)).toEqual(['importar', 'importar']);
    expect(rows[1].antes).toMatchObject({ nome: 'Dani Dealer', idsGrupos: [g1.id] });
    expect(rows[1].depois).toMatchObject({ nome: 'Dani D. Dealer', idsGrupos: [] });
  });

  it('refuses a CPF held by another user, and the same CPF twice in one call (the later row)', async () => {
    const holder = await createUser(portal, { cpf: freshCpf() });
    const twice = freshCpf();
    const outcomes = await importAs('tec', [
      dealerRow({ rowNumber: 2, cpf: holder.cpf as string }),
      dealerRow({ rowNumber: 3, cpf: twice }),
      dealerRow({ rowNumber: 4, cpf: twice }),
    ]);
    expect(kinds(outcomes)).toEqual([
      { rejected: [{ field: 'usuario.cpf', message: 'users.cpfTaken' }] },
      'created',
      { rejected: [{ field: 'usuario.cpf', message: 'users.cpfTaken' }] },
    ]);
  });

  it('the scope and grant rules per row: type, dealer, access type beyond the uploader; users out of reach', async () => {
    // MONTADORA may not assign TECSINAPSE, nor an access type it does not hold; other rows of the call go on.
    expect(
      kinds(
        await importAs('mont', [
          montadoraRow({ rowNumber: 2, tipo: 'TECSINAPSE' }),
          montadoraRow({ rowNumber: 3, idsTiposAcesso: [adminTypeId] }),
          montadoraRow({ rowNumber: 4 }),
        ]),
      ),
    ).toEqual([
      { rejected: [{ field: 'usuario.tipo', message: NOT_ALLOWED }] },
      { rejected: [{ field: 'usuario.produtos', message: NOT_ALLOWED }] },
      'created',
    ]);
    // A dealer-group administrator: dealers of their scope only, DEALER_GRUPO only.
    expect(
      kinds(
        await importAs('dg', [
          dealerRow({
            rowNumber: 2,
            idsDealers: [b1.id],
            cargos: [{ cargoId: vendedorId, dealerId: b1.id, departamentoId: deptId, dataInicio: '2025-03-01' }],
          }),
          montadoraRow({ rowNumber: 3 }),
          dealerRow({ rowNumber: 4 }),
        ]),
      ),
    ).toEqual([
      {
        rejected: [
          { field: 'usuario.idsDealers', message: NOT_ALLOWED },
          { field: 'cargos.0.cargoId', message: 'users.positionNotAllowed' },
        ],
      },
      { rejected: [{ field: 'usuario.tipo', message: NOT_ALLOWED }] },
      'created',
    ]);
    // Users the dealer-group administrator cannot see, or sees but may not edit: one message, nothing revealed.
    const invisible = await createUser(portal, { tipo: 'MONTADORA' });
    const notEditable = await createUser(portal, { tipo: 'DEALER_GRUPO', idsDealers: [a1.id, b1.id] });
    const outcomes = await importAs('dg', [
      { rowNumber: 2, email: invisible.email, nome: 'Outro Nome' },
      { rowNumber: 3, email: notEditable.email, nome: 'Outro Nome' },
    ]);
    const refused = { rejected: [{ field: 'usuario.email', message: NOT_ALLOWED }] };
    expect(kinds(outcomes)).toEqual([refused, refused]);
    expect((await userById(invisible.id)).nome).toBe(invisible.nome);
    expect((await userById(notEditable.id)).nome).toBe(notEditable.nome);
  });

  it('the form rules and the positions: required per dealer for a dealer type (demo properties), one general manager', async () => {
    const taken = await createDealer(portal, { grupoId: g1.id });
    const gerente = (dealerId: string) => ({
      cargoId: gerenteId,
      dealerId,
      departamentoId: deptId,
      dataInicio: '2025-01-10',
    });
    expect(kinds(await importAs('tec', [dealerRow({ idsDealers: [taken.id], cargos: [gerente(taken.id)] })]))).toEqual([
      'created',
    ]);
    const fresh = await createDealer(portal, { grupoId: g1.id });
    const outcomes = await importAs('tec', [
      dealerRow({ rowNumber: 2, idsDealers: [a1.id, a2.id] }),
      dealerRow({ rowNumber: 3, cargos: [] }),
      dealerRow({ rowNumber: 4, idsDealers: [taken.id], cargos: [gerente(taken.id)] }),
      dealerRow({ rowNumber: 5, idsDealers: [fresh.id], cargos: [gerente(fresh.id)] }),
      dealerRow({ rowNumber: 6, idsDealers: [fresh.id], cargos: [gerente(fresh.id)] }),
      dealerRow({ rowNumber: 7, nome: undefined }),
      dealerRow({ rowNumber: 8, cpf: undefined }),
      montadoraRow({ rowNumber: 9, infos: undefined }),
    ]);
    expect(kinds(outcomes)).toEqual([
      { rejected: [{ field: 'cargos', message: 'users.positionPerDealer' }] },
      { rejected: [{ field: 'cargos', message: 'users.positionRequired' }] },
      { rejected: [{ field: 'cargos.0.cargoId', message: 'users.positionNotAllowed' }] },
      'created',
      { rejected: [{ field: 'cargos.0.cargoId', message: 'users.positionNotAllowed' }] },
      { rejected: [{ field: 'usuario.nome', message: 'validation.required' }] },
      { rejected: [{ field: 'usuario.cpf', message: 'validation.required' }] },
      {
        rejected: [
          { field: 'infos.dataAdmissao', message: 'validation.required' },
          { field: 'infos.emailSuperior', message: 'validation.required' },
        ],
      },
    ]);
  });

  it('a dry run checks everything, writes nothing and answers what the real run then does', async () => {
    const [existing] = await importAs('tec', [montadoraRow({ rowNumber: 2, nome: 'Antes' })]);
    const existingId = (existing as { userId: string }).userId;
    const existingEmail = (await userById(existingId)).email;
    const holder = await createUser(portal, { cpf: freshCpf() });
    const rows = [
      montadoraRow({ rowNumber: 2 }),
      { rowNumber: 3, email: existingEmail, nome: 'Depois' },
      dealerRow({ rowNumber: 4, cpf: holder.cpf as string }),
    ];
    const auditsBefore = (await audits([existingId])).length;
    const dry = await importAs('tec', rows, true);
    expect(kinds(dry)).toEqual([
      'created',
      'updated',
      { rejected: [{ field: 'usuario.cpf', message: 'users.cpfTaken' }] },
    ]);
    expect(await db().select().from(usuario).where(eq(usuario.email, rows[0].email))).toEqual([]);
    expect((await userById(existingId)).nome).toBe('Antes');
    expect(await audits([existingId])).toHaveLength(auditsBefore);
    // Inside a caller's transaction too (a savepoint): the caller's own work stays.
    await inTransaction(ctx.tec, async (_tx, txCtx) => {
      expect(kinds(await importUsers(txCtx, rows, { dryRun: true, importId: crypto.randomUUID() }))).toEqual(
        kinds(dry),
      );
    });
    const real = await importAs('tec', rows);
    expect(kinds(real)).toEqual(kinds(dry));
    expect((await userById(existingId)).nome).toBe('Depois');
  });

  it('inviteUsers queues the invitation of each new user; importUsers itself sends none', async () => {
    const rows = [montadoraRow({ rowNumber: 2, idioma: 'ES' }), montadoraRow({ rowNumber: 3 })];
    const outcomes = await importAs('tec', rows);
    const outbox = () =>
      db()
        .select()
        .from(emailOutbox)
        .where(
          inArray(
            emailOutbox.para,
            rows.map((r) => r.email),
          ),
        );
    expect(await outbox()).toEqual([]);
    await inviteUsers(
      ctx.tec,
      outcomes.flatMap((o) => (o.outcome === 'created' ? [o.userId] : [])),
    );
    const mails = await outbox();
    expect(mails.map((m) => m.para).sort()).toEqual(rows.map((r) => r.email).sort());
    expect(mails.find((m) => m.para === rows[0].email)?.assunto).toBe('Su acceso a Portal Rede Aurora');
    const ids = outcomes.map((o) => (o as { userId: string }).userId);
    expect(
      await db()
        .select()
        .from(auditoria)
        .where(and(inArray(auditoria.entidadeId, ids), eq(auditoria.acao, 'convidar'))),
    ).toHaveLength(2);
  });

  it('500 rows in one call: timing of new and of unchanged rows (printed, not asserted)', async () => {
    const batch = () =>
      Array.from({ length: 500 }, (_, i) =>
        montadoraRow({ rowNumber: i + 2, nome: `Carga ${i}`, idsTiposAcesso: [communicationTypeId] }),
      );
    // A first chunk warms up the statements and the code (a real import sends many): measured is the next one.
    await importAs('tec', batch());
    const rows = batch();
    let started = performance.now();
    const created = await importAs('tec', rows);
    const createdMs = performance.now() - started;
    expect(created.every((o) => o.outcome === 'created')).toBe(true);
    started = performance.now();
    const unchanged = await importAs('tec', rows);
    const unchangedMs = performance.now() - started;
    expect(unchanged.every((o) => o.outcome === 'unchanged')).toBe(true);
    console.log(
      `[users-import timing, ${onPostgres ? 'PostgreSQL' : 'PGlite'}] 500 new rows: ${createdMs.toFixed(1)} ms; ` +
        `500 unchanged rows: ${unchangedMs.toFixed(1)} ms`,
    );
  });
});
