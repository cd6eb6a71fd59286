import { FEATURE_KEYS, IDIOMAS, LOCALE_BY_IDIOMA, type UserType } from '@portal/domain';
import { type Locale, t } from '@portal/i18n';
import { inArray } from 'drizzle-orm';
import { hashPassword } from '../../platform/auth/passwords.js';
import type { ModuleSeed } from '../../platform/module.js';
import { brandIdsByName, dealerIdsByCode } from '../dealers/dealers.queries.js';
import { dealerGroupIdsByName } from '../groups/groups.queries.js';
import { createNotification } from '../notifications/notifications.service.js';
import {
  accessTypeIdByName,
  complementaryDataIdsByDescription,
  featureIdsByKey,
} from '../products/products.queries.js';
import { userGroupIdsByName } from '../user-groups/user-groups.queries.js';
import { createUser } from './users.service.js';
import { cargo, departamento, desligamento, usuario } from './users.tables.js';

/** The password of every demo user. */
export const DEMO_PASSWORD = 'Portal@2026';

/** The demo sign-ins printed by `npm start` (the demo customer, issue 2). */
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
  {
    email: 'gestor@portal.demo',
    nome: 'Gustavo Gestor',
    tipo: 'DEALER_GRUPO',
    resumo: "DEALER_GRUPO, Grupo Horizonte's administrator: manages its users",
  },
  {
    email: 'leitor@portal.demo',
    nome: 'Lívia Leitora',
    tipo: 'MONTADORA',
    resumo: 'MONTADORA, sees the users list read-only',
  },
];

/** What each demo user is linked to, by natural keys (codes, names, keys). */
type DemoLinks = {
  keys?: string[];
  /** [product key, access type name] */
  tiposAcesso?: [string, string][];
  grupos?: string[];
  dealers?: string[];
  userGroups?: string[];
  marcas?: string[];
  dados?: string[];
};
const ALL_BRANDS = ['Aurora', 'Boreal', 'Cometa'];
/** Every access type of the demo's products: the admin holds them all, so may grant them all. */
const ALL_ACCESS_TYPES: [string, string][] = [
  ['PORTAL', 'Administrador'],
  ['PORTAL', 'Comunicação'],
  ['PORTAL', 'Aprovação'],
  ['PORTAL', 'Consulta'],
  ['CRM', 'Vendedor'],
  ['CRM', 'Gerente'],
  ['PECAS', 'Balcão'],
  ['PECAS', 'Gestor'],
];
const LINKS: Record<string, DemoLinks> = {
  'admin@portal.demo': {
    tiposAcesso: ALL_ACCESS_TYPES,
    keys: [...FEATURE_KEYS, 'CRM_VENDAS', 'CRM_RELATORIOS', 'PECAS_PEDIDOS', 'PECAS_ESTOQUE'],
    marcas: ALL_BRANDS,
    userGroups: ['Marketing'],
  },
  'montadora@portal.demo': {
    keys: ['PORTAL_CRIACAO_COMUNICADOS', 'PORTAL_GERENCIAR_BIBLIOTECA'],
    marcas: ALL_BRANDS,
    userGroups: ['Pós-venda', 'Marketing'],
  },
  'aprovador@portal.demo': {
    keys: ['PORTAL_APROVACAO_ENVIO_COMUNICADOS'],
    marcas: ALL_BRANDS,
    userGroups: ['Marketing'],
  },
  'dealer@portal.demo': {
    grupos: ['Grupo Horizonte'],
    dealers: ['D001', 'D002'],
    userGroups: ['Rede Horizonte', 'Pós-venda'],
    marcas: ['Aurora', 'Boreal'],
    tiposAcesso: [['CRM', 'Vendedor']],
    dados: ['Manual do CRM'],
  },
  'dealer2@portal.demo': {
    grupos: ['Grupo Litoral'],
    dealers: ['D004'],
    userGroups: ['Rede Litoral'],
    marcas: ['Aurora', 'Cometa'],
  },
  // A dealer group's administrator (issue 14): manages the users of Grupo Horizonte's dealers, with a few
  // other keys; not LIBERAR_ATIVACAO_ESPECIAL nor PORTAL_ADMINISTRATIVO_TECSINAPSE.
  'gestor@portal.demo': {
    keys: [
      'PORTAL_MANUTENCAO_USUARIOS',
      'PORTAL_CONSULTA_VISUALIZACAO_USUARIOS',
      'PORTAL_CRIACAO_COMUNICADOS',
      'CRM_VENDAS',
    ],
    tiposAcesso: [['CRM', 'Vendedor']],
    grupos: ['Grupo Horizonte'],
    dealers: ['D001', 'D002', 'D003'],
    marcas: ['Aurora', 'Boreal'],
  },
  // The read-only users list (PORTAL_CONSULTA_VISUALIZACAO_USUARIOS alone).
  'leitor@portal.demo': { keys: ['PORTAL_CONSULTA_VISUALIZACAO_USUARIOS'], marcas: ALL_BRANDS },
};

/** Ids of the values of `names` in a key → id map (all of them exist once the earlier parts ran). */
const pick = (ids: Record<string, string>, names: string[] = []) => names.map((n) => ids[n]);

/**
 * The demo's departments, positions and users (through `createUser`, with the demo password), linked
 * to what the products, dealers, groups and user-groups parts seeded; the users created in this run
 * get a welcome notification. Users that exist (by e-mail) are left as they are.
 */
export const usersSeed: ModuleSeed = {
  after: ['products', 'dealers', 'groups', 'user-groups'],
  async run(ctx) {
    const { db } = ctx;
    // One statement a table: the seed runs at every start.
    await db
      .insert(departamento)
      .values([
        { nome: 'Marketing', sigla: 'MKT', assinatura: 'Equipe de Marketing - Rede Aurora' },
        { nome: 'Pós-venda', sigla: 'POS', assinatura: 'Diretoria de Pós-venda - Rede Aurora' },
        { nome: 'Vendas', sigla: 'VEN', assinatura: 'Diretoria Comercial - Rede Aurora' },
      ])
      .onConflictDoNothing();
    await db
      .insert(cargo)
      // A dealer has one general manager at a time (docs/domains/users.md#positions).
      .values(
        ['Gerente geral', 'Vendedor', 'Consultor técnico', 'Gerente de pós-venda'].map((nome) => ({
          nome,
          unicoPorDealer: nome === 'Gerente geral',
        })),
      )
      .onConflictDoNothing();
    await db
      .insert(desligamento)
      .values(
        ['Pedido de demissão', 'Dispensa sem justa causa', 'Aposentadoria', 'Transferência'].map((motivo) => ({
          motivo,
        })),
      )
      .onConflictDoNothing();

    const existing = await db
      .select({ email: usuario.email })
      .from(usuario)
      .where(
        inArray(
          usuario.email,
          DEMO_USERS.map((u) => u.email),
        ),
      );
    const missing = DEMO_USERS.filter((u) => !existing.some((e) => e.email === u.email));
    if (!missing.length) return;
    const all = Object.values(LINKS);
    const flat = (f: (l: DemoLinks) => string[] | undefined) => [...new Set(all.flatMap((l) => f(l) ?? []))];
    const features = await featureIdsByKey(
      db,
      flat((l) => l.keys),
    );
    const groups = await dealerGroupIdsByName(
      db,
      flat((l) => l.grupos),
    );
    const dealers = await dealerIdsByCode(
      db,
      flat((l) => l.dealers),
    );
    const userGroups = await userGroupIdsByName(
      db,
      flat((l) => l.userGroups),
    );
    const brands = await brandIdsByName(
      db,
      flat((l) => l.marcas),
    );
    const dados = await complementaryDataIdsByDescription(
      db,
      flat((l) => l.dados),
    );
    const senhaHash = await hashPassword(DEMO_PASSWORD);
    const created: string[] = [];
    for (const u of missing) {
      const l = LINKS[u.email];
      const idsTiposAcesso = [];
      for (const [product, name] of l.tiposAcesso ?? [])
        idsTiposAcesso.push(await accessTypeIdByName(db, product, name));
      const { id } = await createUser(ctx, {
        nome: u.nome,
        email: u.email,
        tipo: u.tipo,
        senhaHash,
        idsFuncionalidades: pick(features, l.keys),
        idsTiposAcesso: idsTiposAcesso as string[],
        idsGrupos: pick(groups, l.grupos),
        idsDealers: pick(dealers, l.dealers),
        idsGruposUsuarios: pick(userGroups, l.userGroups),
        idsMarcas: pick(brands, l.marcas),
        idsDadosComplementares: pick(dados, l.dados),
      });
      created.push(id);
    }
    // In each language (issue 17 point 9): every user reads the welcome in theirs.
    const welcome = (locale: Locale) => ({
      titulo: t(locale, 'welcomeNotification.title'),
      texto: `<p>${t(locale, 'welcomeNotification.text', { rede: '<strong>Rede Aurora</strong>' })}</p>`,
    });
    await createNotification(ctx, {
      ...welcome('pt-BR'),
      traducoes: IDIOMAS.map((idioma) => ({ idioma, ...welcome(LOCALE_BY_IDIOMA[idioma]) })),
      link: '/home',
      usuarioIds: created,
    });
  },
};
