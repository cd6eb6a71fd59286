import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn } from './browserless.js';
import { startTestPortal, type TestPortal } from './harness.js';

// The superAdmin screen's actions (docs/domains/superadmin.md): TECSINAPSE only; each write audited.

const code = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.code;
const fields = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.fields;

const PRODUCTS = '{ produtos { id nome baseUriHomolog } }';
const EDIT = `mutation ($id: ID!, $uri: String!) { editarProduto(id: $id, baseUriHomolog: $uri) { id baseUriHomolog } }`;
const HEADER = '{ menuUsuarioLogado { menus { title uri children { title uri children { title uri } } } } }';
const AUDIT = `query ($id: ID!, $tipo: String!) { auditoria(entidade: $tipo, entidadeId: $id) { content { acao antes depois usuario { email } } } }`;

/** Every uri of a header menu tree, flattened. */
const uris = (menus: any[]): string[] => menus.flatMap((m) => [m.uri, ...uris(m.children ?? [])]).filter(Boolean);

describe('superAdmin', () => {
  let portal: TestPortal;
  let base: string;
  const as: Record<string, CookieClient> = {};
  const q = (who: string, query: string, variables?: Record<string, unknown>) => gql(as[who], base, query, variables);

  beforeAll(async () => {
    portal = await startTestPortal();
    base = portal.baseUrl;
    for (const who of ['admin', 'montadora', 'dealer']) {
      as[who] = (await signIn(base, `${who}@portal.demo`, DEMO_PASSWORD)).client;
    }
  });
  afterAll(() => portal?.stop());

  describe('editarProduto', () => {
    const crm = async () => {
      const res = await q('admin', PRODUCTS);
      return (res.data.produtos as { id: string; nome: string; baseUriHomolog: string }[]).find(
        (p) => p.nome === 'CRM Rede',
      ) as { id: string; baseUriHomolog: string };
    };

    it("moves the menu's links to the product at once, audited, and refuses what is not an https (or localhost) base", async () => {
      const product = await crm();
      expect(uris((await q('admin', HEADER)).data.menuUsuarioLogado.menus)).toContain(
        'https://crm-homolog.portal.demo/vendas/funil',
      );

      const edited = await q('admin', EDIT, { id: product.id, uri: 'https://crm.example.com/app/' });
      expect(edited.errors).toBeUndefined();
      expect(edited.data.editarProduto.baseUriHomolog).toBe('https://crm.example.com/app');
      const after = uris((await q('admin', HEADER)).data.menuUsuarioLogado.menus);
      expect(after).toContain('https://crm.example.com/app/vendas/funil');
      expect(after).not.toContain('https://crm-homolog.portal.demo/vendas/funil');
      // Another user's menu (cached per product, not per user) follows too.
      expect(uris((await q('dealer', HEADER)).data.menuUsuarioLogado.menus)).toContain(
        'https://crm.example.com/app/vendas/funil',
      );

      const history = await q('admin', AUDIT, { id: product.id, tipo: 'produto' });
      const [row] = history.data.auditoria.content;
      expect(row).toMatchObject({ acao: 'editar', usuario: { email: 'admin@portal.demo' } });
      expect(JSON.parse(row.antes)).toEqual({ baseUriHomolog: 'https://crm-homolog.portal.demo' });
      expect(JSON.parse(row.depois)).toEqual({ baseUriHomolog: 'https://crm.example.com/app' });

      // localhost is a development base (the test server is not production).
      expect((await q('admin', EDIT, { id: product.id, uri: 'http://localhost:4000' })).errors).toBeUndefined();
      for (const uri of [
        'http://crm.example.com',
        'ftp://x.example',
        '/crm',
        'https://x.example/?a=1',
        'https://u:p@x.example',
        'javascript:alert(1)',
      ]) {
        const bad = await q('admin', EDIT, { id: product.id, uri });
        expect(code(bad), uri).toBe('BAD_USER_INPUT');
        expect(fields(bad)).toEqual({ baseUriHomolog: 'superAdmin.product.invalidUri' });
      }
      const unknown = await q('admin', EDIT, { id: '00000000-0000-4000-8000-000000000000', uri: 'https://x.example' });
      expect(code(unknown)).toBe('NOT_FOUND');
      expect(
        (await q('admin', EDIT, { id: product.id, uri: 'https://crm-homolog.portal.demo' })).errors,
      ).toBeUndefined();
    });

    it('is TECSINAPSE only: others get FORBIDDEN and change nothing', async () => {
      const product = await crm();
      for (const who of ['montadora', 'dealer']) {
        const res = await q(who, EDIT, { id: product.id, uri: 'https://evil.example' });
        expect(code(res)).toBe('FORBIDDEN');
        expect(res.data?.editarProduto ?? null).toBeNull();
      }
      expect((await crm()).baseUriHomolog).toBe(product.baseUriHomolog);
    });
  });

  describe('importarGrupoUsuarios', () => {
    const GROUPS = '{ grupos(rowsPerPage: 50) { content { id nome active } } }';
    const GROUP = `query ($id: ID!) { grupo(id: $id) { id active dealers(rowsPerPage: 50) { content { id codigoPrincipal } } usuarios(rowsPerPage: 50) { content { id email } } } }`;
    const USER = 'query ($id: ID!) { usuario(id: $id) { email grupos { nome } } }';
    const PREVIEW = `query ($input: ImportarGrupoUsuariosInput!) { previaImportarGrupoUsuarios(input: $input) { dealers usuarios } }`;
    const MIGRATE = `mutation ($input: ImportarGrupoUsuariosInput!) { importarGrupoUsuarios(input: $input) { dealers usuarios origemInativada } }`;
    const groupId = async (nome: string) =>
      ((await q('admin', GROUPS)).data.grupos.content as { id: string; nome: string }[]).find((g) => g.nome === nome)
        ?.id as string;
    const group = async (id: string) => (await q('admin', GROUP, { id })).data.grupo;

    it('previews, then moves a dealer and its users to another group in one audited change', async () => {
      const horizonte = await groupId('Grupo Horizonte');
      const litoral = await groupId('Grupo Litoral');
      const before = await group(horizonte);
      const d002 = before.dealers.content.find((d: { codigoPrincipal: string }) => d.codigoPrincipal === 'D002').id;
      const dealerUser = before.usuarios.content.find((u: { email: string }) => u.email === 'dealer@portal.demo').id;
      const input = { grupoOrigemId: horizonte, grupoDestinoId: litoral, idsDealers: [d002] };

      const preview = await q('admin', PREVIEW, { input });
      expect(preview.errors).toBeUndefined();
      expect(preview.data.previaImportarGrupoUsuarios.dealers).toBe(1);
      expect(preview.data.previaImportarGrupoUsuarios.usuarios).toBeGreaterThanOrEqual(1);

      const done = await q('admin', MIGRATE, { input });
      expect(done.errors).toBeUndefined();
      expect(done.data.importarGrupoUsuarios).toMatchObject({
        dealers: 1,
        usuarios: preview.data.previaImportarGrupoUsuarios.usuarios,
        origemInativada: false,
      });
      expect((await group(litoral)).dealers.content.map((d: { id: string }) => d.id)).toContain(d002);
      expect((await group(horizonte)).dealers.content.map((d: { id: string }) => d.id)).not.toContain(d002);
      // dealer@ keeps D001 in Horizonte, so keeps that group and gains Litoral.
      const user = (await q('admin', USER, { id: dealerUser })).data.usuario;
      expect(user.grupos.map((g: { nome: string }) => g.nome).sort()).toEqual(['Grupo Horizonte', 'Grupo Litoral']);

      const history = await q('admin', AUDIT, { id: d002, tipo: 'dealer' });
      const [row] = history.data.auditoria.content;
      expect(row).toMatchObject({ acao: 'mover', usuario: { email: 'admin@portal.demo' } });
      expect(JSON.parse(row.antes)).toEqual({ grupo: 'Grupo Horizonte' });
      expect(JSON.parse(row.depois)).toEqual({ grupo: 'Grupo Litoral' });
      const userHistory = await q('admin', AUDIT, { id: dealerUser, tipo: 'usuario' });
      expect(userHistory.data.auditoria.content[0].acao).toBe('mover');

      // A dealer not (any more) in the origin is refused, and nothing moves.
      const again = await q('admin', MIGRATE, { input });
      expect(code(again)).toBe('BAD_USER_INPUT');
      expect(fields(again)).toEqual({ idsDealers: 'superAdmin.migration.notInOrigin' });
      const same = await q('admin', MIGRATE, { input: { ...input, grupoDestinoId: horizonte } });
      expect(fields(same)).toEqual({ grupoDestinoId: 'superAdmin.migration.sameGroup' });
    });

    it('merges two groups: every dealer and user link moves and the emptied origin can be inactivated', async () => {
      const created = await q('admin', 'mutation { salvarGrupo(grupo: { nome: "Grupo Fusão" }) { id } }');
      const target = created.data.salvarGrupo.id as string;
      const litoral = await groupId('Grupo Litoral');
      const dealers = (await group(litoral)).dealers.content.length;
      const input = { grupoOrigemId: litoral, grupoDestinoId: target, inativarOrigem: true };
      const preview = (await q('admin', PREVIEW, { input })).data.previaImportarGrupoUsuarios;
      expect(preview.dealers).toBe(dealers);

      const done = (await q('admin', MIGRATE, { input })).data.importarGrupoUsuarios;
      expect(done).toEqual({ dealers, usuarios: preview.usuarios, origemInativada: true });
      const origin = await group(litoral);
      expect(origin.active).toBe(false);
      expect(origin.dealers.content).toEqual([]);
      expect(origin.usuarios.content).toEqual([]);
      expect((await group(target)).dealers.content).toHaveLength(dealers);
    });

    it('is TECSINAPSE only: others get FORBIDDEN and nothing moves', async () => {
      const horizonte = await groupId('Grupo Horizonte');
      const target = await groupId('Grupo Fusão');
      const dealers = (await group(horizonte)).dealers.content.length;
      const input = { grupoOrigemId: horizonte, grupoDestinoId: target };
      for (const who of ['montadora', 'dealer']) {
        expect(code(await q(who, PREVIEW, { input }))).toBe('FORBIDDEN');
        const res = await q(who, MIGRATE, { input });
        expect(code(res)).toBe('FORBIDDEN');
        expect(res.data?.importarGrupoUsuarios ?? null).toBeNull();
      }
      expect((await group(horizonte)).dealers.content).toHaveLength(dealers);
    });
  });
});
