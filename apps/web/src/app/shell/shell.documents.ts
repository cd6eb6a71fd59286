import type { MenuUsuarioLogadoQuery } from '../current-user/current-user.generated';

// The header's menu document is in ../current-user/current-user.graphql with the frame's others (the frame asks for them
// in one request); its types are generated (current-user.generated.ts).

/** One entry of the menu tree, which comes as a JSON string (`menusJson`): typed here, not by the schema. */
export type MenuEntry = {
  id: string;
  title: string;
  uri: string | null;
  product: string | null;
  order: number;
  external: boolean;
  children: MenuEntry[];
};

/** The header's data (shell.graphql). */
export type MenuData = MenuUsuarioLogadoQuery['menuUsuarioLogado'];

/** An extra link of the user menu (docs/domains/menu-and-shell.md#user-menu): an in-app path or an external address. */
export type UserLink = MenuData['linksExtras'][number];

export { MenuUsuarioLogadoDocument as MENU_USUARIO_LOGADO } from '../current-user/current-user.generated';

/** The menu tree of `menusJson`; an empty menu when it cannot be read. */
export function parseMenus(json: string): MenuEntry[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as MenuEntry[]) : [];
  } catch {
    return [];
  }
}
