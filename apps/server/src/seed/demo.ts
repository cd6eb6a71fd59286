import { cnpjWithCheckDigits, FEATURE_KEYS, type FeatureKey, type UserType } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import { dealer, dealerMarca, marca } from '../modules/dealers/dealers.tables.js';
import { grupo } from '../modules/groups/groups.tables.js';
import { linkUsuario, menu } from '../modules/menu/menu.tables.js';
import { createNotification } from '../modules/notifications/notifications.service.js';
import { portalProperties } from '../modules/portal/portal.tables.js';
import {
  dadoComplementar,
  funcionalidade,
  produto,
  tipoAcesso,
  tipoAcessoFuncionalidade,
} from '../modules/products/products.tables.js';
import { grupoUsuarios } from '../modules/user-groups/user-groups.tables.js';
import {
  cargo,
  departamento,
  usuario,
  usuarioDadoComplementar,
  usuarioDealer,
  usuarioFuncionalidade,
  usuarioGrupo,
  usuarioGrupoUsuarios,
  usuarioMarca,
  usuarioTipoAcesso,
} from '../modules/users/users.tables.js';
import { hashPassword } from '../platform/auth/passwords.js';
import type { Db, Tx } from '../platform/db.js';

export const DEMO_PASSWORD = 'Portal@2026';

/** The demo sign-ins printed by `npm start` (SPEC-free demo customer, issue 2). */
export const DEMO_USERS: { email: string; nome: string; tipo: UserType; resumo: string }[] = [
  { email: 'admin@portal.demo', nome: 'Ana Admin', tipo: 'TECSINAPSE', resumo: 'TECSINAPSE, every key' },
  {
    email: 'montadora@portal.demo',
    nome: 'Marcos Montadora',
    tipo: 'MONTADORA',
    resumo: 'MONTADORA, creates communications, manages the library',
  },
  {
    email: 'aprovador@portal.demo',
    nome: 'Alice Aprovadora',
    tipo: 'MONTADORA',
    resumo: 'MONTADORA, approves and sends communications',
  },
  { email: 'dealer@portal.demo', nome: 'Diego Dealer', tipo: 'DEALER_GRUPO', resumo: 'DEALER_GRUPO, Grupo Horizonte' },
  { email: 'dealer2@portal.demo', nome: 'Daniela Dealer', tipo: 'DEALER_GRUPO', resumo: 'DEALER_GRUPO, Grupo Litoral' },
];

const FEATURE_NAMES: Record<FeatureKey, string> = {
  PORTAL_GERENCIAR_BIBLIOTECA: 'Gerenciar biblioteca',
  PORTAL_MANUTENCAO_DEALERS_GRUPO: 'Manutenção de dealers e grupos',
  PORTAL_MANUTENCAO_USUARIOS: 'Manutenção de usuários',
  PORTAL_CONSULTA_VISUALIZACAO_USUARIOS: 'Consulta de usuários',
  PORTAL_MANUTENCAO_GRUPOS_USUARIOS: 'Manutenção de grupos de usuários',
  PORTAL_APROVACAO_ENVIO_COMUNICADOS: 'Aprovação e envio de comunicados',
  PORTAL_CRIACAO_COMUNICADOS: 'Criação de comunicados',
  PORTAL_MANUTENCAO_SLIDES: 'Manutenção de slides',
  PORTAL_MANUTENCAO_ANUNCIOS: 'Manutenção de anúncios',
  PORTAL_NOTIFICACOES_GENERICAS: 'Notificações genéricas',
  PORTAL_MANUTENCAO_MODELO: 'Manutenção de modelos',
  LIBERAR_ATIVACAO_ESPECIAL: 'Liberar ativação especial',
  PORTAL_IMPORTACAO_USUARIOS: 'Importação de usuários',
  PORTAL_ADMINISTRATIVO_TECSINAPSE: 'Administrativo Tecsinapse',
  PORTAL_CRIACAO_GRUPOS_USUARIOS_PUBLICOS: 'Criação de grupos de usuários públicos',
};

/** Finds a row by a natural key or inserts it; returns its id. */
async function ensure<T extends { id: string }>(find: () => Promise<T[]>, insert: () => Promise<T[]>): Promise<string> {
  const [found] = await find();
  if (found) return found.id;
  const [created] = await insert();
  return created.id;
}

/**
 * Seeds the demo customer (issue 2, §7): idempotent, so every start may run it; only what is
 * missing is created and nothing a person changed is overwritten.
 */
export async function seedDemo(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727275)`);
    await seedIn(tx, passwordHash);
  });
}

async function seedIn(tx: Tx, passwordHash: string) {
  await tx
    .insert(portalProperties)
    .values({
      id: 1,
      name: 'Portal Rede Aurora',
      theme: 'blueOcean',
      labelDealer: 'Concessionária',
      labelDealers: 'Concessionárias',
      labelMarca: 'Marca',
      labelMarcas: 'Marcas',
      labelGrupo: 'Grupo',
      labelGrupos: 'Grupos',
      labelNovoGrupo: 'Novo grupo',
      labelNovoDealer: 'Nova concessionária',
      labelTipoUsuarioDealerGrupo: 'Concessionária / Grupo',
      labelTipoUsuarioMontadora: 'Montadora',
      tiposUsuarioDocumentoObrigatorio: ['DEALER_GRUPO'],
      tiposUsuarioInformarCargo: ['DEALER_GRUPO'],
      tiposUsuarioInformarGestao: ['MONTADORA'],
      informarDepartamentoCargo: true,
      linkHelpTec: 'https://ajuda.portal.demo',
      linkAcademia: 'https://academia.portal.demo',
    })
    .onConflictDoNothing();

  // Products, features and access types.
  const product = (chave: string, nome: string, ordem: number, baseUriHomolog: string | null) =>
    ensure(
      () => tx.select({ id: produto.id }).from(produto).where(eq(produto.chave, chave)),
      () => tx.insert(produto).values({ chave, nome, ordem, baseUriHomolog }).returning({ id: produto.id }),
    );
  const portalId = await product('PORTAL', 'Portal', 0, null);
  const crmId = await product('CRM', 'CRM Rede', 1, 'https://crm-homolog.portal.demo');
  const pecasId = await product('PECAS', 'Peças', 2, 'https://pecas-homolog.portal.demo');

  const feature = (produtoId: string, chave: string, nome: string) =>
    ensure(
      () => tx.select({ id: funcionalidade.id }).from(funcionalidade).where(eq(funcionalidade.chave, chave)),
      () => tx.insert(funcionalidade).values({ produtoId, chave, nome }).returning({ id: funcionalidade.id }),
    );
  const featureIds = {} as Record<string, string>;
  for (const key of FEATURE_KEYS) featureIds[key] = await feature(portalId, key, FEATURE_NAMES[key]);
  for (const [produtoId, chave, nome] of [
    [crmId, 'CRM_VENDAS', 'Vendas'],
    [crmId, 'CRM_RELATORIOS', 'Relatórios'],
    [pecasId, 'PECAS_PEDIDOS', 'Pedidos'],
    [pecasId, 'PECAS_ESTOQUE', 'Estoque'],
  ] as const) {
    featureIds[chave] = await feature(produtoId, chave, nome);
  }

  const accessType = async (produtoId: string, nome: string, keys: readonly string[]) => {
    const id = await ensure(
      () =>
        tx
          .select({ id: tipoAcesso.id })
          .from(tipoAcesso)
          .where(and(eq(tipoAcesso.produtoId, produtoId), eq(tipoAcesso.nome, nome))),
      () => tx.insert(tipoAcesso).values({ produtoId, nome }).returning({ id: tipoAcesso.id }),
    );
    if (keys.length) {
      await tx
        .insert(tipoAcessoFuncionalidade)
        .values(keys.map((k) => ({ tipoAcessoId: id, funcionalidadeId: featureIds[k] })))
        .onConflictDoNothing();
    }
    return id;
  };
  const adminType = await accessType(portalId, 'Administrador', FEATURE_KEYS);
  await accessType(portalId, 'Comunicação', ['PORTAL_CRIACAO_COMUNICADOS', 'PORTAL_GERENCIAR_BIBLIOTECA']);
  await accessType(portalId, 'Aprovação', ['PORTAL_APROVACAO_ENVIO_COMUNICADOS']);
  await accessType(portalId, 'Consulta', []);
  const crmSeller = await accessType(crmId, 'Vendedor', ['CRM_VENDAS']);
  await accessType(crmId, 'Gerente', ['CRM_VENDAS', 'CRM_RELATORIOS']);
  await accessType(pecasId, 'Balcão', ['PECAS_PEDIDOS']);
  await accessType(pecasId, 'Gestor', ['PECAS_PEDIDOS', 'PECAS_ESTOQUE']);

  const crmManual = await ensure(
    () =>
      tx
        .select({ id: dadoComplementar.id })
        .from(dadoComplementar)
        .where(eq(dadoComplementar.descricao, 'Manual do CRM')),
    () =>
      tx
        .insert(dadoComplementar)
        .values({
          produtoId: crmId,
          tipo: 'LINK',
          descricao: 'Manual do CRM',
          urlBase: 'https://crm.portal.demo/manual',
          ordem: 1,
        })
        .returning({ id: dadoComplementar.id }),
  );

  // Brands, dealer groups and dealers (valid CNPJs).
  const brand = (descricao: string) =>
    ensure(
      () => tx.select({ id: marca.id }).from(marca).where(eq(marca.descricao, descricao)),
      () => tx.insert(marca).values({ descricao }).returning({ id: marca.id }),
    );
  const brands = [await brand('Aurora'), await brand('Boreal'), await brand('Cometa')];
  const dealerGroup = (nome: string) =>
    ensure(
      () => tx.select({ id: grupo.id }).from(grupo).where(eq(grupo.nome, nome)),
      () => tx.insert(grupo).values({ nome }).returning({ id: grupo.id }),
    );
  const horizonte = await dealerGroup('Grupo Horizonte');
  const litoral = await dealerGroup('Grupo Litoral');
  const dealerSpecs = [
    {
      codigo: 'D001',
      nome: 'Horizonte Veículos Centro Ltda',
      exibicao: 'Horizonte Centro',
      grupoId: horizonte,
      cidade: 'São Paulo',
      uf: 'SP',
      marcas: [0, 1],
    },
    {
      codigo: 'D002',
      nome: 'Horizonte Veículos Norte Ltda',
      exibicao: 'Horizonte Norte',
      grupoId: horizonte,
      cidade: 'Guarulhos',
      uf: 'SP',
      marcas: [0],
    },
    {
      codigo: 'D003',
      nome: 'Horizonte Veículos Campinas Ltda',
      exibicao: 'Horizonte Campinas',
      grupoId: horizonte,
      cidade: 'Campinas',
      uf: 'SP',
      marcas: [2],
    },
    {
      codigo: 'D004',
      nome: 'Litoral Automóveis Santos Ltda',
      exibicao: 'Litoral Santos',
      grupoId: litoral,
      cidade: 'Santos',
      uf: 'SP',
      marcas: [0, 2],
    },
    {
      codigo: 'D005',
      nome: 'Litoral Automóveis Rio Ltda',
      exibicao: 'Litoral Rio',
      grupoId: litoral,
      cidade: 'Rio de Janeiro',
      uf: 'RJ',
      marcas: [1],
    },
    {
      codigo: 'D006',
      nome: 'Litoral Automóveis Vitória Ltda',
      exibicao: 'Litoral Vitória',
      grupoId: litoral,
      cidade: 'Vitória',
      uf: 'ES',
      marcas: [1, 2],
    },
  ];
  const dealerIds: string[] = [];
  for (const [i, d] of dealerSpecs.entries()) {
    const id = await ensure(
      () => tx.select({ id: dealer.id }).from(dealer).where(eq(dealer.codigoPrincipal, d.codigo)),
      () =>
        tx
          .insert(dealer)
          .values({
            nome: d.nome,
            nomeExibicao: d.exibicao,
            cnpj: cnpjWithCheckDigits(`${String(11222333 + i * 1111).padStart(8, '0')}0001`),
            codigoPrincipal: d.codigo,
            grupoId: d.grupoId,
            logradouro: `Avenida Principal, ${100 + i}`,
            bairro: 'Centro',
            cidade: d.cidade,
            uf: d.uf,
            cep: `0100${i}-000`,
            contatos: [{ nome: 'Recepção', email: `contato${i + 1}@dealer.demo`, telefone: `(11) 4000-000${i}` }],
          })
          .returning({ id: dealer.id }),
    );
    dealerIds.push(id);
    await tx
      .insert(dealerMarca)
      .values(d.marcas.map((m) => ({ dealerId: id, marcaId: brands[m] })))
      .onConflictDoNothing();
  }

  // User groups.
  const userGroup = (nome: string, publico: boolean) =>
    ensure(
      () => tx.select({ id: grupoUsuarios.id }).from(grupoUsuarios).where(eq(grupoUsuarios.nome, nome)),
      () => tx.insert(grupoUsuarios).values({ nome, publico }).returning({ id: grupoUsuarios.id }),
    );
  const ugHorizonte = await userGroup('Rede Horizonte', false);
  const ugLitoral = await userGroup('Rede Litoral', false);
  const ugPosVenda = await userGroup('Pós-venda', true);
  const ugMarketing = await userGroup('Marketing', false);

  // Departments and positions.
  for (const [nome, sigla, assinatura] of [
    ['Marketing', 'MKT', 'Equipe de Marketing - Rede Aurora'],
    ['Pós-venda', 'POS', 'Diretoria de Pós-venda - Rede Aurora'],
    ['Vendas', 'VEN', 'Diretoria Comercial - Rede Aurora'],
  ]) {
    await tx.insert(departamento).values({ nome, sigla, assinatura }).onConflictDoNothing();
  }
  for (const nome of ['Gerente geral', 'Vendedor', 'Consultor técnico', 'Gerente de pós-venda']) {
    await tx.insert(cargo).values({ nome }).onConflictDoNothing();
  }

  // Users.
  type Links = {
    keys?: FeatureKey[];
    tiposAcesso?: string[];
    grupos?: string[];
    dealers?: string[];
    userGroups?: string[];
    marcas?: string[];
    dados?: string[];
  };
  const links: Record<string, Links> = {
    'admin@portal.demo': { tiposAcesso: [adminType], marcas: brands, userGroups: [ugMarketing] },
    'montadora@portal.demo': {
      keys: ['PORTAL_CRIACAO_COMUNICADOS', 'PORTAL_GERENCIAR_BIBLIOTECA'],
      marcas: brands,
      userGroups: [ugPosVenda, ugMarketing],
    },
    'aprovador@portal.demo': {
      keys: ['PORTAL_APROVACAO_ENVIO_COMUNICADOS'],
      marcas: brands,
      userGroups: [ugMarketing],
    },
    'dealer@portal.demo': {
      grupos: [horizonte],
      dealers: [dealerIds[0], dealerIds[1]],
      userGroups: [ugHorizonte, ugPosVenda],
      marcas: [brands[0], brands[1]],
      tiposAcesso: [crmSeller],
      dados: [crmManual],
    },
    'dealer2@portal.demo': {
      grupos: [litoral],
      dealers: [dealerIds[3]],
      userGroups: [ugLitoral],
      marcas: [brands[0], brands[2]],
    },
  };
  const created: string[] = [];
  for (const u of DEMO_USERS) {
    const existing = await tx.select({ id: usuario.id }).from(usuario).where(eq(usuario.email, u.email));
    if (existing.length) continue;
    const [row] = await tx
      .insert(usuario)
      .values({ nome: u.nome, email: u.email, tipo: u.tipo, senhaHash: passwordHash })
      .returning({ id: usuario.id });
    created.push(row.id);
    const l = links[u.email];
    const add = async <T>(table: any, rows: T[]) => {
      if (rows.length) await tx.insert(table).values(rows).onConflictDoNothing();
    };
    await add(
      usuarioFuncionalidade,
      (l.keys ?? []).map((k) => ({ usuarioId: row.id, funcionalidadeId: featureIds[k] })),
    );
    await add(
      usuarioTipoAcesso,
      (l.tiposAcesso ?? []).map((id) => ({ usuarioId: row.id, tipoAcessoId: id })),
    );
    await add(
      usuarioGrupo,
      (l.grupos ?? []).map((id) => ({ usuarioId: row.id, grupoId: id })),
    );
    await add(
      usuarioDealer,
      (l.dealers ?? []).map((id) => ({ usuarioId: row.id, dealerId: id })),
    );
    await add(
      usuarioGrupoUsuarios,
      (l.userGroups ?? []).map((id) => ({ usuarioId: row.id, grupoUsuariosId: id })),
    );
    await add(
      usuarioMarca,
      (l.marcas ?? []).map((id) => ({ usuarioId: row.id, marcaId: id })),
    );
    await add(
      usuarioDadoComplementar,
      (l.dados ?? []).map((id) => ({ usuarioId: row.id, dadoComplementarId: id })),
    );
  }
  if (created.length) {
    await createNotification(
      { db: tx },
      {
        titulo: 'Bem-vindo ao portal',
        texto: '<p>Este é o portal da <strong>Rede Aurora</strong>. Explore os comunicados e a biblioteca.</p>',
        link: '/home',
        usuarioIds: created,
      },
    );
  }

  await seedMenu(tx, { crmId });
  await seedUserLinks(tx);
}

/** The demo's extra links of the user menu: one in-app path, one external page. */
async function seedUserLinks(tx: Tx) {
  const [any] = await tx.select({ id: linkUsuario.id }).from(linkUsuario).limit(1);
  if (any) return;
  await tx.insert(linkUsuario).values([
    { titulo: 'Minhas notificações', tituloChave: 'menu.minhasNotificacoes', uri: '/notificacoes', ordem: 1 },
    {
      titulo: 'Política de privacidade',
      tituloChave: 'menu.privacidade',
      uri: 'https://portal.demo/privacidade',
      externo: true,
      ordem: 2,
    },
  ]);
}

/** The demo menu tree: categories, items and sub-items, some restricted by key or type. */
async function seedMenu(tx: Tx, ids: { crmId: string }) {
  const [any] = await tx.select({ id: menu.id }).from(menu).limit(1);
  if (any) return;
  const entry = async (v: Partial<typeof menu.$inferInsert> & { titulo: string; ordem: number }) => {
    const [row] = await tx.insert(menu).values(v).returning({ id: menu.id });
    return row.id;
  };
  const portal = await entry({ titulo: 'Portal', tituloChave: 'menu.portal', ordem: 1 });
  await entry({ parentId: portal, titulo: 'Início', tituloChave: 'route.home', uri: '/home', ordem: 1 });
  await entry({
    parentId: portal,
    titulo: 'Comunicados',
    tituloChave: 'route.comunicados',
    uri: '/comunicados',
    ordem: 2,
  });
  await entry({
    parentId: portal,
    titulo: 'Biblioteca virtual',
    tituloChave: 'route.biblioteca',
    uri: '/biblioteca',
    ordem: 3,
  });
  const admin = await entry({ titulo: 'Administração', tituloChave: 'menu.administracao', ordem: 2 });
  const adminItems: [string, string][] = [
    ['route.usuarios', '/usuarios'],
    ['route.dealers', '/dealers'],
    ['route.grupos', '/grupos'],
    ['route.gruposUsuarios', '/gruposUsuarios'],
    ['route.slides', '/slides'],
    ['route.anuncios', '/anuncios'],
    ['route.notificacoesGenericas', '/notificacoesGenericas'],
    ['route.importarUsuarios', '/importarUsuarios'],
    ['route.superAdmin', '/superAdmin'],
  ];
  for (const [i, [key, uri]] of adminItems.entries()) {
    await entry({ parentId: admin, titulo: key, tituloChave: key, uri, ordem: i + 1 });
  }
  const crm = await entry({ titulo: 'CRM Rede', ordem: 3, produtoId: ids.crmId });
  const vendas = await entry({
    parentId: crm,
    titulo: 'Vendas',
    uri: 'https://crm.portal.demo/vendas',
    produtoId: ids.crmId,
    ordem: 1,
    chaves: ['CRM_VENDAS'],
  });
  await entry({
    parentId: vendas,
    titulo: 'Funil',
    uri: 'https://crm.portal.demo/vendas/funil',
    produtoId: ids.crmId,
    ordem: 1,
    chaves: ['CRM_VENDAS'],
  });
  await entry({
    parentId: crm,
    titulo: 'Relatórios',
    uri: 'https://crm.portal.demo/relatorios',
    produtoId: ids.crmId,
    ordem: 2,
    chaves: ['CRM_RELATORIOS'],
  });
  const ajuda = await entry({ titulo: 'Ajuda', tituloChave: 'menu.ajudaCategoria', ordem: 4 });
  await entry({
    parentId: ajuda,
    titulo: 'Central de ajuda',
    tituloChave: 'menu.ajuda',
    uri: 'https://ajuda.portal.demo',
    externo: true,
    ordem: 1,
  });
  await entry({
    parentId: ajuda,
    titulo: 'Academia',
    tituloChave: 'menu.academia',
    uri: 'https://academia.portal.demo',
    externo: true,
    ordem: 2,
  });
  await entry({ titulo: 'Novidades', tituloChave: 'menu.novidades', ordem: 5 });
}
