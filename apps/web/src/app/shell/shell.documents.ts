import { gql, type TypedDocumentNode } from '@apollo/client';

// Hand-written types until the web gets generated documents from the committed SDL (DESIGN §2).

export type MenuEntry = {
  id: string;
  title: string;
  uri: string | null;
  product: string | null;
  order: number;
  external: boolean;
  children: MenuEntry[];
};

export type MenuData = {
  __typename: 'MenuUsuarioLogado';
  title: string;
  productName: string;
  currentProduct: string;
  linkHelpTec: string | null;
  linkAcademia: string | null;
  brandImageUrl: string | null;
  menusJson: string;
  linksExtras: UserLink[];
};

/** An extra link of the user menu (SPEC §2): an in-app path or an external address. */
export type UserLink = { __typename?: 'LinkExtra'; id: string; label: string; path: string; external: boolean };

/**
 * The tree comes as `menusJson` (the same tree as `menus`, one string): asking for three nested levels
 * of `menus` would exceed the API's cost limit. Parse it with `parseMenus`.
 */
export const MENU_USUARIO_LOGADO: TypedDocumentNode<{ menuUsuarioLogado: MenuData }, Record<string, never>> = gql`
  query MenuUsuarioLogado {
    menuUsuarioLogado {
      title
      productName
      currentProduct
      linkHelpTec
      linkAcademia
      brandImageUrl
      menusJson
      linksExtras {
        id
        label
        path
        external
      }
    }
  }
`;

/** The menu tree of `menusJson`; an empty menu when it cannot be read. */
export function parseMenus(json: string): MenuEntry[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as MenuEntry[]) : [];
  } catch {
    return [];
  }
}
