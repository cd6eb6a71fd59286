import { applyMask } from '@portal/domain';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria } from '../src/modules/audit/audit.tables.js';
import { brandIdsByName } from '../src/modules/dealers/dealers.queries.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn } from './browserless.js';
import { createDealer, createDealerGroup, createUser, freshCnpj } from './factories.js';
import { startTestPortal, type TestPortal } from './harness.js';

// The dealers and brands administration (docs/domains/organisation.md): the list's search and filters,
// the wizard's save (create and edit) with its uniqueness rules, the brand inactivation cascade with its
// counts and audit rows, the .xlsx export, and who may do it.

type Res = { data?: any; errors?: Array<{ extensions: Record<string, any> }> };
const code = (r: Res) => r.errors?.[0]?.extensions.code;
const fields = (r: Res) => r.errors?.[0]?.extensions.fields;

const DEALER = `id nome nomeExibicao cnpj cnpjsAdicionais codigoPrincipal codigosAdicionais active uf cep
  grupo { id nome } marcas { id description } produtos { id nome } dadosComplementares { dadoComplementarId valor }
  contatos { nome email telefone }`;
const LIST = `query ($busca: String, $active: Boolean, $grupoId: ID, $marcaId: ID, $uf: String, $ordenacao: String, $page: Int, $rowsPerPage: Int) {
  dealers(busca: $busca, active: $active, grupoId: $grupoId, marcaId: $marcaId, uf: $uf, ordenacao: $ordenacao, page: $page, rowsPerPage: $rowsPerPage) {
    totalElements content { id nomeExibicao codigoPrincipal cnpj uf active } } }`;
const SAVE = `mutation ($id: ID, $dealer: DealerInput!) { salvarDealer(id: $id, dealer: $dealer) { ${DEALER} } }`;
const SAVE_BRAND =
  'mutation ($id: ID, $d: String!) { salvarMarca(id: $id, marca: { descricao: $d }) { id descricao active quantidadeDealers } }';
const IMPACT = 'query ($id: ID!) { impactoInativacaoMarca(id: $id) { dealersDesvinculados dealersInativados } }';
const INACTIVATE_BRAND =
  'mutation ($id: ID!) { inativarMarca(id: $id) { dealersDesvinculados dealersInativados marca { active quantidadeDealers } } }';

let run = 0;
const unique = () => `${Date.now().toString(36)}${(run++).toString(36)}`;

describe('dealers and brands administration', () => {
  let portal: TestPortal;
  let base: string;
  const as: Record<string, CookieClient> = {};
  const q = (who: string, query: string, variables?: Record<string, unknown>): Promise<Res> =>
    gql(as[who], base, query, variables);
  const list = async (variables: Record<string, unknown>) => {
    const res = await q('admin', LIST, variables);
    expect(res.errors).toBeUndefined();
    return res.data.dealers as { totalElements: number; content: { id: string; nomeExibicao: string }[] };
  };
  const audits = (id: string) => portal.services.db.select().from(auditoria).where(eq(auditoria.entidadeId, id));
  let grupoId: string;

  /** The wizard's fields of a new dealer, unique each call. */
  const input = (over: Record<string, unknown> = {}) => {
    const n = unique();
    return {
      nome: `Concessionária Ágil ${n} Ltda`,
      nomeExibicao: `Ágil ${n}`,
      cnpj: applyMask('cnpj', freshCnpj()),
      cnpjsAdicionais: [],
      codigoPrincipal: `AG${n}`.slice(0, 20),
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
    for (const who of ['admin', 'dealer']) as[who] = (await signIn(base, `${who}@portal.demo`, DEMO_PASSWORD)).client;
    grupoId = (await createDealerGroup(portal)).id;
  });
  afterAll(() => portal?.stop());

  it('salvarDealer creates a dealer with its links, audited; CNPJs and codes taken in either role are refused per field', async () => {
    const brands = await brandIdsByName(portal.services.db, ['Aurora']);
    const options = (await q('admin', '{ opcoesDealer { produtos { id nome } dadosComplementares { id produtoId } } }'))
      .data.opcoesDealer;
    const datum = options.dadosComplementares.find((d: any) => d.produtoId);
    const extraCnpj = freshCnpj();
    const created = await q('admin', SAVE, {
      dealer: input({
        cnpjsAdicionais: [applyMask('cnpj', extraCnpj)],
        codigosAdicionais: ['ADD-1'],
        marcaIds: [brands.Aurora],
        produtoIds: [datum.produtoId],
        dadosComplementares: [{ dadoComplementarId: datum.id, valor: 'V-77' }],
        cep: '01310-100',
        uf: 'SP',
        contatos: [{ nome: 'Recepção', email: 'recepcao@agil.demo', telefone: '(11) 4000-1234' }],
      }),
    });
    expect(created.errors).toBeUndefined();
    const d = created.data.salvarDealer;
    expect(d).toMatchObject({
      cnpjsAdicionais: [extraCnpj],
      cep: '01310100',
      active: true,
      marcas: [{ description: 'Aurora' }],
      produtos: [{ id: datum.produtoId }],
      dadosComplementares: [{ dadoComplementarId: datum.id, valor: 'V-77' }],
      grupo: { id: grupoId },
    });
    expect((await audits(d.id)).map((a) => a.acao)).toEqual(['criar']);

    // Taken as main or additional CNPJ, and codes in either role: one helper, each on its field.
    const taken = await q('admin', SAVE, {
      dealer: input({
        cnpj: extraCnpj,
        cnpjsAdicionais: [d.cnpj],
        codigoPrincipal: 'ADD-1',
        codigosAdicionais: [d.codigoPrincipal],
      }),
    });
    expect(code(taken)).toBe('BAD_USER_INPUT');
    expect(fields(taken)).toEqual({
      cnpj: 'organisation.cnpjTaken',
      'cnpjsAdicionais.0': 'organisation.cnpjTaken',
      codigoPrincipal: 'organisation.codeTaken',
      'codigosAdicionais.0': 'organisation.codeTaken',
    });
    expect(fields(await q('admin', SAVE, { dealer: input({ cnpj: '11.444.777/0001-62' }) }))).toEqual({
      cnpj: 'validation.invalid',
    });
    // A complementary datum of a product the dealer does not use.
    expect(
      fields(
        await q('admin', SAVE, {
          dealer: input({ dadosComplementares: [{ dadoComplementarId: datum.id, valor: 'x' }] }),
        }),
      ),
    ).toEqual({ 'dadosComplementares.0.dadoComplementarId': 'validation.invalid' });
  });

  it('salvarDealer edits: its own CNPJs and codes are not taken, main and additional may swap; others are; audited before/after', async () => {
    const other = await createDealer(portal, { grupoId });
    const first = (await q('admin', SAVE, { dealer: input({ codigosAdicionais: ['SWAP-B'] }) })).data.salvarDealer;
    const { id, grupo, marcas, produtos, dadosComplementares, active, ...rest } = first;
    const edit = (over: Record<string, unknown>) =>
      q('admin', SAVE, {
        id,
        dealer: {
          ...rest,
          grupoId: grupo.id,
          marcaIds: [],
          produtoIds: [],
          dadosComplementares: [],
          ...over,
        },
      });
    const swapped = await edit({
      codigoPrincipal: 'SWAP-B',
      codigosAdicionais: [first.codigoPrincipal],
      nomeExibicao: 'Ágil editado',
    });
    expect(swapped.errors).toBeUndefined();
    expect(swapped.data.salvarDealer).toMatchObject({ codigoPrincipal: 'SWAP-B', nomeExibicao: 'Ágil editado' });
    expect(fields(await edit({ cnpj: other.cnpj }))).toEqual({ cnpj: 'organisation.cnpjTaken' });
    expect(fields(await edit({ codigosAdicionais: [other.codigoPrincipal] }))).toEqual({
      'codigosAdicionais.0': 'organisation.codeTaken',
    });
    const trail = await audits(id);
    expect(trail.map((a) => a.acao)).toEqual(['criar', 'editar']);
    const edited = trail.find((a) => a.acao === 'editar');
    expect(edited?.antes).toMatchObject({ codigoPrincipal: first.codigoPrincipal });
    expect(edited?.depois).toMatchObject({ codigoPrincipal: 'SWAP-B' });

    expect(code(await q('admin', SAVE, { id: '00000000-0000-4000-8000-000000000000', dealer: input() }))).toBe(
      'NOT_FOUND',
    );
  });

  it('inativarDealer and ativarDealer: audited; a dealer of an inactive group cannot be activated', async () => {
    const d = (await q('admin', SAVE, { dealer: input() })).data.salvarDealer;
    const off = await q('admin', 'mutation ($id: ID!) { inativarDealer(id: $id) { active } }', { id: d.id });
    expect(off.data.inativarDealer.active).toBe(false);
    // Saving the wizard keeps the status.
    const { id: _i, grupo, marcas: _m, produtos: _p, dadosComplementares: _d, active: _a, ...fieldsOf } = d;
    const saved = await q('admin', SAVE, {
      id: d.id,
      dealer: { ...fieldsOf, grupoId: grupo.id, marcaIds: [], produtoIds: [], dadosComplementares: [] },
    });
    expect(saved.data.salvarDealer.active).toBe(false);
    const on = await q('admin', 'mutation ($id: ID!) { ativarDealer(id: $id) { active } }', { id: d.id });
    expect(on.data.ativarDealer.active).toBe(true);
    expect((await audits(d.id)).map((a) => a.acao)).toEqual(['criar', 'inativar', 'editar', 'ativar']);

    const { inativarGrupo } = await import('../src/modules/groups/groups.service.js');
    const lonely = await createDealer(portal);
    await inativarGrupo(portal.services as never, { grupoId: lonely.grupoId });
    const refused = await q('admin', 'mutation ($id: ID!) { ativarDealer(id: $id) { active } }', { id: lonely.id });
    expect(fields(refused)).toEqual({ grupoId: 'dealers.groupInactive' });
  });

  it('lists dealers searched by name without accents, by CNPJ with or without punctuation, by main or additional code; filters and sorts', async () => {
    const n = unique();
    const uf = 'TO';
    const brandName = `Marca Busca ${n}`;
    const brand = (await q('admin', SAVE_BRAND, { d: brandName })).data.salvarMarca;
    const cnpj = freshCnpj();
    const extra = freshCnpj();
    const dealerId = (
      await q('admin', SAVE, {
        dealer: input({
          nomeExibicao: `Pérola ${n}`,
          cnpj,
          cnpjsAdicionais: [extra],
          codigoPrincipal: `PRL${n}`.slice(0, 20),
          codigosAdicionais: [`ADC${n}`.slice(0, 20)],
          marcaIds: [brand.id],
          uf,
        }),
      })
    ).data.salvarDealer.id;
    const ids = async (variables: Record<string, unknown>) => (await list(variables)).content.map((d) => d.id);

    expect(await ids({ busca: `PEROLA ${n}` })).toEqual([dealerId]);
    expect(await ids({ busca: cnpj })).toEqual([dealerId]);
    expect(await ids({ busca: applyMask('cnpj', cnpj) })).toEqual([dealerId]);
    expect(await ids({ busca: applyMask('cnpj', extra) })).toEqual([dealerId]);
    expect(await ids({ busca: `prl${n}`.slice(0, 20) })).toEqual([dealerId]);
    expect(await ids({ busca: `ADC${n}`.slice(0, 20) })).toEqual([dealerId]);
    expect(await ids({ busca: `a.d.c-${n}`.slice(0, 24) })).toEqual([dealerId]);
    // A text that runs from one code into the next matches neither.
    expect(await ids({ busca: `PRL${n}ADC` })).toEqual([]);
    expect(await ids({ busca: '100%_' })).toEqual([]);

    expect(await ids({ marcaId: brand.id })).toEqual([dealerId]);
    expect(await ids({ marcaId: brand.id, active: false })).toEqual([]);
    expect(await ids({ grupoId, uf, marcaId: brand.id })).toEqual([dealerId]);
    expect((await list({ uf, rowsPerPage: 50 })).content.every((d: any) => d.uf === uf)).toBe(true);

    const asc = (await list({ ordenacao: 'codigoPrincipal', rowsPerPage: 50 })).content.map(
      (d: any) => d.codigoPrincipal,
    );
    const desc = (await list({ ordenacao: '-codigoPrincipal', rowsPerPage: 50 })).content.map(
      (d: any) => d.codigoPrincipal,
    );
    expect(asc[0]).not.toBe(desc[0]);
    expect(fields(await q('admin', LIST, { ordenacao: 'senha' }))).toEqual({ ordenacao: 'validation.invalid' });
    expect(fields(await q('admin', LIST, { uf: 'XX' }))).toEqual({ uf: 'validation.invalid' });
    expect(fields(await q('admin', LIST, { rowsPerPage: 7 }))).toEqual({ rowsPerPage: 'validation.invalid' });
  });

  it('brands: created and renamed with a unique description ignoring case and accents; audited', async () => {
    const n = unique();
    const created = (await q('admin', SAVE_BRAND, { d: `Estrela ${n}` })).data.salvarMarca;
    expect(created).toMatchObject({ active: true, quantidadeDealers: 0 });
    expect(fields(await q('admin', SAVE_BRAND, { d: `ÉSTRELA ${n}` }))).toEqual({
      descricao: 'organisation.nameTaken',
    });
    const renamed = (await q('admin', SAVE_BRAND, { id: created.id, d: `Estrela Nova ${n}` })).data.salvarMarca;
    expect(renamed.descricao).toBe(`Estrela Nova ${n}`);
    expect(fields(await q('admin', SAVE_BRAND, { id: created.id, d: '' }))).toEqual({
      descricao: 'validation.required',
    });
    const page = await q(
      'admin',
      '{ marcas(busca: "estrela nova", rowsPerPage: 50) { totalElements content { id } } }',
    );
    expect(page.data.marcas.content.map((m: any) => m.id)).toContain(created.id);
    expect((await audits(created.id)).map((a) => a.acao)).toEqual(['criar', 'editar']);
  });

  it('inativarMarca unlinks it from its dealers and inactivates the active ones exclusive to it, in the counts the confirmation gave; audited row by row', async () => {
    const brand = (await q('admin', SAVE_BRAND, { d: `Cascata ${unique()}` })).data.salvarMarca;
    const { Aurora } = await brandIdsByName(portal.services.db, ['Aurora']);
    const save = async (marcaIds: string[]) =>
      (await q('admin', SAVE, { dealer: input({ marcaIds }) })).data.salvarDealer;
    const only = await save([brand.id]);
    const shared = await save([brand.id, Aurora]);
    const inactiveOnly = await save([brand.id]);
    await q('admin', 'mutation ($id: ID!) { inativarDealer(id: $id) { id } }', { id: inactiveOnly.id });

    const impact = (await q('admin', IMPACT, { id: brand.id })).data.impactoInativacaoMarca;
    expect(impact).toEqual({ dealersDesvinculados: 3, dealersInativados: 1 });
    const done = await q('admin', INACTIVATE_BRAND, { id: brand.id });
    expect(done.data.inativarMarca).toEqual({
      dealersDesvinculados: 3,
      dealersInativados: 1,
      marca: { active: false, quantidadeDealers: 0 },
    });

    const after = async (id: string) =>
      (await q('admin', 'query ($id: ID!) { dealer(id: $id) { active marcas { id } } }', { id })).data.dealer;
    expect(await after(only.id)).toEqual({ active: false, marcas: [] });
    expect(await after(shared.id)).toEqual({ active: true, marcas: [{ id: Aurora }] });
    expect(await after(inactiveOnly.id)).toEqual({ active: false, marcas: [] });
    expect((await audits(brand.id)).map((a) => a.acao)).toEqual(['criar', 'inativar']);
    expect((await audits(only.id)).map((a) => a.acao)).toEqual(['criar', 'editar', 'inativar']);
    expect((await audits(shared.id)).map((a) => a.acao)).toEqual(['criar', 'editar']);
    expect((await audits(inactiveOnly.id)).map((a) => a.acao)).toEqual(['criar', 'inativar', 'editar']);
    expect((await q('admin', IMPACT, { id: brand.id })).data.impactoInativacaoMarca).toEqual({
      dealersDesvinculados: 0,
      dealersInativados: 0,
    });

    // Reactivating restores nothing; an inactive brand cannot be linked.
    const back = await q('admin', 'mutation ($id: ID!) { ativarMarca(id: $id) { active quantidadeDealers } }', {
      id: brand.id,
    });
    expect(back.data.ativarMarca).toEqual({ active: true, quantidadeDealers: 0 });
    await q('admin', INACTIVATE_BRAND, { id: brand.id });
    expect(fields(await q('admin', SAVE, { dealer: input({ marcaIds: [brand.id] }) }))).toEqual({
      marcaIds: 'validation.invalid',
    });
  });

  it('a dealer shows its users with their user groups', async () => {
    const d = await createDealer(portal, { grupoId });
    const user = await createUser(portal, { tipo: 'DEALER_GRUPO', idsDealers: [d.id] } as never);
    const res = await q(
      'admin',
      'query ($id: ID!) { dealer(id: $id) { usuarios { id nome email active gruposUsuarios { nome } } } }',
      {
        id: d.id,
      },
    );
    expect(res.data.dealer.usuarios).toEqual([
      { id: user.id, nome: user.nome, email: user.email, active: true, gruposUsuarios: [] },
    ]);
  });

  it('exports the filtered list as .xlsx with formula-like cells neutralised; 401 signed out, 403 without the key', async () => {
    const formula = '=HYPERLINK("http://x","clique")';
    const d = (await q('admin', SAVE, { dealer: input({ nomeExibicao: formula }) })).data.salvarDealer;
    const url = `${base}/api/dealers.xlsx?busca=${encodeURIComponent(applyMask('cnpj', d.cnpj))}`;
    const res = await as.admin.fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0];
    expect(sheet.rowCount).toBe(2);
    const values = sheet.getRow(2).values as unknown[];
    expect(values).toContain(`'${formula}`);
    expect(values).toContain(d.cnpj);
    expect((await as.admin.fetch(`${base}/api/dealers.xlsx?ordenacao=senha`)).status).toBe(400);
    expect((await as.dealer.fetch(url)).status).toBe(403);
    expect((await fetch(url)).status).toBe(401);
  });

  it('denies every operation to a user without PORTAL_MANUTENCAO_DEALERS_GRUPO, with no data', async () => {
    for (const doc of [LIST, '{ marcas { totalElements } }', '{ opcoesDealer { grupos { id } } }']) {
      const res = await q('dealer', doc, {});
      expect(code(res)).toBe('FORBIDDEN');
      expect(res.data ?? null).toBeNull();
    }
    const denied = await q('dealer', SAVE_BRAND, { d: 'Proibida' });
    expect(code(denied)).toBe('FORBIDDEN');
  });
});
