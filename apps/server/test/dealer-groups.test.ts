import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_PROPERTIES_CACHE_KEY } from '../src/modules/portal/portal.queries.js';
import { portalProperties } from '../src/modules/portal/portal.tables.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn } from './browserless.js';
import { createDealer, createDealerGroup, createUser } from './factories.js';
import { startTestPortal, type TestPortal } from './harness.js';

// The dealer groups administration (docs/domains/organisation.md#dealer-groups) through its API: list,
// page with members, save, the inactivation cascade with its counts before, reactivation and export.

const code = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.code;
const fields = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.fields;

const LIST = `query ($busca: String, $active: Boolean, $ordenacao: String, $page: Int, $rowsPerPage: Int) {
  grupos(busca: $busca, active: $active, ordenacao: $ordenacao, page: $page, rowsPerPage: $rowsPerPage) {
    totalElements content { id nome active quantidadeDealers } } }`;
const ONE = `query ($id: ID!, $page: Int) { grupo(id: $id) { id nome active quantidadeDealers
  dealers(page: $page) { totalElements content { id nomeExibicao active } }
  usuarios(page: $page) { totalElements content { id email active } } } }`;
const SAVE = 'mutation ($id: ID, $grupo: GrupoInput!) { salvarGrupo(id: $id, grupo: $grupo) { id nome active } }';
const COUNTS = 'query ($id: ID!) { resumoInativacaoGrupo(id: $id) { dealers usuarios } }';
const INACTIVATE = 'mutation ($id: ID!) { inativarGrupo(id: $id) { dealers usuarios grupo { id active } } }';
const ACTIVATE = 'mutation ($id: ID!) { ativarGrupo(id: $id) { id active } }';
const AUDIT =
  'query ($e: String!, $id: ID!) { auditoria(entidade: $e, entidadeId: $id) { content { acao entidade usuario { email } } } }';

describe('dealer groups administration', () => {
  let portal: TestPortal;
  let base: string;
  const as: Record<string, CookieClient> = {};
  const q = (who: string, query: string, variables?: Record<string, unknown>) => gql(as[who], base, query, variables);
  const list = async (variables: Record<string, unknown> = {}) => {
    const res = await q('admin', LIST, variables);
    expect(res.errors).toBeUndefined();
    return res.data.grupos as { totalElements: number; content: { id: string; nome: string; active: boolean }[] };
  };

  beforeAll(async () => {
    portal = await startTestPortal();
    base = portal.baseUrl;
    for (const who of ['admin', 'dealer']) as[who] = (await signIn(base, `${who}@portal.demo`, DEMO_PASSWORD)).client;
  });
  afterAll(() => portal?.stop());

  it('lists one page at a time, searching names without case or accents, filtering by state, sorting', async () => {
    const tag = `Lst${Date.now().toString(36)}`;
    for (const nome of [`Árvore ${tag}`, `Banco ${tag}`, `Canoa ${tag}`]) await createDealerGroup(portal, { nome });
    const found = await list({ busca: `arvore ${tag.toUpperCase()}` });
    expect(found.content.map((g) => g.nome)).toEqual([`Árvore ${tag}`]);

    const mine = await list({ busca: tag, ordenacao: '-nome' });
    expect(mine.content.map((g) => g.nome)).toEqual([`Canoa ${tag}`, `Banco ${tag}`, `Árvore ${tag}`]);
    expect((await list({ busca: tag, ordenacao: 'nome' })).content[0].nome).toBe(`Árvore ${tag}`);

    const all = await list({ rowsPerPage: 50 });
    const first = await list({ rowsPerPage: 10 });
    expect(first.content.length).toBe(Math.min(10, all.totalElements));
    if (all.totalElements > 10) {
      const second = await list({ page: 1 });
      expect(second.content.map((g) => g.id)).not.toContain(first.content[0].id);
    }
    expect(code(await q('admin', LIST, { rowsPerPage: 7 }))).toBe('BAD_USER_INPUT');
    expect(code(await q('admin', LIST, { ordenacao: 'senha' }))).toBe('BAD_USER_INPUT');

    const banco = mine.content.find((g) => g.nome.startsWith('Banco')) as { id: string };
    await q('admin', INACTIVATE, { id: banco.id });
    expect((await list({ busca: tag, active: false })).content.map((g) => g.nome)).toEqual([`Banco ${tag}`]);
    expect((await list({ busca: tag, active: true })).totalElements).toBe(2);
  });

  it('creates and renames; a name taken ignoring case and accents is refused on nome; both audited', async () => {
    const tag = `Sv${Date.now().toString(36)}`;
    const created = await q('admin', SAVE, { grupo: { nome: `Grupo Éstrela ${tag}` } });
    expect(created.data.salvarGrupo).toMatchObject({ nome: `Grupo Éstrela ${tag}`, active: true });
    const id = created.data.salvarGrupo.id;

    const dup = await q('admin', SAVE, { grupo: { nome: `grupo estrela ${tag.toLowerCase()}` } });
    expect(code(dup)).toBe('BAD_USER_INPUT');
    expect(fields(dup)).toEqual({ nome: 'organisation.nameTaken' });
    expect(fields(await q('admin', SAVE, { grupo: { nome: ' ' } }))).toEqual({ nome: 'validation.required' });

    const renamed = await q('admin', SAVE, { id, grupo: { nome: `Grupo Estrela Nova ${tag}` } });
    expect(renamed.data.salvarGrupo.nome).toBe(`Grupo Estrela Nova ${tag}`);
    // Its own name in other case is not "taken".
    expect((await q('admin', SAVE, { id, grupo: { nome: `GRUPO ESTRELA NOVA ${tag}` } })).errors).toBeUndefined();
    const other = await createDealerGroup(portal);
    expect(fields(await q('admin', SAVE, { id: other.id, grupo: { nome: `grupo estrela nova ${tag}` } }))).toEqual({
      nome: 'organisation.nameTaken',
    });
    expect(code(await q('admin', SAVE, { id: '00000000-0000-4000-8000-000000000000', grupo: { nome: 'X' } }))).toBe(
      'NOT_FOUND',
    );
    const audit = (await q('admin', AUDIT, { e: 'grupo', id })).data.auditoria.content.map(
      (a: { acao: string }) => a.acao,
    );
    expect(audit.sort()).toEqual(['criar', 'editar', 'editar']);
  });

  it('a group shows its dealers and users, paged', async () => {
    const group = await createDealerGroup(portal);
    const dealers = [];
    for (let i = 0; i < 11; i++) dealers.push(await createDealer(portal, { grupoId: group.id }));
    await createUser(portal, { idsGrupos: [group.id] });
    await createUser(portal, { tipo: 'DEALER_GRUPO', idsDealers: [dealers[0].id] });
    const page0 = (await q('admin', ONE, { id: group.id })).data.grupo;
    expect(page0.quantidadeDealers).toBe(11);
    expect(page0.dealers.totalElements).toBe(11);
    expect(page0.dealers.content).toHaveLength(10);
    expect(page0.usuarios.totalElements).toBe(2);
    const page1 = (await q('admin', ONE, { id: group.id, page: 1 })).data.grupo;
    expect(page1.dealers.content).toHaveLength(1);
    expect(page1.usuarios.content).toHaveLength(0);
    expect(code(await q('admin', ONE, { id: 'nope' }))).toBe('NOT_FOUND');
  });

  it('inactivating: counts before, the cascade (group, active dealers, their users), audit rows; reactivating restores the group only', async () => {
    const group = await createDealerGroup(portal);
    const [a, b] = [
      await createDealer(portal, { grupoId: group.id }),
      await createDealer(portal, { grupoId: group.id }),
    ];
    const viaGroup = await createUser(portal, { idsGrupos: [group.id], password: 'Teste@2026' });
    const viaDealer = await createUser(portal, { tipo: 'DEALER_GRUPO', idsDealers: [b.id] });
    const elsewhere = await createUser(portal);
    const signedIn = (await signIn(base, viaGroup.email, 'Teste@2026')).client;
    expect((await gql(signedIn, base, '{ usuarioLogado { id } }')).data.usuarioLogado.id).toBe(viaGroup.id);

    const before = (await q('admin', COUNTS, { id: group.id })).data.resumoInativacaoGrupo;
    expect(before).toEqual({ dealers: 2, usuarios: 2 });

    const done = (await q('admin', INACTIVATE, { id: group.id })).data.inativarGrupo;
    expect(done).toEqual({ dealers: 2, usuarios: 2, grupo: { id: group.id, active: false } });
    expect((await q('admin', COUNTS, { id: group.id })).data.resumoInativacaoGrupo).toEqual({
      dealers: 0,
      usuarios: 0,
    });

    const members = (await q('admin', ONE, { id: group.id })).data.grupo;
    expect(members.dealers.content.map((d: { active: boolean }) => d.active)).toEqual([false, false]);
    const stateOf = Object.fromEntries(members.usuarios.content.map((u: any) => [u.id, u.active]));
    expect(stateOf).toEqual({ [viaGroup.id]: false, [viaDealer.id]: false });
    const other = (await q('admin', ONE, { id: (await createDealerGroup(portal)).id })).data.grupo;
    expect(other.usuarios.content.map((u: { id: string }) => u.id)).not.toContain(elsewhere.id);

    for (const [id, entity] of [
      [group.id, 'grupo'],
      [a.id, 'dealer'],
      [b.id, 'dealer'],
      [viaGroup.id, 'usuario'],
      [viaDealer.id, 'usuario'],
    ]) {
      const rows = (await q('admin', AUDIT, { e: entity, id })).data.auditoria.content;
      expect(rows).toContainEqual({ acao: 'inativar', entidade: entity, usuario: { email: 'admin@portal.demo' } });
    }
    // The inactivated user's session stops working; they cannot sign in again.
    expect(code(await gql(signedIn, base, '{ usuarioLogado { id } }'))).toBe('UNAUTHENTICATED');
    expect((await signIn(base, viaGroup.email, 'Teste@2026')).client.jar.has('portal_sid')).toBe(false);

    const reactivated = (await q('admin', ACTIVATE, { id: group.id })).data.ativarGrupo;
    expect(reactivated).toEqual({ id: group.id, active: true });
    const after = (await q('admin', ONE, { id: group.id })).data.grupo;
    expect(after.dealers.content.every((d: { active: boolean }) => !d.active)).toBe(true);
    expect(after.usuarios.content.every((u: { active: boolean }) => !u.active)).toBe(true);
    const groupAudit = (await q('admin', AUDIT, { e: 'grupo', id: group.id })).data.auditoria.content.map(
      (r: any) => r.acao,
    );
    expect(groupAudit.sort()).toEqual(['ativar', 'criar', 'inativar']);
  });

  it('a user without the key gets FORBIDDEN and no data, from the API and the export', async () => {
    const group = await createDealerGroup(portal);
    for (const [query, variables] of [
      [LIST, {}],
      [ONE, { id: group.id }],
      [COUNTS, { id: group.id }],
      [INACTIVATE, { id: group.id }],
      [ACTIVATE, { id: group.id }],
      [SAVE, { grupo: { nome: 'Intruso' } }],
    ] as const) {
      const res = await q('dealer', query, variables);
      expect(code(res)).toBe('FORBIDDEN');
      expect(res.data ?? null).toBeNull();
    }
    expect((await q('admin', ONE, { id: group.id })).data.grupo.active).toBe(true);
    expect((await as.dealer.fetch(`${base}/api/grupos.xlsx`)).status).toBe(403);
    expect((await fetch(`${base}/api/grupos.xlsx`)).status).toBe(401);
  });

  it('exports what the filter shows as .xlsx, formula-like names neutralised', async () => {
    const tag = `Xp${Date.now().toString(36)}`;
    await createDealerGroup(portal, { nome: `=HYPERLINK("http://x") ${tag}` });
    const plain = await createDealerGroup(portal, { nome: `Plano ${tag}` });
    await createDealer(portal, { grupoId: plain.id });
    const res = await as.admin.fetch(`${base}/api/grupos.xlsx?busca=${encodeURIComponent(tag)}&ordenacao=-nome`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const rows = (workbook.worksheets[0].getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    expect(rows).toEqual([
      ['Nome', 'Concessionárias', 'Situação'],
      [`Plano ${tag}`, 1, 'Ativo'],
      [`'=HYPERLINK("http://x") ${tag}`, 0, 'Ativo'],
    ]);
    expect((await as.admin.fetch(`${base}/api/grupos.xlsx?ordenacao=senha`)).status).toBe(400);
  });

  it("the header menu titles the groups' entry with the customer's label", async () => {
    const menuTitles = async () => {
      const res = await q('admin', '{ menuUsuarioLogado { menus { title children { title uri } } } }');
      return res.data.menuUsuarioLogado.menus.flatMap((m: any) => m.children).filter((c: any) => c.uri === '/grupos');
    };
    expect(await menuTitles()).toEqual([{ title: 'Grupos', uri: '/grupos' }]);
    await portal.services.db.update(portalProperties).set({ labelGrupos: 'Redes' });
    portal.services.cache.invalidate(PORTAL_PROPERTIES_CACHE_KEY);
    try {
      expect(await menuTitles()).toEqual([{ title: 'Redes', uri: '/grupos' }]);
    } finally {
      await portal.services.db.update(portalProperties).set({ labelGrupos: 'Grupos' });
      portal.services.cache.invalidate(PORTAL_PROPERTIES_CACHE_KEY);
    }
  });
});
