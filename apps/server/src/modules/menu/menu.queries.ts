import {
  canSeeRoute,
  type GuardSubject,
  isAllowed,
  MENU_MAX_DEPTH,
  MENU_SORT_FIELDS,
  matchRoute,
  type UserType,
} from '@portal/domain';
import type { Locale } from '@portal/i18n';
import { LOCALES, t } from '@portal/i18n';
import { asc, type SQL, sql } from 'drizzle-orm';
import { SHARED_DATA_TTL_MS } from '../../platform/cache.js';
import type { DbOrTx } from '../../platform/db.js';
import { badInput } from '../../platform/errors.js';
import type { Services } from '../../platform/services.js';
import { containsPattern, isUuid } from '../../platform/sql.js';
import { cachedPortalProperties, loadPortalProperties, portalLabels } from '../portal/portal.queries.js';
import { PORTAL_PRODUCT_KEY, PRODUCTS_CACHE_KEY, productOptions } from '../products/products.queries.js';
import { linkUsuario, menu } from './menu.tables.js';

export { PORTAL_PRODUCT_KEY };
/** Cache key of the menu rows (services.cache): whoever changes the menu invalidates it. */
export const MENU_CACHE_KEY = 'menu';
/** Live-event channel of menu changes: every instance drops its cached menu rows on it (menu.service.ts). */
export const MENU_CHANGED_CHANNEL = 'portal_menu_alterado';

export type MenuNode = {
  id: string;
  title: string;
  uri: string | null;
  product: string | null;
  order: number;
  external: boolean;
  children: MenuNode[];
};

type Row = typeof menu.$inferSelect & { produtoChave: string | null; produtoNome: string | null };

/**
 * The link of an entry: a path of another product (not the portal) is joined to that product's base
 * address (`editarProduto`), so changing the base moves every link to the product at once; absolute
 * URLs and the portal's own paths stay as stored (docs/domains/menu-and-shell.md#menu).
 */
export function entryUri(
  row: Pick<Row, 'uri' | 'produtoId' | 'produtoChave'>,
  productBases: ReadonlyMap<string, string | null>,
): string | null {
  if (!row.uri?.startsWith('/') || !row.produtoId || row.produtoChave === PORTAL_PRODUCT_KEY) return row.uri;
  const base = productBases.get(row.produtoId);
  return base ? `${base.replace(/\/+$/, '')}${row.uri}` : row.uri;
}
type Guarded = Pick<Row, 'active' | 'chaves' | 'tipos' | 'externo' | 'uri' | 'produtoChave'>;

/** A link of the user menu as the API gives it. */
export type UserLink = { id: string; label: string; path: string; external: boolean };

/** Whether one entry is visible to the user: its own guard, and for in-app links the route table. */
export function isEntryVisible(row: Guarded, user: GuardSubject): boolean {
  if (!row.active) return false;
  if (!isAllowed(user, { keys: row.chaves as never, types: row.tipos as UserType[] })) return false;
  const inApp =
    !row.externo && row.uri?.startsWith('/') && (!row.produtoChave || row.produtoChave === PORTAL_PRODUCT_KEY);
  if (inApp && row.uri) {
    const route = matchRoute(row.uri);
    if (route && !canSeeRoute(user, route)) return false;
  }
  return true;
}

/** Every menu entry with its product, ordered: the same for all users (cached by the resolver). */
export async function loadMenuRows(db: DbOrTx): Promise<Row[]> {
  const [rows, products] = await Promise.all([
    db
      .select({
        id: menu.id,
        parentId: menu.parentId,
        titulo: menu.titulo,
        tituloChave: menu.tituloChave,
        uri: menu.uri,
        produtoId: menu.produtoId,
        ordem: menu.ordem,
        externo: menu.externo,
        active: menu.active,
        chaves: menu.chaves,
        tipos: menu.tipos,
      })
      .from(menu)
      .orderBy(asc(menu.ordem), asc(menu.titulo)),
    productOptions(db),
  ]);
  // Products through the products module's query (few rows), not a join on its table.
  const byId = new Map(products.map((p) => [p.id, p]));
  return rows.map((row) => {
    const product = row.produtoId ? byId.get(row.produtoId) : undefined;
    return { ...row, produtoChave: product?.chave ?? null, produtoNome: product?.nome ?? null };
  });
}

/**
 * Builds the signed-in user's menu tree (docs/domains/menu-and-shell.md#menu) from all entries: those they may see, ordered by
 * `order`. A category whose children were all hidden is dropped; one with no children at all is kept.
 */
export function buildUserMenu(
  rows: Row[],
  user: GuardSubject,
  locale: Locale,
  labels: Record<string, string> = {},
  productBases: ReadonlyMap<string, string | null> = new Map(),
): MenuNode[] {
  const childrenOf = new Map<string | null, Row[]>();
  for (const row of rows) {
    const list = childrenOf.get(row.parentId) ?? [];
    list.push(row);
    childrenOf.set(row.parentId, list);
  }
  const build = (parentId: string | null): MenuNode[] =>
    (childrenOf.get(parentId) ?? []).flatMap((row) => {
      if (!isEntryVisible(row, user)) return [];
      const hadChildren = (childrenOf.get(row.id) ?? []).length > 0;
      const children = build(row.id);
      if (hadChildren && children.length === 0 && !row.uri) return [];
      return [
        {
          id: row.id,
          title: row.tituloChave ? t(locale, row.tituloChave, labels) : row.titulo,
          uri: entryUri(row, productBases),
          product: row.produtoChave && row.produtoChave !== PORTAL_PRODUCT_KEY ? row.produtoNome : null,
          order: row.ordem,
          external: row.externo,
          children,
        },
      ];
    });
  return build(null);
}

/**
 * The signed-in user's menu tree in `locale` from the cached rows (what `menuUsuarioLogado` gives, and the header
 * search's menu entries), with the portal's properties and products it was built from.
 */
export async function userMenuOf(services: Pick<Services, 'db' | 'cache'>, user: GuardSubject, locale: Locale) {
  const { db, cache } = services;
  const [props, rows, products] = await Promise.all([
    cachedPortalProperties(cache, db),
    cache.get(MENU_CACHE_KEY, SHARED_DATA_TTL_MS, () => loadMenuRows(db)),
    cache.get(PRODUCTS_CACHE_KEY, SHARED_DATA_TTL_MS, () => productOptions(db)),
  ]);
  const labels = portalLabels(props, locale);
  // The tree depends on the user's type and keys alone: built once per such profile and language while the menu
  // rows, the products and the portal's properties are the same cached values (a new value of any builds anew).
  let built = menusByProfile.get(rows);
  if (!built) {
    built = new Map();
    menusByProfile.set(rows, built);
  }
  const profile = `${locale}|${user.tipo}|${user.chaves.join(',')}`;
  let entry = built.get(profile);
  if (!entry || entry.products !== products || entry.props !== props) {
    const bases = new Map(products.map((p) => [p.id, p.baseUriHomolog]));
    entry = { products, props, menus: buildUserMenu(rows, user, locale, labels, bases) };
    built.set(profile, entry);
  }
  return { props, products, labels, menus: entry.menus };
}

/** The menu trees built from one value of the cached menu rows, by profile (`userMenuOf`). */
const menusByProfile = new WeakMap<Row[], Map<string, { products: unknown; props: unknown; menus: MenuNode[] }>>();

const menusJsonByTree = new WeakMap<MenuNode[], string>();

/** A menu tree as one JSON string (`menusJson`), written once per tree `userMenuOf` built. */
export function menusJsonOf(menus: MenuNode[]): string {
  let json = menusJsonByTree.get(menus);
  if (json === undefined) {
    json = JSON.stringify(menus);
    menusJsonByTree.set(menus, json);
  }
  return json;
}

/** Every extra link of the user menu, ordered: the same for all users (cached by the resolver). */
export async function loadUserLinkRows(db: DbOrTx) {
  return db.select().from(linkUsuario).orderBy(asc(linkUsuario.ordem), asc(linkUsuario.titulo));
}

/** The extra links of the user menu (docs/domains/menu-and-shell.md#user-menu) the user may see, labelled in their language. */
export function buildUserLinks(
  rows: (typeof linkUsuario.$inferSelect)[],
  user: GuardSubject,
  locale: Locale,
  labels: Record<string, string> = {},
): UserLink[] {
  return rows
    .filter((row) => isEntryVisible({ ...row, produtoChave: null }, user))
    .map((row) => ({
      id: row.id,
      label: row.tituloChave ? t(locale, row.tituloChave, labels) : row.titulo,
      path: row.uri,
      external: row.externo,
    }));
}

// ---- Menus administration (TECSINAPSE): reads of the list and the edit form ----

/** A menu entry as the administration reads it (SQL row; titles already in the viewer's language). */
export type MenuAdminRow = {
  id: string;
  parent_id: string | null;
  titulo: string;
  titulo_chave: string | null;
  uri: string | null;
  produto_id: string | null;
  ordem: number;
  externo: boolean;
  active: boolean;
  chaves: string[];
  tipos: string[];
  pai_titulo: string | null;
  filhos: number;
};

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/**
 * The title of entry `alias` as the header shows it in `locale`: an i18n-keyed title translated (the
 * keys in use are few, so the translation goes into SQL as a CASE), else the stored title. Search and
 * sort use it, so the list finds and orders what the administrator reads.
 */
async function titleSql(db: DbOrTx, locale: Locale): Promise<(alias: string) => SQL> {
  const [keys, props] = await Promise.all([
    rows<{ k: string }>(db, sql`SELECT DISTINCT titulo_chave AS k FROM menu WHERE titulo_chave IS NOT NULL ORDER BY 1`),
    loadPortalProperties(db),
  ]);
  const labels = portalLabels(props, locale);
  return (alias) => {
    const column = (name: string) => sql.raw(`${alias}.${name}`);
    if (!keys.length) return column('titulo');
    const whens = keys.map(({ k }) => sql` WHEN ${k} THEN ${t(locale, k, labels)}::text`);
    return sql`(CASE ${column('titulo_chave')}${sql.join(whens, sql``)} ELSE ${column('titulo')} END)`;
  };
}

/**
 * Whether `title` is what key `key` reads in one of the languages, with the customer's labels
 * (`labelsIn`), i.e. the entry was not renamed.
 */
export function isTitleOfKey(
  title: string,
  key: string | null,
  labelsIn: (locale: Locale) => Record<string, string> = () => ({}),
): boolean {
  return Boolean(key) && LOCALES.some((locale) => t(locale, key as string, labelsIn(locale)) === title);
}

export type MenuAdminFilter = {
  busca?: string | null;
  tipo?: 'CATEGORIA' | 'ITEM' | null;
  active?: boolean | null;
  idPai?: string | null;
  ordenacao?: string | null;
  page: number;
  rowsPerPage: number;
};

/**
 * One page of menu entries for the administration: search on the title as shown or the uri, without
 * case or accents; filters by kind (category or item), status and parent; sorted by `ordenacao`
 * (`titulo`, `ordem`, `pai`, `uri`, '-' for descending; default `pai`: categories first, then items
 * grouped by their parent in menu order). A bad sort or parent id is BAD_USER_INPUT on its argument.
 */
export async function pageMenusAdmin(db: DbOrTx, locale: Locale, filter: MenuAdminFilter) {
  const sortText = filter.ordenacao ?? 'pai';
  const field = sortText.replace(/^-/, '') as (typeof MENU_SORT_FIELDS)[number];
  if (!MENU_SORT_FIELDS.includes(field)) throw badInput({ ordenacao: 'validation.invalid' });
  if (filter.idPai && !isUuid(filter.idPai)) throw badInput({ idPai: 'validation.invalid' });
  const dir = sql.raw(sortText.startsWith('-') ? 'DESC' : 'ASC');
  const titleOf = await titleSql(db, locale);
  const [title, parentTitle] = [titleOf('m'), titleOf('p')];

  const conditions: SQL[] = [sql`true`];
  const busca = filter.busca?.trim();
  if (busca) {
    const pattern = containsPattern(busca);
    conditions.push(sql`(immutable_unaccent(lower(${title})) LIKE immutable_unaccent(lower(${pattern}))
      OR immutable_unaccent(lower(coalesce(m.uri, ''))) LIKE immutable_unaccent(lower(${pattern})))`);
  }
  if (filter.tipo === 'CATEGORIA') conditions.push(sql`m.parent_id IS NULL`);
  if (filter.tipo === 'ITEM') conditions.push(sql`m.parent_id IS NOT NULL`);
  if (filter.active !== null && filter.active !== undefined) conditions.push(sql`m.active = ${filter.active}`);
  if (filter.idPai) conditions.push(sql`m.parent_id = ${filter.idPai}`);
  const where = sql.join(conditions, sql` AND `);
  const order: Record<typeof field, SQL> = {
    titulo: sql`${title} ${dir}, m.id`,
    ordem: sql`m.ordem ${dir}, ${title}, m.id`,
    pai: sql`${parentTitle} ${dir} NULLS FIRST, m.ordem, ${title}, m.id`,
    uri: sql`m.uri ${dir} NULLS LAST, ${title}, m.id`,
  };
  const from = sql`FROM menu m LEFT JOIN menu p ON p.id = m.parent_id WHERE ${where}`;
  const [content, [count]] = await Promise.all([
    rows<MenuAdminRow>(
      db,
      sql`SELECT m.id, m.parent_id, ${title} AS titulo, m.titulo_chave, m.uri, m.produto_id, m.ordem, m.externo,
            m.active, m.chaves, m.tipos, ${parentTitle} AS pai_titulo,
            (SELECT count(*)::int FROM menu c WHERE c.parent_id = m.id) AS filhos
          ${from} ORDER BY ${order[field]} LIMIT ${filter.rowsPerPage} OFFSET ${filter.page * filter.rowsPerPage}`,
    ),
    rows<{ total: number }>(db, sql`SELECT count(*)::int AS total ${from}`),
  ]);
  return { content, totalElements: count.total };
}

/** One menu entry for the edit form, or null (also for an id that is not a UUID). */
export async function findMenuAdmin(db: DbOrTx, locale: Locale, id: string): Promise<MenuAdminRow | null> {
  if (!isUuid(id)) return null;
  const titleOf = await titleSql(db, locale);
  const [title, parentTitle] = [titleOf('m'), titleOf('p')];
  const [row] = await rows<MenuAdminRow>(
    db,
    sql`SELECT m.id, m.parent_id, ${title} AS titulo, m.titulo_chave, m.uri, m.produto_id, m.ordem, m.externo,
          m.active, m.chaves, m.tipos, ${parentTitle} AS pai_titulo,
          (SELECT count(*)::int FROM menu c WHERE c.parent_id = m.id) AS filhos
        FROM menu m LEFT JOIN menu p ON p.id = m.parent_id WHERE m.id = ${id}`,
  );
  return row ?? null;
}

/** The whole tree with each entry's depth (1 = category) and a path that sorts it in menu order. */
const TREE = sql`WITH RECURSIVE tree AS (
    SELECT id, parent_id, 1 AS depth, ARRAY[lpad(ordem::text, 5, '0') || id::text] AS path FROM menu WHERE parent_id IS NULL
    UNION ALL
    SELECT m.id, m.parent_id, t.depth + 1, t.path || (lpad(m.ordem::text, 5, '0') || m.id::text)
    FROM menu m JOIN tree t ON m.parent_id = t.id WHERE t.depth < ${MENU_MAX_DEPTH + 5}
  )`;

/** Entries that may hold others (categories and items, not sub-items), in menu order, titled in `locale`. */
export async function menuParentOptions(db: DbOrTx, locale: Locale) {
  const title = (await titleSql(db, locale))('m');
  return rows<{ id: string; titulo: string; depth: number }>(
    db,
    sql`${TREE} SELECT m.id, ${title} AS titulo, t.depth FROM tree t JOIN menu m ON m.id = t.id
        WHERE t.depth < ${MENU_MAX_DEPTH} ORDER BY t.path`,
  );
}

/** Depth of an entry in the tree (1 = category), or null when it does not exist. */
export async function menuDepth(db: DbOrTx, id: string): Promise<number | null> {
  const [row] = await rows<{ depth: number }>(db, sql`${TREE} SELECT depth FROM tree WHERE id = ${id}`);
  return row?.depth ?? null;
}

/** The entry and everything under it, each with its level below it (the entry itself is 1). */
export async function menuSubtree(db: DbOrTx, id: string): Promise<{ id: string; level: number }[]> {
  return rows(
    db,
    sql`WITH RECURSIVE sub AS (
          SELECT id, 1 AS level FROM menu WHERE id = ${id}
          UNION ALL
          SELECT m.id, s.level + 1 FROM menu m JOIN sub s ON m.parent_id = s.id WHERE s.level < ${MENU_MAX_DEPTH + 5}
        ) SELECT id, level FROM sub`,
  );
}
