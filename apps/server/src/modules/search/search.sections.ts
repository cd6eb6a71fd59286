import { canSeeRoute, LIBRARY_ROOT_ID, matchRoute } from '@portal/domain';
import type { Locale } from '@portal/i18n';
import type { CurrentUser } from '../../platform/graphql/context.js';
import type { Services } from '../../platform/services.js';
import { comunicadosByIds, pageEnvios, pageOwnComunicados } from '../communications/communications.queries.js';
import { pageDealers } from '../dealers/dealers.list.js';
import { type Excerpt, parseExcerpt } from '../files/files.text.js';
import { pageDealerGroups } from '../groups/groups.queries.js';
import { libraryViewer, searchItems } from '../library/library.queries.js';
import { type MenuNode, userMenuOf } from '../menu/menu.queries.js';
import { pageUserGroupNames } from '../user-groups/user-groups.queries.js';
import { adminScope, pageUserIds, usersByIdsInScope } from '../users/users.list.js';
import { userGroupIdsOf } from '../users/users.queries.js';

export const SEARCH_KINDS = [
  'MENU',
  'COMUNICADOS',
  'BIBLIOTECA',
  'USUARIOS',
  'DEALERS',
  'GRUPOS',
  'GRUPOS_USUARIOS',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export type SearchItem = {
  id: string;
  titulo: string;
  detalhe: string | null;
  rota: string;
  externo: boolean;
  trecho: Excerpt | null;
};
export type SearchSection = {
  tipo: SearchKind;
  total: number;
  /** The kind has more than `total` (TOTAL_CAP) results: its own screen counts them all. */
  totalLimitado: boolean;
  itens: SearchItem[];
  verTodos: string | null;
};

/**
 * The header counts each kind up to this many results, never the whole of a large one (a term that matches 100,000
 * users reads 101 of them): beyond it the section says "100+" and its screen gives the exact count.
 */
export const TOTAL_CAP = 100;

/** `total` as the header shows it: capped at TOTAL_CAP, with whether there are more. */
const capped = (total: number) => ({ total: Math.min(total, TOTAL_CAP), totalLimitado: total > TOTAL_CAP });

/** What a kind's search is given: the signed-in user, the trimmed text, how many results. */
export type SearchInput = { services: Services; user: CurrentUser; locale: Locale; text: string; limit: number };

type Finder = (input: SearchInput) => Promise<Omit<SearchSection, 'tipo'> | null>;
/** Each kind's search counts at most TOTAL_CAP + 1 matches. */
const countUpTo = TOTAL_CAP;

const item = (id: string, titulo: string, rota: string, extra: Partial<SearchItem> = {}): SearchItem => ({
  id,
  titulo,
  rota,
  detalhe: null,
  externo: false,
  trecho: null,
  ...extra,
});

/** Whether the user may open the screen at `path` (the route table's guard, as the web's RouteGuard and the menu). */
function canOpen(user: CurrentUser, path: string): boolean {
  const route = matchRoute(path);
  return route !== undefined && canSeeRoute(user, route);
}

const withSearch = (path: string, text: string) => `${path}?busca=${encodeURIComponent(text)}`;

/** Letters and digits without case or accents: how menu titles are compared. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Menu entries with a link whose title (or category's) contains the text: the menu the user sees, filtered. */
const menu: Finder = async ({ services, user, locale, text, limit }) => {
  const { menus } = await userMenuOf(services, user, locale);
  const wanted = fold(text);
  const found: SearchItem[] = [];
  const walk = (nodes: MenuNode[], parent: string | null) => {
    for (const node of nodes) {
      if (node.uri && (fold(node.title).includes(wanted) || (parent && fold(parent).includes(wanted))))
        found.push(
          item(node.id, node.title, node.uri, {
            detalhe: parent,
            externo: node.external || !node.uri.startsWith('/') || node.product !== null,
          }),
        );
      walk(node.children, node.title);
    }
  };
  walk(menus, null);
  return found.length ? { ...capped(found.length), itens: found.slice(0, limit), verTodos: null } : null;
};

/**
 * Communications: deliveries the user received (the inbox's search: title and tags), then those they created or
 * must approve (the management tabs' search), for holders of the keys of those screens.
 */
const communications: Finder = async ({ services, user, text, limit }) => {
  const { db } = services;
  const manages = canOpen(user, '/comunicados/novo');
  const [received, own] = await Promise.all([
    pageEnvios(db, user.id, { aba: 'TODOS', busca: text, page: 0, rowsPerPage: limit, countUpTo }),
    manages ? pageOwnComunicados(db, user.id, { busca: text, page: 0, rowsPerPage: limit, countUpTo }) : null,
  ]);
  const titles = new Map(
    (
      await comunicadosByIds(
        db,
        received.content.map((e) => e.comunicado_id),
      )
    ).map((c) => [c.id, c.titulo]),
  );
  const itens = [
    ...received.content.map((e) =>
      item(e.comunicado_id, titles.get(e.comunicado_id) ?? '', `/comunicados/visualizarEnvio/${e.comunicado_id}`),
    ),
    ...(own?.content ?? []).map((c) => item(c.id, c.titulo, `/comunicados/visualizar/${c.id}`)),
  ];
  const seen = new Set<string>();
  const unique = itens.filter((i) => !seen.has(i.rota) && seen.add(i.rota));
  const total = received.totalElements + (own?.totalElements ?? 0);
  if (!total) return null;
  const verTodos = withSearch('/comunicados', text);
  return { ...capped(total), itens: unique.slice(0, limit), verTodos };
};

/** Library folders and files the user may read, by name or by the text inside (the library's own search). */
const library: Finder = async ({ services, user, text, limit }) => {
  const { db } = services;
  const viewer = await libraryViewer(db, user, () => userGroupIdsOf(db, user.id));
  // Each kind of hit (names, text) read up to TOTAL_CAP + 1: enough to say "more", and to rank the first few.
  const found = await searchItems(db, viewer, text, { page: 0, rowsPerPage: limit }, TOTAL_CAP + 1);
  if (!found.totalElements) return null;
  // The folders on the hits' paths the viewer may read came with them (a file's parent is the last of its path).
  const readableParents = new Set(Object.keys(found.folderNames.names));
  const itens = found.content.map((row) => {
    if (row.pasta) return item(row.id, row.nome, `/biblioteca/${row.id}`, { detalhe: null });
    // A file opens in its folder when the user may read that folder, else at the root; `abrir` opens it there.
    const folder = row.pasta_pai_id && readableParents.has(row.pasta_pai_id) ? row.pasta_pai_id : LIBRARY_ROOT_ID;
    return item(row.id, row.nome, `/biblioteca/${folder}?abrir=${row.id}`, { trecho: parseExcerpt(row.trecho) });
  });
  return { ...capped(found.totalElements), itens, verTodos: withSearch('/biblioteca', text) };
};

/** Users in the administrator's scope (the users list's search: name, e-mail, CPF with or without punctuation). */
const users: Finder = async ({ services, user, text, limit }) => {
  if (!canOpen(user, '/usuarios')) return null;
  const { db } = services;
  const scope = await adminScope(db, user);
  const { ids, totalElements } = await pageUserIds(
    db,
    scope,
    { busca: text, rowsPerPage: limit, offset: 0, countUpTo },
    services.clock.now(),
  );
  if (!totalElements) return null;
  const rows = await usersByIdsInScope(db, scope, ids);
  // Who may only consult the list opens it filtered by the e-mail; editors open the user.
  const edits = canOpen(user, '/usuarios/novo');
  const itens = rows.map((u) =>
    item(u.id, u.nome, edits ? `/usuarios/${u.id}` : withSearch('/usuarios', u.email), { detalhe: u.email }),
  );
  return { ...capped(totalElements), itens, verTodos: withSearch('/usuarios', text) };
};

/** Dealers (the dealers list's search: names, codes and CNPJs with or without punctuation). */
const dealers: Finder = async ({ services, user, text, limit }) => {
  if (!canOpen(user, '/dealers')) return null;
  const found = await pageDealers(services.db, { busca: text, rowsPerPage: limit, offset: 0, countUpTo });
  if (!found.totalElements) return null;
  const itens = found.content.map((d) =>
    item(d.id, d.nome_exibicao, `/dealers/${d.id}`, { detalhe: `${d.codigo_principal} · ${d.nome}` }),
  );
  return { ...capped(found.totalElements), itens, verTodos: withSearch('/dealers', text) };
};

/** Dealer groups by name. */
const dealerGroups: Finder = async ({ services, user, text, limit }) => {
  if (!canOpen(user, '/grupos')) return null;
  const found = await pageDealerGroups(services.db, { busca: text, rowsPerPage: limit, offset: 0, countUpTo });
  if (!found.totalElements) return null;
  const itens = found.content.map((g) => item(g.id, g.nome, `/grupos/${g.id}`));
  return { ...capped(found.totalElements), itens, verTodos: withSearch('/grupos', text) };
};

/** User groups the user may see in that administration, by name. */
const userGroups: Finder = async ({ services, user, text, limit }) => {
  if (!canOpen(user, '/gruposUsuarios')) return null;
  const found = await pageUserGroupNames(services.db, user, { busca: text, rowsPerPage: limit, offset: 0, countUpTo });
  if (!found.totalElements) return null;
  const itens = found.content.map((g) => item(g.id, g.nome, `/gruposUsuarios/${g.id}`));
  return { ...capped(found.totalElements), itens, verTodos: withSearch('/gruposUsuarios', text) };
};

const FINDERS: Record<SearchKind, Finder> = {
  MENU: menu,
  COMUNICADOS: communications,
  BIBLIOTECA: library,
  USUARIOS: users,
  DEALERS: dealers,
  GRUPOS: dealerGroups,
  GRUPOS_USUARIOS: userGroups,
};

/** The sections of the kinds asked for, in SEARCH_KINDS order, each read through its owner's visibility rules. */
export async function searchEverything(input: SearchInput, kinds: readonly SearchKind[]): Promise<SearchSection[]> {
  const wanted = SEARCH_KINDS.filter((k) => kinds.includes(k));
  const sections = await Promise.all(wanted.map((tipo) => FINDERS[tipo](input)));
  return sections.flatMap((section, n) => (section ? [{ tipo: wanted[n], ...section }] : []));
}
