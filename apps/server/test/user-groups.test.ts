import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria } from '../src/modules/audit/audit.tables.js';
import { featureIdsByKey } from '../src/modules/products/products.queries.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn } from './browserless.js';
import { createDealer, createUser, createUserGroup } from './factories.js';
import { startTestPortal, type TestPortal } from './harness.js';

// The user groups administration (docs/domains/user-groups.md): list, one, save, members, state,
// who sees a private group, and a membership change taking effect on the member's next request.

const code = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.code;
const fields = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.fields;

const GROUP = 'id nome publico active quantidadeUsuarios createdDateTime';
const LIST = `query ($busca: String, $active: Boolean, $visibilidade: VisibilidadeGrupoUsuarios, $ordenacao: String, $page: Int, $rowsPerPage: Int) {
  gruposUsuarios(busca: $busca, active: $active, visibilidade: $visibilidade, ordenacao: $ordenacao, page: $page, rowsPerPage: $rowsPerPage) {
    totalElements content { ${GROUP} } } }`;
const ONE = `query ($id: ID!) { grupoUsuarios(id: $id) { ${GROUP} } }`;
const SAVE = `mutation ($id: ID, $grupo: GrupoUsuariosInput!) { salvarGrupoUsuarios(id: $id, grupo: $grupo) { ${GROUP} } }`;
const ADD = `mutation ($id: ID!, $ids: [ID!]!) { adicionarUsuariosGrupoUsuarios(id: $id, idsUsuarios: $ids) { ${GROUP} } }`;
const REMOVE = `mutation ($id: ID!, $u: ID!) { removerUsuarioGrupoUsuarios(id: $id, idUsuario: $u) { ${GROUP} } }`;
const MEMBERS = `query ($id: ID!, $busca: String, $page: Int, $rowsPerPage: Int) {
  usuariosPorGrupoUsuarios(id: $id, busca: $busca, page: $page, rowsPerPage: $rowsPerPage) { totalElements content { id nome email active dealers } } }`;
const CANDIDATES = `query ($id: ID!, $busca: String!) { usuariosParaGrupoUsuarios(id: $id, busca: $busca) { id nome email dealers } }`;
const PASSWORD = 'Grupos-2026!';

describe('user groups administration', () => {
  let portal: TestPortal;
  let base: string;
  const as: Record<string, CookieClient> = {};
  const q = (who: string, query: string, variables?: Record<string, unknown>) => gql(as[who], base, query, variables);
  const audits = (id: string) => portal.services.db.select().from(auditoria).where(eq(auditoria.entidadeId, id));
  let keeper: { id: string; email: string };
  let other: { id: string; email: string };

  beforeAll(async () => {
    portal = await startTestPortal();
    base = portal.baseUrl;
    as.admin = (await signIn(base, 'admin@portal.demo', DEMO_PASSWORD)).client;
    as.dealer = (await signIn(base, 'dealer@portal.demo', DEMO_PASSWORD)).client;
    // Two holders of the maintenance key without the public-groups key and not TECSINAPSE.
    const keys = await featureIdsByKey(portal.services.db, ['PORTAL_MANUTENCAO_GRUPOS_USUARIOS']);
    keeper = await createUser(portal, { idsFuncionalidades: Object.values(keys), password: PASSWORD });
    other = await createUser(portal, { idsFuncionalidades: Object.values(keys), password: PASSWORD });
    as.keeper = (await signIn(base, keeper.email, PASSWORD)).client;
    as.other = (await signIn(base, other.email, PASSWORD)).client;
  });
  afterAll(() => portal?.stop());

  it('saves a group: unique name ignoring case and accents, audited; public needs the public-groups key', async () => {
    const created = await q('admin', SAVE, { grupo: { nome: 'Concessões Sul', publico: true } });
    expect(created.errors).toBeUndefined();
    const group = created.data.salvarGrupoUsuarios;
    expect(group).toMatchObject({ nome: 'Concessões Sul', publico: true, active: true, quantidadeUsuarios: 0 });

    const taken = await q('keeper', SAVE, { grupo: { nome: 'CONCESSOES sul', publico: false } });
    expect(fields(taken)).toEqual({ nome: 'organisation.nameTaken' });
    expect(fields(await q('keeper', SAVE, { grupo: { nome: ' ', publico: false } }))).toEqual({
      nome: 'validation.required',
    });
    // Without PORTAL_CRIACAO_GRUPOS_USUARIOS_PUBLICOS: no public group, and no making one public.
    expect(code(await q('keeper', SAVE, { grupo: { nome: 'Público do keeper', publico: true } }))).toBe('FORBIDDEN');
    const own = (await q('keeper', SAVE, { grupo: { nome: 'Privado do keeper', publico: false } })).data
      .salvarGrupoUsuarios;
    expect(code(await q('keeper', SAVE, { id: own.id, grupo: { nome: own.nome, publico: true } }))).toBe('FORBIDDEN');
    // Renaming a public group stays possible without the key.
    const renamed = await q('keeper', SAVE, { id: group.id, grupo: { nome: 'Concessões Sul 2', publico: true } });
    expect(renamed.data.salvarGrupoUsuarios.nome).toBe('Concessões Sul 2');

    const rows = await audits(group.id);
    expect(rows.map((r) => r.acao).sort()).toEqual(['criar', 'editar']);
  });

  it('shows a private group only to its creator, its members and TECSINAPSE; hidden looks like missing', async () => {
    const hidden = (await q('keeper', SAVE, { grupo: { nome: 'Só do keeper', publico: false } })).data
      .salvarGrupoUsuarios;
    const seen = async (who: string) =>
      (await q(who, LIST, { busca: 'so do keeper' })).data.gruposUsuarios.content.map((g: { id: string }) => g.id);
    expect(await seen('keeper')).toEqual([hidden.id]);
    expect(await seen('admin')).toEqual([hidden.id]);
    expect(await seen('other')).toEqual([]);
    expect(code(await q('other', ONE, { id: hidden.id }))).toBe('NOT_FOUND');
    expect(code(await q('other', SAVE, { id: hidden.id, grupo: { nome: 'x', publico: false } }))).toBe('NOT_FOUND');
    expect(code(await q('other', ADD, { id: hidden.id, ids: [other.id] }))).toBe('NOT_FOUND');

    // A member sees it.
    expect((await q('keeper', ADD, { id: hidden.id, ids: [other.id] })).errors).toBeUndefined();
    expect(await seen('other')).toEqual([hidden.id]);
    // Without the maintenance key nothing is listed.
    expect(code(await q('dealer', LIST, {}))).toBe('FORBIDDEN');
  });

  it('lists one page at a time, searching names without accents, filtering by state and visibility, sorting', async () => {
    const tag = `Lista${Date.now()}`;
    for (const [nome, publico] of [
      [`${tag} Ávila`, true],
      [`${tag} Bento`, false],
      [`${tag} Côrte`, false],
    ] as const) {
      await q('admin', SAVE, { grupo: { nome, publico } });
    }
    const list = async (v: Record<string, unknown>) =>
      (await q('admin', LIST, { busca: tag, ...v })).data.gruposUsuarios;
    expect((await list({})).content.map((g: { nome: string }) => g.nome)).toEqual([
      `${tag} Ávila`,
      `${tag} Bento`,
      `${tag} Côrte`,
    ]);
    expect((await q('admin', LIST, { busca: `${tag.toLowerCase()} avila` })).data.gruposUsuarios.totalElements).toBe(1);
    expect((await list({ visibilidade: 'PUBLICO' })).totalElements).toBe(1);
    expect((await list({ visibilidade: 'PRIVADO' })).totalElements).toBe(2);
    expect((await list({ ordenacao: '-nome' })).content[0].nome).toBe(`${tag} Côrte`);
    const page = await list({ rowsPerPage: 10, page: 1 });
    expect(page).toMatchObject({ totalElements: 3, content: [] });

    const bento = (await list({})).content[1];
    const off = await q('admin', `mutation ($id: ID!) { inativarGrupoUsuarios(id: $id) { id active } }`, {
      id: bento.id,
    });
    expect(off.data.inativarGrupoUsuarios.active).toBe(false);
    expect((await list({ active: false })).content.map((g: { id: string }) => g.id)).toEqual([bento.id]);
    expect((await list({ active: true })).totalElements).toBe(2);
    expect((await audits(bento.id)).map((r) => r.acao).sort()).toEqual(['criar', 'inativar']);

    expect(fields(await q('admin', LIST, { ordenacao: 'senha' }))).toEqual({ ordenacao: 'validation.invalid' });
    expect(fields(await q('admin', LIST, { rowsPerPage: 7 }))).toEqual({ rowsPerPage: 'validation.invalid' });
  });

  it('finds users to add by name, e-mail or dealer, adds and removes them, lists members paged and searchable', async () => {
    const group = await createUserGroup(portal, { publico: true });
    const dealer = await createDealer(portal, { nomeExibicao: `Auto Ipê ${Date.now()}` });
    const byName = await createUser(portal, { nome: `Joana Estêvão ${Date.now()}` });
    const byDealer = await createUser(portal, { tipo: 'DEALER_GRUPO', idsDealers: [dealer.id] });

    const candidates = async (busca: string) =>
      (await q('admin', CANDIDATES, { id: group.id, busca })).data.usuariosParaGrupoUsuarios.map(
        (u: { id: string }) => u.id,
      );
    expect(await candidates('joana estevao')).toEqual([byName.id]);
    expect(await candidates(byName.email.toUpperCase())).toEqual([byName.id]);
    expect(await candidates(dealer.nomeExibicao.replace('Ipê', 'ipe'))).toEqual([byDealer.id]);

    const added = await q('admin', ADD, { id: group.id, ids: [byName.id, byDealer.id] });
    expect(added.data.adicionarUsuariosGrupoUsuarios.quantidadeUsuarios).toBe(2);
    expect(await candidates('joana estevao')).toEqual([]);
    expect(fields(await q('admin', ADD, { id: group.id, ids: [] }))).toEqual({ idsUsuarios: 'validation.required' });

    const members = async (v: Record<string, unknown> = {}) =>
      (await q('admin', MEMBERS, { id: group.id, ...v })).data.usuariosPorGrupoUsuarios;
    expect((await members()).totalElements).toBe(2);
    expect((await members({ busca: dealer.nomeExibicao })).content).toEqual([
      expect.objectContaining({ id: byDealer.id, dealers: [dealer.nomeExibicao] }),
    ]);

    // A search counts at most 1,000 hits (decision 0007's rule, as the library's search).
    await portal.services.db.execute(
      sql.raw(`INSERT INTO usuario (nome, email, tipo) SELECT 'Frequente Sobrenome ' || i, 'frequente' || i || '@bench.demo', 'DEALER_GRUPO'
         FROM generate_series(1, 1005) i`),
    );
    await portal.services.db.execute(
      sql.raw(`INSERT INTO usuario_grupo_usuarios (usuario_id, grupo_usuarios_id)
         SELECT id, '${group.id}' FROM usuario WHERE email LIKE 'frequente%@bench.demo'`),
    );
    expect((await members({ busca: 'frequente sobrenome', rowsPerPage: 10 })).totalElements).toBe(1000);
    expect((await members({ busca: 'frequente sobrenome 1004' })).totalElements).toBe(1);
    expect((await members()).totalElements).toBe(1007);
    await portal.services.db.execute(sql.raw(`DELETE FROM usuario WHERE email LIKE 'frequente%@bench.demo'`));

    const removed = await q('admin', REMOVE, { id: group.id, u: byName.id });
    expect(removed.data.removerUsuarioGrupoUsuarios.quantidadeUsuarios).toBe(1);
    expect(fields(await q('admin', REMOVE, { id: group.id, u: byName.id }))).toEqual({
      idUsuario: 'validation.invalid',
    });
    expect((await audits(group.id)).map((r) => r.acao).sort()).toEqual(['criar', 'editar', 'editar']);
    expect((await audits(byName.id)).map((r) => r.acao).sort()).toEqual(['criar', 'editar', 'editar']);
  });

  it('a member sees a library folder granted to the group on the next request, and loses it when removed or the group is inactivated', async () => {
    const group = (await q('admin', SAVE, { grupo: { nome: `Biblioteca ${Date.now()}`, publico: true } })).data
      .salvarGrupoUsuarios;
    const folder = await q('admin', 'mutation ($p: NovaPastaInput!) { criarNovaPasta(novaPasta: $p) { id nome } }', {
      p: {
        nome: `Pasta do grupo ${group.id}`,
        idPai: null,
        tiposAcesso: [{ idGrupoAcesso: group.id, permissao: 'LEITURA' }],
      },
    });
    expect(folder.errors).toBeUndefined();
    const folderId = folder.data.criarNovaPasta.id;
    const member = await createUser(portal, { password: PASSWORD });
    as.member = (await signIn(base, member.email, PASSWORD)).client;
    const sees = async () =>
      ((await q('member', '{ itemsPorPasta(idPasta: null) { id } }')).data.itemsPorPasta as { id: string }[]).some(
        (i) => i.id === folderId,
      );

    expect(await sees()).toBe(false);
    await q('admin', ADD, { id: group.id, ids: [member.id] });
    expect(await sees()).toBe(true);
    await q('admin', `mutation ($id: ID!) { inativarGrupoUsuarios(id: $id) { id } }`, { id: group.id });
    expect(await sees()).toBe(false);
    await q('admin', `mutation ($id: ID!) { ativarGrupoUsuarios(id: $id) { id } }`, { id: group.id });
    expect(await sees()).toBe(true);
    await q('admin', REMOVE, { id: group.id, u: member.id });
    expect(await sees()).toBe(false);
  });

  it("who can see this: an access form sees each group's kind and active people, and pages through them", async () => {
    const created = (await q('admin', SAVE, { grupo: { nome: 'Quem vê isto', publico: false } })).data
      .salvarGrupoUsuarios;
    const people = [
      await createUser(portal, { nome: 'Ana Quem Vê' }),
      await createUser(portal, { nome: 'Bruno Quem Vê' }),
      await createUser(portal, { nome: 'Carla Inativa' }),
    ];
    await q('admin', ADD, { id: created.id, ids: people.map((p) => p.id) });
    await portal.services.db.execute(sql`UPDATE usuario SET active = false WHERE id = ${people[2].id}`);

    const choices = (await q('dealer', '{ gruposUsuariosAtivos { id nome publico quantidadeUsuarios } }')).data
      .gruposUsuariosAtivos;
    expect(choices.find((g: { id: string }) => g.id === created.id)).toMatchObject({
      publico: false,
      quantidadeUsuarios: 2,
    });

    const PEOPLE = `query ($id: ID!, $busca: String, $page: Int, $rowsPerPage: Int) {
      pessoasGrupoUsuarios(id: $id, busca: $busca, page: $page, rowsPerPage: $rowsPerPage) { totalElements content { nome email } } }`;
    const all = (await q('admin', PEOPLE, { id: created.id })).data.pessoasGrupoUsuarios;
    expect(all.totalElements).toBe(2);
    expect(all.content.map((p: { nome: string }) => p.nome)).toEqual(['Ana Quem Vê', 'Bruno Quem Vê']);
    const found = (await q('admin', PEOPLE, { id: created.id, busca: 'bruno quem ve' })).data.pessoasGrupoUsuarios;
    expect(found.content.map((p: { nome: string }) => p.nome)).toEqual(['Bruno Quem Vê']);
    const second = (await q('admin', PEOPLE, { id: created.id, page: 1, rowsPerPage: 10 })).data.pessoasGrupoUsuarios;
    expect(second).toEqual({ totalElements: 2, content: [] });

    // A user who gives no group access gets FORBIDDEN and no one; an inactive or unknown group is NOT_FOUND.
    const denied = await q('dealer', PEOPLE, { id: created.id });
    expect(code(denied)).toBe('FORBIDDEN');
    expect(denied.data?.pessoasGrupoUsuarios ?? null).toBeNull();
    await q('admin', `mutation { inativarGrupoUsuarios(id: "${created.id}") { id } }`);
    expect(code(await q('admin', PEOPLE, { id: created.id }))).toBe('NOT_FOUND');
    expect(code(await q('admin', PEOPLE, { id: '00000000-0000-4000-8000-000000000000' }))).toBe('NOT_FOUND');
  });

  it("exports the filtered list as .xlsx, formula-like names neutralised, with the list's guard and visibility", async () => {
    const tag = `Export${Date.now()}`;
    await q('admin', SAVE, { grupo: { nome: `=HYPERLINK("http://x","${tag}")`, publico: true } });
    await q('admin', SAVE, { grupo: { nome: `${tag} privado`, publico: false } });
    const url = (v: Record<string, string>) =>
      `${base}/api/gruposUsuarios.xlsx?${new URLSearchParams({ busca: tag, ...v })}`;
    const sheet = async (who: string, v: Record<string, string> = {}) => {
      const res = await as[who].fetch(url(v));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
      return workbook.worksheets[0]
        .getSheetValues()
        .slice(1)
        .map((r) => (r as unknown[]).slice(1));
    };
    const all = await sheet('admin');
    expect(all[0]).toEqual(['Nome', 'Visibilidade', 'Situação', 'Usuários', 'Criado em']);
    expect(all.slice(1).map((r) => r[0])).toEqual([`'=HYPERLINK("http://x","${tag}")`, `${tag} privado`]);
    expect((await sheet('admin', { visibilidade: 'PUBLICO' })).slice(1).map((r) => r[1])).toEqual(['Público']);
    // The private group is not the other keeper's: not in their export.
    expect((await sheet('other')).length).toBe(2);
    expect((await as.dealer.fetch(url({}))).status).toBe(403);
    expect((await fetch(url({}))).status).toBe(401);
    expect((await as.admin.fetch(url({ ordenacao: 'senha' }))).status).toBe(400);
  });
});
