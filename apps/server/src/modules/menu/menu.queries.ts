import { canSeeRoute, type GuardSubject, isAllowed, matchRoute, type UserType } from '@portal/domain';
import type { Locale } from '@portal/i18n';
import { t } from '@portal/i18n';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { produto } from '../products/products.tables.js';
import { linkUsuario, menu } from './menu.tables.js';

export const PORTAL_PRODUCT_KEY = 'PORTAL';
/** Cache key of the menu rows (services.cache): whoever changes the menu invalidates it. */
export const MENU_CACHE_KEY = 'menu';

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
  return db
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
      produtoChave: produto.chave,
      produtoNome: produto.nome,
    })
    .from(menu)
    .leftJoin(produto, eq(produto.id, menu.produtoId))
    .orderBy(asc(menu.ordem), asc(menu.titulo));
}

/**
 * Builds the signed-in user's menu tree (SPEC §2) from all entries: those they may see, ordered by
 * `order`. A category whose children were all hidden is dropped; one with no children at all is kept.
 */
export function buildUserMenu(rows: Row[], user: GuardSubject, locale: Locale): MenuNode[] {
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
          title: row.tituloChave ? t(locale, row.tituloChave) : row.titulo,
          uri: row.uri,
          product: row.produtoChave && row.produtoChave !== PORTAL_PRODUCT_KEY ? row.produtoNome : null,
          order: row.ordem,
          external: row.externo,
          children,
        },
      ];
    });
  return build(null);
}

/** Every extra link of the user menu, ordered: the same for all users (cached by the resolver). */
export async function loadUserLinkRows(db: DbOrTx) {
  return db.select().from(linkUsuario).orderBy(asc(linkUsuario.ordem), asc(linkUsuario.titulo));
}

/** The extra links of the user menu (SPEC §2) the user may see, labelled in their language. */
export function buildUserLinks(
  rows: (typeof linkUsuario.$inferSelect)[],
  user: GuardSubject,
  locale: Locale,
): UserLink[] {
  return rows
    .filter((row) => isEntryVisible({ ...row, produtoChave: null }, user))
    .map((row) => ({
      id: row.id,
      label: row.tituloChave ? t(locale, row.tituloChave) : row.titulo,
      path: row.uri,
      external: row.externo,
    }));
}
