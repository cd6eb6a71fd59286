import type { MenuData, MenuEntry } from './shell.documents';

/** One entry as the drawer shows it: how it links, and its visible children, ordered. */
export type MenuNode = {
  id: string;
  title: string;
  /** In-app path (react-router Link), or a full URL for other products and external entries. */
  href: string | null;
  kind: 'app' | 'link' | 'external';
  children: MenuNode[];
  /** The category a lone entry was lifted out of (shown under its title), when the two names differ. */
  context?: string;
};

/** Lower case without accents, for a search that ignores both. */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/** Whether a registered path pattern ('/dealers/:id') matches a concrete path. */
export function pathMatches(pattern: string, path: string): boolean {
  const p = pattern.split('/');
  const s = path.replace(/\/+$/, '').split('/');
  return p.length === s.length && p.every((seg, i) => seg.startsWith(':') || seg === s[i]);
}

type BuildOptions = {
  /** The path patterns that have a screen in this build (from the router). */
  registeredPaths: readonly string[];
};

/**
 * No meaningless single entries (issue 17 point 12): an entry whose only child repeats its name becomes that child
 * (one link, not a heading over its own name), at every level.
 */
function mergeRepeatedChild(node: MenuNode): MenuNode {
  const [only] = node.children;
  if (node.children.length !== 1 || !only || fold(only.title) !== fold(node.title)) return node;
  if (node.href && node.href !== only.href) return node;
  return { ...only, id: node.id, title: node.title };
}

/**
 * A category shown as a heading needs at least two entries: one without entries is itself a link (to its own address,
 * else the home page), and one with a single entry is that entry, named as before with the category beside it.
 */
function flattenLoneCategory(category: MenuNode, ownHref: string | null, ownKind: MenuNode['kind']): MenuNode {
  if (category.children.length === 0) return { ...category, href: ownHref ?? '/home', kind: ownHref ? ownKind : 'app' };
  const [only] = category.children;
  if (category.children.length !== 1 || !only || only.children.length > 0) return category;
  return fold(only.title) === fold(category.title) ? only : { ...only, context: category.title };
}

/**
 * The menu tree (docs/domains/menu-and-shell.md#menu) as the drawer shows it: ordered by `order`; entries of the
 * current product navigate in the app, others are full links (external ones in a new tab); in-app entries without a
 * screen in this build are hidden (and a category left empty by that is dropped). No meaningless single entries: a
 * category with no entries is itself a link, a category with one entry is that entry (`context` names the category),
 * and an entry whose only child repeats its name is that child.
 */
export function buildMenu(
  data: Pick<MenuData, 'currentProduct' | 'productName'> & { menus: MenuEntry[] },
  options: BuildOptions,
) {
  const isCurrentProduct = (e: MenuEntry) =>
    !e.product || e.product === data.currentProduct || e.product === data.productName;
  const toNode = (e: MenuEntry): MenuNode | null => {
    const children = [...e.children]
      .sort((a, b) => a.order - b.order)
      .map(toNode)
      .filter((n): n is MenuNode => n !== null);
    let kind: MenuNode['kind'] = 'link';
    if (e.external) kind = 'external';
    else if (isCurrentProduct(e) && e.uri?.startsWith('/')) kind = 'app';
    if (kind === 'app' && e.uri && !options.registeredPaths.some((p) => pathMatches(p, e.uri!))) {
      // No screen yet: keep the entry only as a holder of visible children.
      if (children.length === 0) return null;
      return mergeRepeatedChild({ id: e.id, title: e.title, href: null, kind, children });
    }
    if (e.children.length > 0 && children.length === 0 && !e.uri) return null;
    return mergeRepeatedChild({ id: e.id, title: e.title, href: e.uri, kind, children });
  };
  return [...data.menus]
    .sort((a, b) => a.order - b.order)
    .flatMap((category) => {
      const node = toNode(category);
      if (category.children.length === 0) {
        const own: MenuNode = node ?? { id: category.id, title: category.title, href: null, kind: 'app', children: [] };
        return [flattenLoneCategory({ ...own, children: [] }, node?.href ?? null, node?.kind ?? 'app')];
      }
      if (!node || (node.children.length === 0 && !node.href)) return [];
      return [flattenLoneCategory(node, node.href, node.kind)];
    });
}

/** Whether a top-level node is a link of its own (a lone entry) rather than a category heading over entries. */
export const isLoneLink = (node: MenuNode) => node.children.length === 0 && node.href !== null;

/** Keeps the entries whose title (or a descendant's) contains the query, ignoring case and accents. */
export function filterMenu(nodes: MenuNode[], query: string): MenuNode[] {
  const q = fold(query);
  if (!q) return nodes;
  return nodes.flatMap((node) => {
    if (fold(node.title).includes(q)) return [node];
    const children = filterMenu(node.children, query);
    return children.length ? [{ ...node, children }] : [];
  });
}

/** The label of an in-app path in the menu tree (breadcrumbs), if an entry links to it. */
export function menuLabelOf(nodes: MenuNode[], path: string): string | undefined {
  for (const node of nodes) {
    if (node.kind === 'app' && node.href === path) return node.title;
    const inChildren = menuLabelOf(node.children, path);
    if (inChildren) return inChildren;
  }
  return undefined;
}
