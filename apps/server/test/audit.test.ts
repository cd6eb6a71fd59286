import { applyMask } from '@portal/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordAudit } from '../src/modules/audit/audit.service.js';
import { auditoria } from '../src/modules/audit/audit.tables.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn } from './browserless.js';
import { createDealerGroup, createUser, freshCnpj } from './factories.js';
import { startTestPortal, type TestPortal } from './harness.js';

// The audit screen's reads (docs/domains/audit.md#reading-the-trail, decision 0028): one entity's history and
// the search across entities, with each row's difference (changed fields only, secrets masked), filtered by
// action, who acted and period, paged, exported to .xlsx, for TECSINAPSE users only.

type Res = { data?: any; errors?: Array<{ extensions: Record<string, any> }> };
const code = (r: Res) => r.errors?.[0]?.extensions.code;

const SEARCH = `query ($entidade: String, $entidadeId: ID, $acao: String, $busca: String, $dataInicio: String, $dataFim: String, $page: Int, $rowsPerPage: Int) {
  buscaAuditoria(entidade: $entidade, entidadeId: $entidadeId, acao: $acao, busca: $busca, dataInicio: $dataInicio, dataFim: $dataFim, page: $page, rowsPerPage: $rowsPerPage) {
    totalElements content { id data entidade entidadeId acao antes depois usuario { nome email } diferencas { campo antes depois secreto } } } }`;
const SAVE_DEALER = 'mutation ($id: ID, $dealer: DealerInput!) { salvarDealer(id: $id, dealer: $dealer) { id } }';

let run = 0;
const unique = () => `${Date.now().toString(36)}${(run++).toString(36)}`;

describe('audit screen reads', () => {
  let portal: TestPortal;
  let base: string;
  const as: Record<string, CookieClient> = {};
  const q = (who: string, query: string, variables?: Record<string, unknown>): Promise<Res> =>
    gql(as[who], base, query, variables);
  const search = async (variables: Record<string, unknown>) => {
    const res = await q('admin', SEARCH, variables);
    expect(res.errors).toBeUndefined();
    return res.data.buscaAuditoria as { totalElements: number; content: any[] };
  };
  let grupoId: string;
  const dealerInput = (over: Record<string, unknown> = {}) => {
    const n = unique();
    return {
      nome: `Concessionária Auditada ${n} Ltda`,
      nomeExibicao: `Auditada ${n}`,
      cnpj: applyMask('cnpj', freshCnpj()),
      cnpjsAdicionais: [],
      codigoPrincipal: `AU${n}`.slice(0, 20),
      codigosAdicionais: [],
      grupoId,
      marcaIds: [],
      produtoIds: [],
      dadosComplementares: [],
      contatos: [],
      ...over,
    };
  };

  beforeAll(async () => {
    portal = await startTestPortal();
    base = portal.baseUrl;
    for (const who of ['admin', 'montadora'])
      as[who] = (await signIn(base, `${who}@portal.demo`, DEMO_PASSWORD)).client;
    grupoId = (await createDealerGroup(portal)).id;
  });
  afterAll(() => portal?.stop());

  it("shows a dealer's history newest first, an edit as only the fields it changed, before → after", async () => {
    const input = dealerInput();
    const { id } = (await q('admin', SAVE_DEALER, { dealer: input })).data.salvarDealer;
    const edited = await q('admin', SAVE_DEALER, {
      id,
      dealer: { ...input, nomeExibicao: `${input.nomeExibicao} Norte` },
    });
    expect(edited.errors).toBeUndefined();
    const history = await search({ entidade: 'dealer', entidadeId: id });
    expect(history.totalElements).toBe(2);
    const [edit, creation] = history.content;
    expect([edit.acao, creation.acao]).toEqual(['editar', 'criar']);
    expect(edit.usuario.email).toBe('admin@portal.demo');
    expect(edit.diferencas).toEqual([
      { campo: 'nomeExibicao', antes: input.nomeExibicao, depois: `${input.nomeExibicao} Norte`, secreto: false },
    ]);
    // A creation shows what was set, empty fields left out.
    expect(creation.diferencas).toContainEqual({ campo: 'nome', antes: null, depois: input.nome, secreto: false });
    expect(creation.diferencas.map((d: { campo: string }) => d.campo)).not.toContain('cnpjsAdicionais');
    // The trail of before is unchanged for its clients, now with the difference too.
    const old = await q(
      'admin',
      `query ($id: ID!) { auditoria(entidade: "dealer", entidadeId: $id) { totalElements content { acao antes depois diferencas { campo } } } }`,
      { id },
    );
    expect(old.data.auditoria.totalElements).toBe(2);
    expect(JSON.parse(old.data.auditoria.content[0].depois).nomeExibicao).toBe(`${input.nomeExibicao} Norte`);
  });

  it('never shows a secret: named as changed, values masked in the difference and in the raw JSON', async () => {
    const entityId = `secret-${unique()}`;
    await recordAudit(portal.services.db, {
      actorId: null,
      entity: 'usuario',
      entityId,
      action: 'editar',
      before: { nome: 'Ana', token: 'tok-antes', apiKey: 'k1', senhaDefinida: false, infos: { refreshToken: 'x' } },
      after: {
        nome: 'Ana Maria',
        token: 'tok-depois',
        apiKey: 'k2',
        senhaDefinida: true,
        infos: { refreshToken: 'x' },
      },
    });
    const [row] = (await search({ entidade: 'usuario', entidadeId: entityId })).content;
    expect(row.usuario).toBeNull();
    expect(row.diferencas).toEqual([
      { campo: 'nome', antes: 'Ana', depois: 'Ana Maria', secreto: false },
      { campo: 'token', antes: null, depois: null, secreto: true },
      { campo: 'apiKey', antes: null, depois: null, secreto: true },
      // A boolean tells no secret: whether a password was set.
      { campo: 'senhaDefinida', antes: 'Não', depois: 'Sim', secreto: false },
    ]);
    for (const raw of [row.antes, row.depois]) {
      expect(raw).not.toMatch(/tok-|k1|k2/);
      expect(JSON.parse(raw).nome).toMatch(/^Ana/);
    }
  });

  it('filters by action, who acted (name, e-mail) and period (business days), pages, and refuses bad filters', async () => {
    const entityId = `filters-${unique()}`;
    const actor = await createUser(portal, { nome: `Auditora Ímpar ${unique()}` });
    const at = (iso: string, acao: 'criar' | 'editar' | 'inativar', usuarioId: string | null) =>
      portal.services.db
        .insert(auditoria)
        .values({ usuarioId, data: new Date(iso), entidade: 'marca', entidadeId: entityId, acao, depois: { x: iso } });
    // 02:00 UTC of the 10th is still the 9th in São Paulo (UTC-3).
    await at('2020-03-10T02:00:00Z', 'criar', actor.id);
    await at('2020-03-10T15:00:00Z', 'editar', actor.id);
    await at('2020-03-12T15:00:00Z', 'editar', null);
    await at('2020-03-13T15:00:00Z', 'inativar', actor.id);
    const ids = async (variables: Record<string, unknown>) =>
      (await search({ entidade: 'marca', entidadeId: entityId, ...variables })).content.map((r) => r.depois);
    const x = (iso: string) => JSON.stringify({ x: iso });
    expect(await ids({ acao: 'editar' })).toEqual([x('2020-03-12T15:00:00Z'), x('2020-03-10T15:00:00Z')]);
    expect(await ids({ busca: 'auditora impar' })).toHaveLength(3);
    expect(await ids({ busca: actor.email.toUpperCase() })).toHaveLength(3);
    expect(await ids({ dataInicio: '2020-03-10', dataFim: '2020-03-12' })).toEqual([
      x('2020-03-12T15:00:00Z'),
      x('2020-03-10T15:00:00Z'),
    ]);
    expect(await ids({ dataFim: '2020-03-09' })).toEqual([x('2020-03-10T02:00:00Z')]);
    // Paging: the same total on every page, the next rows on the next page.
    const first = await search({ entidade: 'marca', entidadeId: entityId, rowsPerPage: 3 });
    const second = await search({ entidade: 'marca', entidadeId: entityId, rowsPerPage: 3, page: 1 });
    expect([first.totalElements, second.totalElements]).toEqual([4, 4]);
    expect(second.content.map((r) => r.depois)).toEqual([x('2020-03-10T02:00:00Z')]);
    // The search across entities: by type and who acted.
    const across = await search({
      entidade: 'marca',
      busca: actor.email,
      dataInicio: '2020-03-13',
      dataFim: '2020-03-13',
    });
    expect(across.content.map((r) => r.entidadeId)).toEqual([entityId]);
    for (const bad of [
      { entidade: 'senha' },
      { acao: 'apagar' },
      { entidadeId: entityId },
      { dataInicio: '2020-02-30' },
      { dataInicio: '2020-03-12', dataFim: '2020-03-10' },
      { rowsPerPage: 101 },
    ])
      expect(code(await q('admin', SEARCH, bad))).toBe('BAD_USER_INPUT');
  });

  it("exports one entity's history and a search as .xlsx, with the difference readable", async () => {
    const input = dealerInput();
    const { id } = (await q('admin', SAVE_DEALER, { dealer: input })).data.salvarDealer;
    await q('admin', SAVE_DEALER, { id, dealer: { ...input, nomeExibicao: '=HYPERLINK("x")' } });
    const url = `${base}/api/auditoria.xlsx?entidade=dealer&entidadeId=${id}`;
    const res = await as.admin.fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(3);
    const edit = (sheet.getRow(2).values as unknown[]).map(String);
    expect(edit).toContain('Edição');
    expect(edit).toContain(`Nome de exibição: ${input.nomeExibicao} → =HYPERLINK("x")`);
    expect(edit.some((v) => v.includes('admin@portal.demo'))).toBe(true);
    const searched = await as.admin.fetch(
      `${base}/api/auditoria.xlsx?entidade=dealer&acao=criar&busca=admin%40portal.demo`,
    );
    expect(searched.status).toBe(200);
    expect((await as.admin.fetch(`${base}/api/auditoria.xlsx?acao=apagar`)).status).toBe(400);
    expect((await as.montadora.fetch(url)).status).toBe(403);
    expect((await fetch(url)).status).toBe(401);
  });

  it('denies the history and the search to a user who is not TECSINAPSE, with no data', async () => {
    for (const doc of [SEARCH, '{ auditoria(entidade: "dealer", entidadeId: "x") { totalElements } }']) {
      const res = await q('montadora', doc, { entidade: 'dealer' });
      expect(code(res)).toBe('FORBIDDEN');
      expect(res.data ?? null).toBeNull();
    }
  });
});
