import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria } from '../src/modules/audit/audit.tables.js';
import { accessTypeIdByName, featureIdsByKey, productIdsByKey } from '../src/modules/products/products.queries.js';
import { usuario } from '../src/modules/users/users.tables.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn } from './browserless.js';
import { createDealer, createDealerGroup, createUser } from './factories.js';
import { startTestPortal, type TestPortal } from './harness.js';

// The users administration (docs/domains/users.md#administration): each query's contract, the scope rule as a
// table, the grant rule, unknown fields, audit rows, inactivation ending sessions, special activation.

type Result = { data: any; errors?: Array<{ message: string; extensions: Record<string, any> }> };
const code = (r: Result) => r.errors?.[0]?.extensions.code;
const fields = (r: Result) => r.errors?.[0]?.extensions.fields;

const USER = `id nome email cpf active ativacaoEspecial editavel tipo { id description } idioma { id }
  dealers { id nomeExibicao active grupo { id nome } } grupos { id nome } marcas { id description }
  tiposAcesso { id nome produto { id } } funcionalidades { id chave } gruposUsuarios { id nome } ultimoAcesso createdDateTime`;
const LIST = `query ($busca: String, $tipo: TipoUsuarioId, $dealerId: ID, $grupoId: ID, $active: Boolean,
    $ativacaoEspecial: Boolean, $ultimoAcessoDias: Int, $ordenacao: String, $page: Int, $rowsPerPage: Int) {
  usuarios(busca: $busca, tipo: $tipo, dealerId: $dealerId, grupoId: $grupoId, active: $active,
    ativacaoEspecial: $ativacaoEspecial, ultimoAcessoDias: $ultimoAcessoDias, ordenacao: $ordenacao, page: $page,
    rowsPerPage: $rowsPerPage) { totalElements content { id nome email editavel tipo { id } } } }`;
const ONE = `query ($id: ID!) { usuario(id: $id) { ${USER} } }`;
const SAVE = `mutation ($usuario: UsuarioInput!, $cargos: [CargoInput!], $infos: InfoUsuarioInput) {
  salvarUsuario(usuario: $usuario, cargos: $cargos, infos: $infos) { ${USER} } }`;
const ACTIVATE = 'mutation ($id: ID!) { ativarUsuario(id: $id) { id active } }';
const INACTIVATE = 'mutation ($id: ID!) { inativarUsuario(id: $id) { id active } }';
const SPECIAL =
  'mutation ($id: ID!, $v: Boolean!) { alterarAtivacaoEspecial(id: $id, ativacaoEspecial: $v) { id ativacaoEspecial } }';
const PASSWORD = 'Usuarios-2026!';
const CPF = ['52998224725', '11144477735', '39053344705', '15350946056', '71428793860', '12345678062'];
const management = { dataAdmissao: '2025-02-03', emailSuperior: 'chefe@portal.demo' };

describe('users administration', () => {
  let portal: TestPortal;
  let base: string;
  const as: Record<string, CookieClient> = {};
  const q = (who: string, query: string, variables?: Record<string, unknown>) =>
    gql(as[who], base, query, variables) as Promise<Result>;
  const audits = (id: string) => portal.services.db.select().from(auditoria).where(eq(auditoria.entidadeId, id));

  // Administrators: one of each type. The dealer-group administrator's scope: dealer group G1 (dealers A1, A2).
  const u: Record<string, { id: string; email: string }> = {};
  let g1: { id: string };
  let g2: { id: string };
  let a1: { id: string };
  let a2: { id: string };
  let b1: { id: string };
  let keys: Record<string, string>;
  let portalId: string;
  let adminTypeId: string;
  let cargoId: string;
  let gerenteId: string;
  let deptId: string;

  beforeAll(async () => {
    portal = await startTestPortal();
    base = portal.baseUrl;
    const db = portal.services.db;
    keys = await featureIdsByKey(db, [
      'PORTAL_MANUTENCAO_USUARIOS',
      'PORTAL_CONSULTA_VISUALIZACAO_USUARIOS',
      'LIBERAR_ATIVACAO_ESPECIAL',
      'PORTAL_CRIACAO_COMUNICADOS',
      'PORTAL_MANUTENCAO_SLIDES',
    ]);
    portalId = (await productIdsByKey(db, ['PORTAL'])).PORTAL;
    adminTypeId = (await accessTypeIdByName(db, 'PORTAL', 'Administrador')) as string;
    g1 = await createDealerGroup(portal);
    g2 = await createDealerGroup(portal);
    a1 = await createDealer(portal, { grupoId: g1.id, produtoIds: [portalId] });
    a2 = await createDealer(portal, { grupoId: g1.id });
    b1 = await createDealer(portal, { grupoId: g2.id, produtoIds: [portalId] });
    const maintain = [keys.PORTAL_MANUTENCAO_USUARIOS, keys.PORTAL_MANUTENCAO_SLIDES];
    const admin = { idsFuncionalidades: maintain, password: PASSWORD };
    u.tec = await createUser(portal, {
      ...admin,
      tipo: 'TECSINAPSE',
      idsFuncionalidades: [...maintain, keys.LIBERAR_ATIVACAO_ESPECIAL],
    });
    u.mont = await createUser(portal, { ...admin, tipo: 'MONTADORA' });
    u.dg = await createUser(portal, { ...admin, tipo: 'DEALER_GRUPO', idsDealers: [a1.id], idsGrupos: [g1.id] });
    u.viewer = await createUser(portal, {
      idsFuncionalidades: [keys.PORTAL_CONSULTA_VISUALIZACAO_USUARIOS],
      password: PASSWORD,
    });
    // Targets of every kind.
    u.tTec = await createUser(portal, { tipo: 'TECSINAPSE' });
    u.tMont = await createUser(portal, { tipo: 'MONTADORA', idsFuncionalidades: [keys.PORTAL_CRIACAO_COMUNICADOS] });
    u.tDgIn = await createUser(portal, { tipo: 'DEALER_GRUPO', idsDealers: [a2.id], password: PASSWORD });
    u.tDgMixed = await createUser(portal, { tipo: 'DEALER_GRUPO', idsDealers: [a1.id, b1.id] });
    u.tDgOut = await createUser(portal, { tipo: 'DEALER_GRUPO', idsDealers: [b1.id] });
    for (const who of ['tec', 'mont', 'dg', 'viewer']) as[who] = (await signIn(base, u[who].email, PASSWORD)).client;
    as.admin = (await signIn(base, 'admin@portal.demo', DEMO_PASSWORD)).client;
    as.dealer = (await signIn(base, 'dealer@portal.demo', DEMO_PASSWORD)).client;
    const cargos = (await q('tec', '{ cargos(cargosPrincipais: true) { id nome dealer { id } } }')).data.cargos;
    cargoId = cargos.find((c: { nome: string }) => c.nome === 'Vendedor').id;
    gerenteId = cargos.find((c: { nome: string }) => c.nome === 'Gerente geral').id;
    deptId = (await q('tec', '{ departamentosCargosUsuarios { id nome } }')).data.departamentosCargosUsuarios[0].id;
  });
  afterAll(() => portal?.stop());

  it('the scope rule, as a table: who reads (usuario) and who edits (editavel, ativarUsuario) whom', async () => {
    // [administrator, target, read, edit]: read false = NOT_FOUND; edit false = editavel false and FORBIDDEN.
    const table: [string, string, boolean, boolean][] = [
      ['tec', 'tTec', true, true],
      ['tec', 'tMont', true, true],
      ['tec', 'tDgIn', true, true],
      ['tec', 'tDgMixed', true, true],
      ['tec', 'tDgOut', true, true],
      ['mont', 'tTec', false, false],
      ['mont', 'tMont', true, true],
      ['mont', 'tDgIn', true, true],
      ['mont', 'tDgMixed', true, true],
      ['mont', 'tDgOut', true, true],
      ['dg', 'tTec', false, false],
      ['dg', 'tMont', false, false],
      ['dg', 'tDgIn', true, true],
      ['dg', 'tDgMixed', true, false],
      ['dg', 'tDgOut', false, false],
    ];
    const seen = [];
    for (const [admin, target] of table) {
      const read = await q(admin, ONE, { id: u[target].id });
      const write = await q(admin, ACTIVATE, { id: u[target].id });
      seen.push([
        admin,
        target,
        Boolean(read.data?.usuario),
        read.data?.usuario?.editavel === true && !write.errors,
        read.errors ? code(read) : null,
        write.errors ? code(write) : null,
      ]);
    }
    expect(seen).toEqual(
      table.map(([admin, target, read, edit]) => [
        admin,
        target,
        read,
        edit,
        read ? null : 'NOT_FOUND',
        edit ? null : read ? 'FORBIDDEN' : 'NOT_FOUND',
      ]),
    );

    // The list holds the same users: the dealer-group administrator's shows only the dealer users of their scope.
    const listed = async (who: string) =>
      (await q(who, LIST, { rowsPerPage: 50, busca: 'teste.demo' })).data.usuarios.content.map(
        (x: { id: string }) => x.id,
      );
    const dgList = await listed('dg');
    expect(dgList).toEqual(expect.arrayContaining([u.tDgIn.id, u.tDgMixed.id, u.dg.id]));
    for (const hidden of ['tTec', 'tMont', 'tDgOut', 'mont', 'tec']) expect(dgList).not.toContain(u[hidden].id);
    expect(await listed('mont')).not.toContain(u.tTec.id);
  });

  it('usuarios: search by name, e-mail or CPF with or without punctuation, filters, sort, paging, total', async () => {
    const created = await q('tec', SAVE, {
      usuario: {
        nome: 'Joana Pêssego',
        email: ' Joana.Pessego@Teste.demo ',
        cpf: '529.982.247-25',
        tipo: 'MONTADORA',
        telefones: ['(11) 3456-7890'],
      },
      infos: management,
    });
    expect(created.errors).toBeUndefined();
    const joana = created.data.salvarUsuario;
    expect(joana).toMatchObject({ email: 'joana.pessego@teste.demo', cpf: '52998224725', editavel: true });
    const ids = async (vars: Record<string, unknown>) =>
      (await q('tec', LIST, vars)).data.usuarios.content.map((x: { id: string }) => x.id);
    expect(await ids({ busca: 'PESSEGO' })).toEqual([joana.id]);
    // Spaces typed around or doubled between the words are not part of the name.
    expect(await ids({ busca: '  joana   PÊSSEGO ' })).toEqual([joana.id]);
    expect(await ids({ busca: 'joana.pessego@' })).toEqual([joana.id]);
    expect(await ids({ busca: '529.982.247-25' })).toEqual([joana.id]);
    expect(await ids({ busca: '52998224725' })).toEqual([joana.id]);
    expect(await ids({ busca: 'pessego', tipo: 'DEALER_GRUPO' })).toEqual([]);
    expect(await ids({ dealerId: b1.id, ordenacao: 'nome' })).toEqual(
      expect.arrayContaining([u.tDgMixed.id, u.tDgOut.id]),
    );
    expect((await ids({ grupoId: g1.id })).sort()).toEqual([u.dg.id, u.tDgIn.id, u.tDgMixed.id].sort());
    expect(await ids({ busca: 'pessego', ultimoAcessoDias: 30 })).toEqual([joana.id]);

    const page = await q('tec', LIST, { busca: 'teste.demo', ordenacao: '-email', rowsPerPage: 10 });
    const emails = page.data.usuarios.content.map((x: { email: string }) => x.email);
    expect(emails).toEqual([...emails].sort().reverse());
    expect(page.data.usuarios.totalElements).toBeGreaterThanOrEqual(10);
    const past = await q('tec', LIST, { busca: 'teste.demo', page: 99, rowsPerPage: 10 });
    expect(past.data.usuarios).toEqual({ content: [], totalElements: page.data.usuarios.totalElements });
    expect(code(await q('tec', LIST, { ordenacao: 'senha' }))).toBe('BAD_USER_INPUT');
    expect(code(await q('tec', LIST, { rowsPerPage: 7 }))).toBe('BAD_USER_INPUT');

    // A read-only viewer lists; nothing else.
    const viewed = (await q('viewer', LIST, { busca: 'pessego' })).data.usuarios;
    expect(viewed).toMatchObject({ totalElements: 1, content: [{ id: joana.id, editavel: false }] });
    expect(code(await q('viewer', ONE, { id: joana.id }))).toBe('FORBIDDEN');
  });

  it('the form queries: domain by scope, positions, position check, management data, reasons, properties, products', async () => {
    const dominio = `{ usuarioDominioQuery { tiposUsuario { id } grupos { id } dealers { id grupo { id } }
      idiomas { id description } produtos { id nome } funcionalidades { id chave } marcas { id } } }`;
    const tec = (await q('tec', dominio)).data.usuarioDominioQuery;
    expect(tec.tiposUsuario.map((t: { id: string }) => t.id)).toEqual(['TECSINAPSE', 'MONTADORA', 'DEALER_GRUPO']);
    expect(tec.idiomas).toHaveLength(3);
    expect(tec.dealers.map((d: { id: string }) => d.id)).toEqual(expect.arrayContaining([a1.id, a2.id, b1.id]));
    const mont = (await q('mont', dominio)).data.usuarioDominioQuery;
    expect(mont.tiposUsuario.map((t: { id: string }) => t.id)).toEqual(['MONTADORA', 'DEALER_GRUPO']);
    const dg = (await q('dg', dominio)).data.usuarioDominioQuery;
    expect(dg.tiposUsuario.map((t: { id: string }) => t.id)).toEqual(['DEALER_GRUPO']);
    expect(dg.grupos.map((g: { id: string }) => g.id)).toEqual([g1.id]);
    expect(dg.dealers.map((d: { id: string }) => d.id).sort()).toEqual([a1.id, a2.id].sort());

    // A dealer user with a position at each dealer; positions read back with dealer and department.
    const saved = await q('tec', SAVE, {
      usuario: {
        nome: 'Caio Cargo',
        email: 'caio.cargo@teste.demo',
        cpf: CPF[1],
        tipo: 'DEALER_GRUPO',
        idsDealers: [a1.id, a2.id],
      },
      cargos: [
        { cargoId: gerenteId, dealerId: a1.id, departamentoId: deptId, dataInicio: '2025-01-10' },
        { cargoId, dealerId: a2.id, departamentoId: deptId, dataInicio: '2025-03-01' },
      ],
    });
    expect(saved.errors).toBeUndefined();
    const caio = saved.data.salvarUsuario;
    const cargos = (
      await q(
        'tec',
        'query ($id: ID) { cargos(usuarioId: $id) { id nome dataInicio dealer { id } departamento { id } } }',
        {
          id: caio.id,
        },
      )
    ).data.cargos;
    expect(cargos).toEqual([
      {
        id: gerenteId,
        nome: 'Gerente geral',
        dataInicio: '2025-01-10',
        dealer: { id: a1.id },
        departamento: { id: deptId },
      },
      { id: cargoId, nome: 'Vendedor', dataInicio: '2025-03-01', dealer: { id: a2.id }, departamento: { id: deptId } },
    ]);

    // podeAdicionarCargo: the general manager is one per dealer; positions only for the position types, at a dealer.
    const can = async (who: string, vars: Record<string, unknown>) =>
      (
        await q(
          who,
          'query ($c: ID!, $t: TipoUsuarioId!, $d: ID, $u: ID) { podeAdicionarCargo(cargoId: $c, tipoUsuario: $t, dealerId: $d, usuarioId: $u) }',
          vars,
        )
      ).data?.podeAdicionarCargo;
    expect(await can('tec', { c: gerenteId, t: 'DEALER_GRUPO', d: a1.id })).toBe(false);
    expect(await can('tec', { c: gerenteId, t: 'DEALER_GRUPO', d: a1.id, u: caio.id })).toBe(true);
    expect(await can('tec', { c: gerenteId, t: 'DEALER_GRUPO', d: b1.id })).toBe(true);
    expect(await can('tec', { c: cargoId, t: 'DEALER_GRUPO', d: a1.id })).toBe(true);
    expect(await can('tec', { c: cargoId, t: 'DEALER_GRUPO' })).toBe(false);
    expect(await can('tec', { c: cargoId, t: 'MONTADORA' })).toBe(false);
    expect(await can('dg', { c: cargoId, t: 'DEALER_GRUPO', d: b1.id })).toBe(false);
    // Saving a second general manager at a1 is refused on the position.
    const second = await q('tec', SAVE, {
      usuario: {
        nome: 'Gil Gerente',
        email: 'gil.gerente@teste.demo',
        cpf: CPF[2],
        tipo: 'DEALER_GRUPO',
        idsDealers: [a1.id],
      },
      cargos: [{ cargoId: gerenteId, dealerId: a1.id, departamentoId: deptId, dataInicio: '2025-01-10' }],
    });
    expect(fields(second)).toEqual({ 'cargos.0.cargoId': 'users.positionNotAllowed' });

    // Management data (MONTADORA is a management type in the demo) and the reasons.
    const reasons = (await q('tec', '{ desligamentos { id motivo } }')).data.desligamentos;
    expect(reasons.length).toBeGreaterThan(0);
    const mgr = await q('tec', SAVE, {
      usuario: { nome: 'Mara Gestão', email: 'mara.gestao@teste.demo', tipo: 'MONTADORA' },
      infos: { ...management, dataDesligamento: '2026-01-31', desligamentoId: reasons[0].id },
    });
    expect(mgr.errors).toBeUndefined();
    const info = await q(
      'tec',
      'query ($id: ID!) { infoUsuario(usuarioId: $id) { dataAdmissao emailSuperior dataDesligamento desligamento { id motivo } } }',
      {
        id: mgr.data.salvarUsuario.id,
      },
    );
    expect(info.data.infoUsuario).toEqual({ ...management, dataDesligamento: '2026-01-31', desligamento: reasons[0] });
    expect(
      code(
        await q('dg', 'query ($id: ID!) { infoUsuario(usuarioId: $id) { dataAdmissao } }', {
          id: mgr.data.salvarUsuario.id,
        }),
      ),
    ).toBe('NOT_FOUND');

    const props = (
      await q('tec', '{ usuariosPortalProperties { tiposUsuarioInformarCargo { id } informarDepartamentoCargo } }')
    ).data.usuariosPortalProperties;
    expect(props).toEqual({ tiposUsuarioInformarCargo: [{ id: 'DEALER_GRUPO' }], informarDepartamentoCargo: true });

    // Products: dealer types get the Portal and their dealers' products, others all, Portal first; what the administrator may grant.
    const produtos = `query ($d: [ID!], $t: TipoUsuarioId!) { produtosByDealersAndTipoUsuario(idsDealer: $d, tipoUsuario: $t) {
      id nome tiposAcesso { id } funcionalidades { id chave } idsTiposAcessoConcediveis idsFuncionalidadesConcediveis } }`;
    const forDealer = (await q('mont', produtos, { d: [a1.id], t: 'DEALER_GRUPO' })).data
      .produtosByDealersAndTipoUsuario;
    expect(forDealer.map((p: { id: string }) => p.id)).toEqual([portalId]);
    expect(forDealer[0].idsTiposAcessoConcediveis).toEqual([]);
    expect(forDealer[0].idsFuncionalidadesConcediveis.sort()).toEqual(
      [keys.PORTAL_MANUTENCAO_USUARIOS, keys.PORTAL_MANUTENCAO_SLIDES].sort(),
    );
    // The Portal is every user's product, even at dealers that use none; a dealer-group administrator learns
    // nothing of dealers outside their scope (the Portal only, as for no dealer at all).
    const ids = (list: { id: string }[]) => list.map((p) => p.id);
    expect(ids((await q('mont', produtos, { d: [], t: 'DEALER_GRUPO' })).data.produtosByDealersAndTipoUsuario)).toEqual(
      [portalId],
    );
    expect(
      ids((await q('dg', produtos, { d: [b1.id], t: 'DEALER_GRUPO' })).data.produtosByDealersAndTipoUsuario),
    ).toEqual([portalId]);
    const forMontadora = (await q('admin', produtos, { t: 'MONTADORA' })).data.produtosByDealersAndTipoUsuario;
    expect(forMontadora[0].id).toBe(portalId);
    expect(forMontadora.length).toBeGreaterThan(1);
    expect(forMontadora[0].idsTiposAcessoConcediveis).toContain(adminTypeId);

    // The clone dialog's users: active users of a type at some dealers, in scope.
    const byType = `query ($t: TipoUsuarioId, $d: [ID!], $b: String) { usuariosByTipoUsuario(tipo: $t, dealerIds: $d, busca: $b) { id } }`;
    const clones = (await q('dg', byType, { t: 'DEALER_GRUPO', d: [a1.id] })).data.usuariosByTipoUsuario.map(
      (x: { id: string }) => x.id,
    );
    expect(clones).toEqual(expect.arrayContaining([u.tDgMixed.id, caio.id]));
    expect(clones).not.toContain(u.tDgOut.id);
    expect((await q('dg', byType, { t: 'MONTADORA' })).data.usuariosByTipoUsuario).toEqual([]);
  });

  it('usuarioByCpf / usuarioByEmail: the user in scope; out of scope only that the value is taken', async () => {
    const byEmail = 'query ($e: String!) { usuarioByEmail(email: $e) { id nome email editavel dealers { id } } }';
    const byCpf = 'query ($c: String!) { usuarioByCpf(cpf: $c) { id nome cpf editavel } }';
    expect((await q('tec', byEmail, { e: u.tDgOut.email.toUpperCase() })).data.usuarioByEmail).toMatchObject({
      id: u.tDgOut.id,
      nome: expect.stringContaining('Usuário Teste'),
      editavel: true,
    });
    expect((await q('dg', byEmail, { e: u.tDgOut.email })).data.usuarioByEmail).toEqual({
      id: u.tDgOut.id,
      nome: '',
      email: u.tDgOut.email,
      editavel: false,
      dealers: [],
    });
    expect((await q('tec', byEmail, { e: 'ninguem@teste.demo' })).data.usuarioByEmail).toBeNull();
    expect(code(await q('tec', byEmail, { e: 'not-an-email' }))).toBe('BAD_USER_INPUT');
    const cpfOwner = await q('tec', SAVE, {
      usuario: { nome: 'Cida CPF', email: 'cida.cpf@teste.demo', cpf: CPF[3], tipo: 'MONTADORA' },
      infos: management,
    });
    expect((await q('tec', byCpf, { c: '153.509.460-56' })).data.usuarioByCpf).toMatchObject({
      id: cpfOwner.data.salvarUsuario.id,
      nome: 'Cida CPF',
    });
    expect((await q('dg', byCpf, { c: CPF[3] })).data.usuarioByCpf).toEqual({
      id: cpfOwner.data.salvarUsuario.id,
      nome: '',
      cpf: CPF[3],
      editavel: false,
    });
    // E-mail unique on create, CPF unique except the same user.
    const taken = await q('tec', SAVE, {
      usuario: { nome: 'Outra', email: 'CIDA.cpf@teste.demo', cpf: CPF[3], tipo: 'MONTADORA' },
      infos: management,
    });
    expect(fields(taken)).toEqual({ 'usuario.email': 'users.emailTaken', 'usuario.cpf': 'users.cpfTaken' });
    const same = await q('tec', SAVE, {
      usuario: {
        id: cpfOwner.data.salvarUsuario.id,
        nome: 'Cida C.',
        email: 'cida.cpf@teste.demo',
        cpf: CPF[3],
        tipo: 'MONTADORA',
      },
      infos: management,
    });
    expect(same.errors).toBeUndefined();
  });

  it('the grant rule: only access types and features one holds are added or removed; nobody raises their own', async () => {
    const produto = (ids: { f?: string[]; t?: string[] }) => [
      { idProduto: portalId, idsFuncionalidades: ids.f ?? [], idsTiposAcesso: ids.t ?? [] },
    ];
    const base = { nome: 'Gabi Grant', email: 'gabi.grant@teste.demo', tipo: 'MONTADORA' };
    // mont holds PORTAL_MANUTENCAO_USUARIOS and PORTAL_MANUTENCAO_SLIDES, no access type.
    expect(
      code(
        await q('mont', SAVE, {
          usuario: { ...base, produtos: produto({ f: [keys.PORTAL_CRIACAO_COMUNICADOS] }) },
          infos: management,
        }),
      ),
    ).toBe('FORBIDDEN');
    expect(
      code(await q('mont', SAVE, { usuario: { ...base, produtos: produto({ t: [adminTypeId] }) }, infos: management })),
    ).toBe('FORBIDDEN');
    const ok = await q('mont', SAVE, {
      usuario: { ...base, produtos: produto({ f: [keys.PORTAL_MANUTENCAO_SLIDES] }) },
      infos: management,
    });
    expect(ok.errors).toBeUndefined();
    expect(ok.data.salvarUsuario.funcionalidades.map((f: { chave: string }) => f.chave)).toEqual([
      'PORTAL_MANUTENCAO_SLIDES',
    ]);

    // tMont has PORTAL_CRIACAO_COMUNICADOS, which mont lacks: kept as it is, fine; removed, FORBIDDEN.
    const target = (await q('mont', ONE, { id: u.tMont.id })).data.usuario;
    const edit = (f: string[]) =>
      q('mont', SAVE, {
        usuario: { id: target.id, nome: target.nome, email: target.email, tipo: 'MONTADORA', produtos: produto({ f }) },
        infos: management,
      });
    expect((await edit([keys.PORTAL_CRIACAO_COMUNICADOS, keys.PORTAL_MANUTENCAO_SLIDES])).errors).toBeUndefined();
    expect(code(await edit([keys.PORTAL_MANUTENCAO_SLIDES]))).toBe('FORBIDDEN');

    // Oneself: personal data yes; type, dealers, permissions no.
    const me = (await q('mont', ONE, { id: u.mont.id })).data.usuario;
    const mine = { id: me.id, nome: 'Novo Nome', email: me.email, tipo: 'MONTADORA' };
    const held = [keys.PORTAL_MANUTENCAO_USUARIOS, keys.PORTAL_MANUTENCAO_SLIDES];
    expect(
      (await q('mont', SAVE, { usuario: { ...mine, produtos: produto({ f: held }) }, infos: management })).errors,
    ).toBeUndefined();
    expect(
      code(
        await q('mont', SAVE, {
          usuario: { ...mine, produtos: produto({ f: [...held, keys.PORTAL_CRIACAO_COMUNICADOS] }) },
          infos: management,
        }),
      ),
    ).toBe('FORBIDDEN');
    expect(
      code(
        await q('mont', SAVE, {
          usuario: { ...mine, produtos: produto({ f: [keys.PORTAL_MANUTENCAO_USUARIOS] }) },
          infos: management,
        }),
      ),
    ).toBe('FORBIDDEN');
    const ownType = await q('mont', SAVE, {
      usuario: { ...mine, tipo: 'DEALER_GRUPO', idsDealers: [a1.id], cpf: CPF[4] },
      cargos: [{ cargoId, dealerId: a1.id, departamentoId: deptId, dataInicio: '2025-05-05' }],
    });
    expect([code(ownType), fields(ownType)]).toEqual(['FORBIDDEN', undefined]);
    expect(code(await q('mont', INACTIVATE, { id: u.mont.id }))).toBe('FORBIDDEN');

    // The types one assigns, the dealers and dealer groups of a dealer-group administrator.
    expect(code(await q('mont', SAVE, { usuario: { ...base, email: 'x1@teste.demo', tipo: 'TECSINAPSE' } }))).toBe(
      'FORBIDDEN',
    );
    const dealerUser = (dealers: string[], grupos: string[] = []) => ({
      usuario: {
        nome: 'Dora Dealer',
        email: 'dora@teste.demo',
        cpf: CPF[4],
        tipo: 'DEALER_GRUPO',
        idsDealers: dealers,
        idsGrupos: grupos,
      },
      cargos: dealers.map((d) => ({ cargoId, dealerId: d, departamentoId: deptId, dataInicio: '2025-05-05' })),
    });
    expect(code(await q('dg', SAVE, dealerUser([a1.id, b1.id])))).toBe('FORBIDDEN');
    expect(code(await q('dg', SAVE, dealerUser([a1.id], [g2.id])))).toBe('FORBIDDEN');
    const dora = await q('dg', SAVE, dealerUser([a1.id, a2.id], [g1.id]));
    expect(dora.errors).toBeUndefined();
    expect(dora.data.salvarUsuario).toMatchObject({ tipo: { id: 'DEALER_GRUPO' }, editavel: true });
  });

  it('refuses unknown input fields, and the form rules with their fields', async () => {
    const unknown = await q(
      'tec',
      'mutation { salvarUsuario(usuario: { nome: "X", email: "x@teste.demo", tipo: MONTADORA, senha: "y" }) { id } }',
    );
    expect(unknown.errors?.length).toBeGreaterThan(0);
    expect(unknown.data ?? null).toBeNull();
    const rules = await q('tec', SAVE, {
      usuario: { nome: 'Rui Regra', email: 'rui@teste.demo', tipo: 'DEALER_GRUPO', idsDealers: [a1.id] },
      cargos: [],
    });
    expect(fields(rules)).toEqual({ 'usuario.cpf': 'validation.required', cargos: 'users.positionRequired' });
  });

  it('audits every change with before and after, and bumps the version', async () => {
    const created = await q('tec', SAVE, {
      usuario: { nome: 'Ana Auditada', email: 'ana.auditada@teste.demo', tipo: 'MONTADORA' },
      infos: management,
    });
    const id = created.data.salvarUsuario.id;
    await q('tec', SAVE, {
      usuario: {
        id,
        nome: 'Ana A. Auditada',
        email: 'ana.auditada@teste.demo',
        tipo: 'MONTADORA',
        telefones: ['(11) 98765-4321'],
      },
      infos: management,
    });
    await q('tec', INACTIVATE, { id });
    await q('tec', ACTIVATE, { id });
    await q('tec', SPECIAL, { id, v: true });
    const rows = (await audits(id)).sort((a, b) => a.id - b.id);
    // A new user is invited in the same transaction (users.invitation.ts).
    expect(rows.map((r) => r.acao)).toEqual(['criar', 'convidar', 'editar', 'inativar', 'ativar', 'editar']);
    const edit = rows[2];
    expect(edit.antes).toMatchObject({ nome: 'Ana Auditada', telefones: [] });
    expect(edit.depois).toMatchObject({ nome: 'Ana A. Auditada', telefones: ['11987654321'] });
    expect(JSON.stringify(rows)).not.toContain('senhaHash');
    expect(rows[3]).toMatchObject({ antes: { active: true }, depois: { active: false } });
    expect(rows[5]).toMatchObject({ antes: { ativacaoEspecial: false }, depois: { ativacaoEspecial: true } });
  });

  it("an inactivated user's session is refused on the next request; reactivated, they sign in again", async () => {
    const session = (await signIn(base, u.tDgIn.email, PASSWORD)).client;
    expect((await gql(session, base, '{ usuarioLogado { id } }')).data?.usuarioLogado.id).toBe(u.tDgIn.id);
    // A changed permission takes effect on the user's next request, and the version moves.
    const versao = async () =>
      (await portal.services.db.select({ v: usuario.versao }).from(usuario).where(eq(usuario.id, u.tDgIn.id)))[0].v;
    const before = await versao();
    const granted = await q('dg', SAVE, {
      usuario: {
        id: u.tDgIn.id,
        nome: 'Tito Dentro',
        email: u.tDgIn.email,
        cpf: CPF[5],
        tipo: 'DEALER_GRUPO',
        idsDealers: [a2.id],
        produtos: [{ idProduto: portalId, idsFuncionalidades: [keys.PORTAL_MANUTENCAO_SLIDES], idsTiposAcesso: [] }],
      },
      cargos: [{ cargoId, dealerId: a2.id, departamentoId: deptId, dataInicio: '2025-06-01' }],
    });
    expect(granted.errors).toBeUndefined();
    expect(+(await versao())).toBeGreaterThan(+before);
    const keysNow = (await gql(session, base, '{ usuarioLogado { funcionalidades { chave } } }')).data?.usuarioLogado
      .funcionalidades;
    expect(keysNow).toEqual([{ chave: 'PORTAL_MANUTENCAO_SLIDES' }]);
    const done = await q('dg', INACTIVATE, { id: u.tDgIn.id });
    expect(done.data.inativarUsuario).toEqual({ id: u.tDgIn.id, active: false });
    expect(code((await gql(session, base, '{ usuarioLogado { id } }')) as Result)).toBe('UNAUTHENTICATED');
    expect((await q('dg', ACTIVATE, { id: u.tDgIn.id })).data.ativarUsuario.active).toBe(true);
    const again = (await signIn(base, u.tDgIn.email, PASSWORD)).client;
    expect((await gql(again, base, '{ usuarioLogado { id } }')).data?.usuarioLogado.id).toBe(u.tDgIn.id);
  });

  it('special activation: granted and removed with LIBERAR_ATIVACAO_ESPECIAL, within the scope rule', async () => {
    expect((await q('tec', SPECIAL, { id: u.tDgOut.id, v: true })).data.alterarAtivacaoEspecial).toEqual({
      id: u.tDgOut.id,
      ativacaoEspecial: true,
    });
    expect(
      (await q('tec', LIST, { ativacaoEspecial: true, busca: 'teste.demo' })).data.usuarios.content.map(
        (x: { id: string }) => x.id,
      ),
    ).toContain(u.tDgOut.id);
    expect((await q('tec', SPECIAL, { id: u.tDgOut.id, v: false })).data.alterarAtivacaoEspecial.ativacaoEspecial).toBe(
      false,
    );
    expect(code(await q('mont', SPECIAL, { id: u.tDgOut.id, v: true }))).toBe('FORBIDDEN');
    // The demo administrator has every key but the scope still applies to a TECSINAPSE one: every user.
    expect(code(await q('admin', SPECIAL, { id: '00000000-0000-0000-0000-000000000000', v: true }))).toBe('NOT_FOUND');
  });

  it('exports the filtered list as .xlsx in the scope; 401 signed out, 403 without the key, 400 for a bad sort', async () => {
    const res = await as.dg.fetch(`${base}/api/usuarios.xlsx?busca=teste.demo&ordenacao=nome`);
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = workbook.worksheets[0];
    const emails: string[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) emails.push(String(row.getCell(2).value));
    });
    expect(emails).toContain(u.tDgMixed.email);
    expect(emails).not.toContain(u.tDgOut.email);
    expect(emails).not.toContain(u.tMont.email);
    expect((await fetch(`${base}/api/usuarios.xlsx`)).status).toBe(401);
    expect((await as.dealer.fetch(`${base}/api/usuarios.xlsx`)).status).toBe(403);
    expect((await as.viewer.fetch(`${base}/api/usuarios.xlsx`)).status).toBe(200);
    expect((await as.tec.fetch(`${base}/api/usuarios.xlsx?ordenacao=senha`)).status).toBe(400);
  });
});
