import { catalogues } from '@portal/i18n';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_DATA_TTL_MS } from '../src/platform/cache.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn } from './browserless.js';
import { freePort, freshPostgresDatabase, onPostgres, startTestPortal, type TestPortal } from './harness.js';

// The menus administration (docs/domains/menu-and-shell.md#menus-administration): TECSINAPSE lists, creates,
// edits, activates and inactivates menu categories and items; each write is audited and the header
// menu (menuUsuarioLogado) follows at once, on every instance.

const code = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.code;
const fields = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.fields;

const ENTRY =
  'id titulo tituloChave uri ordem externo active chaves tipos quantidadeFilhos produto { nome } pai { id titulo }';
const LIST = `query ($busca: String, $tipo: TipoMenu, $active: Boolean, $idPai: ID, $ordenacao: String, $page: Int, $rowsPerPage: Int) {
  menusAdministracao(busca: $busca, tipo: $tipo, active: $active, idPai: $idPai, ordenacao: $ordenacao, page: $page, rowsPerPage: $rowsPerPage) {
    totalElements content { ${ENTRY} } } }`;
const SAVE = `mutation ($id: ID, $menu: MenuInput!) { salvarMenu(id: $id, menu: $menu) { ${ENTRY} } }`;
const STATUS = (op: 'ativarMenu' | 'inativarMenu') => `mutation ($id: ID!) { ${op}(id: $id) { id active } }`;
const HEADER = '{ menuUsuarioLogado { menus { title uri children { title uri children { title uri } } } } }';
const AUDIT = `query ($id: ID!) { auditoria(entidade: "menu", entidadeId: $id) { content { acao antes depois usuario { email } } } }`;

type Entry = { id: string; titulo: string; ordem: number; uri: string | null; pai: { id: string } | null };
const blank = { uri: null, produtoId: null, parentId: null, externo: false, chaves: [], tipos: [] };

/** The text under a dotted key of a catalogue, if any. */
const lookup = (catalogue: unknown, key: string): unknown =>
  key.split('.').reduce<any>((node, part) => (node && typeof node === 'object' ? node[part] : undefined), catalogue);

/** Every title of a header menu tree, flattened. */
const headerTitles = (menus: any[]): string[] => menus.flatMap((m) => [m.title, ...headerTitles(m.children ?? [])]);

describe('menus administration', () => {
  let portal: TestPortal;
  let base: string;
  const as: Record<string, CookieClient> = {};
  const q = (who: string, query: string, variables?: Record<string, unknown>) => gql(as[who], base, query, variables);
  const list = async (variables: Record<string, unknown> = {}) => {
    const res = await q('admin', LIST, variables);
    expect(res.errors).toBeUndefined();
    return res.data.menusAdministracao as { totalElements: number; content: Entry[] };
  };
  const find = async (busca: string) => (await list({ busca })).content[0];
  const header = async (who = 'admin') => headerTitles((await q(who, HEADER)).data.menuUsuarioLogado.menus);

  beforeAll(async () => {
    portal = await startTestPortal();
    base = portal.baseUrl;
    for (const who of ['admin', 'montadora', 'dealer']) {
      as[who] = (await signIn(base, `${who}@portal.demo`, DEMO_PASSWORD)).client;
    }
  });
  afterAll(() => portal?.stop());

  it('lists one page at a time with the shared page sizes, searching titles as shown and uris without accents', async () => {
    const all = await list({ rowsPerPage: 50 });
    expect(all.totalElements).toBeGreaterThan(20);
    const first = await list();
    expect(first.content).toHaveLength(10);
    const second = await list({ page: 1 });
    expect(second.content.map((e) => e.id)).not.toContain(first.content[0].id);
    expect(second.totalElements).toBe(all.totalElements);
    // Default order: categories first (no parent), in menu order.
    expect(first.content[0]).toMatchObject({ titulo: 'Portal', pai: null });

    // 'Relatórios' is stored; 'Administração' comes from an i18n key; both found without accents or case.
    expect((await list({ busca: 'RELATORIOS' })).content.map((e) => e.titulo)).toEqual(['Relatórios']);
    expect((await list({ busca: 'administracao' })).content.map((e) => e.titulo)).toEqual(['Administração']);
    expect((await list({ busca: '/vendas' })).totalElements).toBe(2);
    expect((await list({ busca: '100%_' })).totalElements).toBe(0);

    const rowsPerPage = await q('admin', LIST, { rowsPerPage: 7 });
    expect(code(rowsPerPage)).toBe('BAD_USER_INPUT');
    expect(fields(rowsPerPage)).toEqual({ rowsPerPage: 'validation.invalid' });
    expect(fields(await q('admin', LIST, { ordenacao: 'senha' }))).toEqual({ ordenacao: 'validation.invalid' });
  });

  it('filters by kind, parent and status, and sorts by title, order, parent or uri', async () => {
    const categories = await list({ tipo: 'CATEGORIA', rowsPerPage: 50 });
    expect(categories.content.every((e) => e.pai === null)).toBe(true);
    expect(categories.content.map((e) => e.titulo)).toEqual([
      'Portal',
      'Administração',
      'CRM Rede',
      'Ajuda',
      'Novidades',
    ]);
    const items = await list({ tipo: 'ITEM', rowsPerPage: 50 });
    expect(items.totalElements + categories.totalElements).toBe((await list()).totalElements);

    const admin = await find('Administração');
    const underAdmin = await list({ idPai: admin.id, ordenacao: '-ordem' });
    expect(underAdmin.totalElements).toBe(10);
    expect(underAdmin.content.map((e) => e.ordem)).toEqual([10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(underAdmin.content.map((e) => e.titulo)).toContain('Usuários');

    const byTitle = await list({ tipo: 'CATEGORIA', ordenacao: 'titulo' });
    expect(byTitle.content.map((e) => e.titulo)).toEqual(['Administração', 'Ajuda', 'CRM Rede', 'Novidades', 'Portal']);
    expect((await list({ active: false })).totalElements).toBe(0);
    expect(code(await q('admin', LIST, { idPai: 'x' }))).toBe('BAD_USER_INPUT');
  });

  it('seeds every demo entry with a title per language (a key present in pt-BR, es and en)', async () => {
    const all = await list({ rowsPerPage: 50 });
    const untranslated = all.content.filter((e: any) => !e.tituloChave).map((e) => e.titulo);
    expect(untranslated).toEqual([]);
    for (const e of all.content as any[])
      for (const [locale, catalogue] of Object.entries(catalogues))
        expect(lookup(catalogue, e.tituloChave), `${e.tituloChave} in ${locale}`).toEqual(expect.any(String));
  });

  it('creates a category and an item under it; a taken order moves the siblings down; audited', async () => {
    const created = await q('admin', SAVE, { menu: { ...blank, titulo: 'Treinamentos', ordem: 6 } });
    expect(created.errors).toBeUndefined();
    const category = created.data.salvarMenu;
    expect(category).toMatchObject({ titulo: 'Treinamentos', pai: null, active: true, quantidadeFilhos: 0 });

    const item = (
      await q('admin', SAVE, {
        menu: {
          ...blank,
          titulo: 'Agenda',
          uri: '/comunicados',
          parentId: category.id,
          ordem: 1,
          tipos: ['MONTADORA'],
        },
      })
    ).data.salvarMenu;
    expect(item).toMatchObject({ pai: { id: category.id, titulo: 'Treinamentos' }, tipos: ['MONTADORA'] });
    const second = (
      await q('admin', SAVE, {
        menu: {
          ...blank,
          titulo: 'Calendário',
          uri: 'https://cursos.portal.demo',
          externo: true,
          parentId: category.id,
          ordem: 1,
        },
      })
    ).data.salvarMenu;
    // The new entry took order 1; the one that had it moved to 2.
    const siblings = await list({ idPai: category.id, ordenacao: 'ordem' });
    expect(siblings.content.map((e) => [e.titulo, e.ordem])).toEqual([
      ['Calendário', 1],
      ['Agenda', 2],
    ]);

    // In the header of the types that see them, at once (no waiting for the cache).
    expect(await header('montadora')).toEqual(expect.arrayContaining(['Treinamentos', 'Agenda', 'Calendário']));
    const dealerHeader = await header('dealer');
    expect(dealerHeader).toContain('Calendário');
    expect(dealerHeader).not.toContain('Agenda');

    const audit = (await q('admin', AUDIT, { id: second.id })).data.auditoria.content;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ acao: 'criar', antes: null, usuario: { email: 'admin@portal.demo' } });
    expect(JSON.parse(audit[0].depois)).toMatchObject({
      titulo: 'Calendário',
      irmaosDeslocados: [{ id: item.id, ordem: 2 }],
    });
  });

  it('refuses bad input per field, from the shared schema and from the database', async () => {
    const admin = await find('Administração');
    const funil = await find('Funil');
    const portalCategory = await find('Portal');
    const cases: [Record<string, unknown>, Record<string, string>, string?][] = [
      [{ titulo: ' ' }, { titulo: 'validation.required' }],
      [{ titulo: 'x'.repeat(101) }, { titulo: 'menus.validation.titleTooLong' }],
      [{ parentId: admin.id, uri: null }, { uri: 'menus.validation.uriRequired' }],
      [{ uri: 'comunicados' }, { uri: 'menus.validation.uriFormat' }],
      [{ uri: '/comunicados', externo: true }, { uri: 'menus.validation.externalUri' }],
      [{ ordem: -1 }, { ordem: 'menus.validation.orderInteger' }],
      [{ parentId: '00000000-0000-4000-8000-000000000000', uri: '/x' }, { parentId: 'menus.validation.parentInvalid' }],
      [{ parentId: funil.id, uri: '/x' }, { parentId: 'menus.validation.tooDeep' }],
      [{ produtoId: '00000000-0000-4000-8000-000000000000' }, { produtoId: 'validation.invalid' }],
      [{ chaves: ['NAO_EXISTE'] }, { chaves: 'validation.invalid' }],
      // A category with items cannot go under another category's item (four levels).
      [
        { parentId: (await find('Usuários')).id, uri: '/x' },
        { parentId: 'menus.validation.tooDeep' },
        portalCategory.id,
      ],
      // Nor under its own child.
      [
        { parentId: (await find('Comunicados')).id, uri: '/x' },
        { parentId: 'menus.validation.parentCycle' },
        portalCategory.id,
      ],
    ];
    const total = (await list()).totalElements;
    for (const [change, expected, id] of cases) {
      const res = await q('admin', SAVE, { id, menu: { ...blank, titulo: 'Válido', ordem: 1, ...change } });
      expect(code(res), JSON.stringify(change)).toBe('BAD_USER_INPUT');
      expect(fields(res), JSON.stringify(change)).toEqual(expected);
    }
    expect((await list()).totalElements).toBe(total);
    expect(
      code(
        await q('admin', SAVE, {
          id: '00000000-0000-4000-8000-000000000000',
          menu: { ...blank, titulo: 'X', ordem: 1 },
        }),
      ),
    ).toBe('NOT_FOUND');
  });

  it('renaming an item shows the new title in the header at once; keeping the translated title keeps the key', async () => {
    const comunicados = await find('Comunicados');
    const entry = (await q('admin', `{ menuAdministracao(id: "${comunicados.id}") { ${ENTRY} } }`)).data
      .menuAdministracao;
    expect(entry).toMatchObject({ tituloChave: 'route.comunicados', uri: '/comunicados' });
    const menu = { ...blank, titulo: entry.titulo, uri: entry.uri, parentId: entry.pai.id, ordem: entry.ordem };

    // Saved unchanged: still translated by its key.
    expect((await q('admin', SAVE, { id: entry.id, menu })).data.salvarMenu.tituloChave).toBe('route.comunicados');
    expect(await header()).toContain('Comunicados');
    await header('dealer');

    const renamed = await q('admin', SAVE, { id: entry.id, menu: { ...menu, titulo: 'Avisos da rede' } });
    expect(renamed.data.salvarMenu).toMatchObject({ titulo: 'Avisos da rede', tituloChave: null });
    expect(await header('dealer')).toContain('Avisos da rede');
    expect(await header('dealer')).not.toContain('Comunicados');

    const audit = (await q('admin', AUDIT, { id: entry.id })).data.auditoria.content;
    const edit = audit.find((a: any) => JSON.parse(a.depois).titulo === 'Avisos da rede');
    expect(edit).toMatchObject({ acao: 'editar', usuario: { email: 'admin@portal.demo' } });
    expect(JSON.parse(edit.antes)).toMatchObject({ titulo: 'Comunicados', tituloChave: 'route.comunicados' });
    expect(JSON.parse(edit.depois)).toMatchObject({ tituloChave: null });
  });

  it('inactivating hides an entry and what is under it from the header at once; activating brings it back; audited', async () => {
    const ajuda = await find('Ajuda');
    const before = await header('dealer');
    expect(before).toEqual(expect.arrayContaining(['Ajuda', 'Central de ajuda']));

    const off = await q('admin', STATUS('inativarMenu'), { id: ajuda.id });
    expect(off.data.inativarMenu).toEqual({ id: ajuda.id, active: false });
    expect(await header('dealer')).not.toContain('Central de ajuda');
    expect((await list({ active: false })).content.map((e) => e.titulo)).toEqual(['Ajuda']);

    expect((await q('admin', STATUS('ativarMenu'), { id: ajuda.id })).data.ativarMenu.active).toBe(true);
    expect(await header('dealer')).toEqual(before);

    const audit = (await q('admin', AUDIT, { id: ajuda.id })).data.auditoria.content;
    expect(audit.map((a: any) => a.acao).sort()).toEqual(['ativar', 'inativar']);
    expect(code(await q('admin', STATUS('inativarMenu'), { id: 'nao-e-um-id' }))).toBe('NOT_FOUND');
  });

  it('a user who is not TECSINAPSE gets FORBIDDEN and no data, and changes nothing', async () => {
    const novidades = await find('Novidades');
    const attempts: [string, Record<string, unknown>][] = [
      [LIST, {}],
      [`{ menuAdministracao(id: "${novidades.id}") { id titulo } }`, {}],
      ['{ opcoesMenuAdministracao { pais { id } } }', {}],
      [SAVE, { id: novidades.id, menu: { ...blank, titulo: 'Invadido', ordem: 1 } }],
      [STATUS('inativarMenu'), { id: novidades.id }],
    ];
    for (const who of ['montadora', 'dealer']) {
      for (const [query, variables] of attempts) {
        const res = await q(who, query, variables);
        expect(code(res), `${who}: ${query.slice(0, 40)}`).toBe('FORBIDDEN');
        expect(res.data).toBeNull();
      }
    }
    expect(await find('Novidades')).toMatchObject({ titulo: 'Novidades' });
    expect((await list({ active: false })).totalElements).toBe(0);
  });

  it('offers products, feature keys and the entries that may be parents (not sub-items), in menu order', async () => {
    const res = await q(
      'admin',
      '{ opcoesMenuAdministracao { produtos { nome } funcionalidades { chave produto } pais { titulo } } }',
    );
    const options = res.data.opcoesMenuAdministracao;
    expect(options.produtos.map((p: any) => p.nome)).toContain('CRM Rede');
    expect(options.funcionalidades.map((f: any) => f.chave)).toEqual(
      expect.arrayContaining(['CRM_VENDAS', 'PORTAL_MANUTENCAO_USUARIOS']),
    );
    const parents = options.pais.map((p: any) => p.titulo);
    expect(parents.slice(0, 3)).toEqual(['Portal', 'Início', 'Avisos da rede']);
    expect(parents).toContain('Vendas');
    expect(parents).not.toContain('Funil');
  });
});

// PostgreSQL only: two instances share one database, which an in-memory PGlite cannot.
describe.runIf(onPostgres)('menus administration on two instances', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let a: TestPortal;
  let b: TestPortal;

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    const [portA, portB] = [await freePort(), await freePort()];
    const env = {
      PUBLIC_URL: `http://127.0.0.1:${portA}`,
      SESSION_SECRET: 'shared-session-secret-of-the-two-instances-0123456789',
    };
    a = await startTestPortal({ databaseUrl: database.url, port: portA, env });
    b = await startTestPortal({ databaseUrl: database.url, port: portB, env });
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  it("a rename on one instance shows in the other instance's header without waiting for the cache TTL", async () => {
    const publicUrl = a.baseUrl;
    const bUrl = `http://127.0.0.1:${b.port}`;
    const origin = { origin: publicUrl };
    const { client } = await signIn(publicUrl, 'admin@portal.demo', DEMO_PASSWORD);
    const onB = async () =>
      headerTitles((await gql(client, bUrl, HEADER, undefined, origin)).data.menuUsuarioLogado.menus);
    await Promise.all([a.services.events.ready(), b.services.events.ready()]);

    // B has the menu cached now.
    expect(await onB()).toContain('Novidades');
    const novidades = (await gql(client, publicUrl, LIST, { busca: 'Novidades' })).data.menusAdministracao.content[0];
    const saved = await gql(client, publicUrl, SAVE, {
      id: novidades.id,
      menu: { ...blank, titulo: 'Lançamentos', ordem: novidades.ordem },
    });
    expect(saved.errors).toBeUndefined();
    const changedAt = Date.now();

    let titles = await onB();
    while (!titles.includes('Lançamentos') && Date.now() - changedAt < SHARED_DATA_TTL_MS) titles = await onB();
    expect(titles).toContain('Lançamentos');
    expect(Date.now() - changedAt).toBeLessThan(SHARED_DATA_TTL_MS / 2);
  });
});
