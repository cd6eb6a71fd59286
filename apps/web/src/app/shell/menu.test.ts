import { describe, expect, it } from 'vitest';
import { buildMenu, filterMenu, type MenuNode } from './menu';
import type { MenuEntry } from './shell.documents';

const entry = (id: string, title: string, order: number, more: Partial<MenuEntry> = {}): MenuEntry => ({
  id,
  title,
  uri: null,
  product: null,
  order,
  external: false,
  children: [],
  ...more,
});

const data = {
  currentProduct: 'PORTAL',
  productName: 'Portal',
  menus: [
    entry('admin', 'Administração', 2, { children: [entry('u', 'Usuários', 1, { uri: '/usuarios' })] }),
    entry('portal', 'Portal', 1, {
      children: [
        entry('c', 'Comunicados', 2, { uri: '/comunicados' }),
        entry('h', 'Início', 1, { uri: '/home' }),
        entry('d', 'Dealer', 3, { uri: '/dealers/:id' }),
      ],
    }),
    entry('crm', 'CRM', 3, {
      product: 'CRM Rede',
      children: [entry('v', 'Vendas', 1, { uri: 'https://crm/vendas', product: 'CRM Rede' })],
    }),
    entry('ajuda', 'Ajuda', 4, {
      children: [entry('a', 'Académia', 1, { uri: 'https://academia', external: true })],
    }),
    entry('news', 'Novidades', 5),
  ],
};

const titles = (nodes: MenuNode[]): unknown[] =>
  nodes.map((n) => (n.children.length ? [n.title, titles(n.children)] : n.title));

describe('buildMenu', () => {
  const menu = buildMenu(data, { registeredPaths: ['/home', '/dealers/:id'], homeTitle: 'Início' });

  it('orders, hides in-app entries without a screen and drops categories left empty', () => {
    expect(titles(menu)).toEqual([
      ['Portal', ['Início', 'Dealer']],
      ['CRM', ['Vendas']],
      ['Ajuda', ['Académia']],
      ['Novidades', ['Início']],
    ]);
  });

  it('links in-app, to other products and externally', () => {
    const [portal, crm, ajuda, news] = menu;
    expect(portal.children[0]).toMatchObject({ kind: 'app', href: '/home' });
    expect(crm.children[0]).toMatchObject({ kind: 'link', href: 'https://crm/vendas' });
    expect(ajuda.children[0]).toMatchObject({ kind: 'external', href: 'https://academia' });
    expect(news.children[0]).toMatchObject({ kind: 'app', href: '/home', title: 'Início' });
  });

  it('search ignores case and accents, keeping the categories of the matches', () => {
    expect(titles(filterMenu(menu, 'ACADEMIA'))).toEqual([['Ajuda', ['Académia']]]);
    expect(titles(filterMenu(menu, 'inicio'))).toEqual([
      ['Portal', ['Início']],
      ['Novidades', ['Início']],
    ]);
    expect(filterMenu(menu, '  ')).toBe(menu);
  });
});
