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
  const menu = buildMenu(data, { registeredPaths: ['/home', '/dealers/:id'] });

  it('orders, hides in-app entries without a screen and drops categories left empty', () => {
    expect(titles(menu)).toEqual([['Portal', ['Início', 'Dealer']], 'Vendas', 'Académia', 'Novidades']);
  });

  it('links in-app, to other products and externally', () => {
    const [portal, crm, ajuda, news] = menu;
    expect(portal.children[0]).toMatchObject({ kind: 'app', href: '/home' });
    expect(crm).toMatchObject({ kind: 'link', href: 'https://crm/vendas' });
    expect(ajuda).toMatchObject({ kind: 'external', href: 'https://academia' });
    expect(news).toMatchObject({ kind: 'app', href: '/home', title: 'Novidades' });
  });

  it('search ignores case and accents, keeping the categories of the matches', () => {
    expect(titles(filterMenu(menu, 'ACADEMIA'))).toEqual(['Académia']);
    expect(titles(filterMenu(menu, 'inicio'))).toEqual([['Portal', ['Início']]]);
    expect(filterMenu(menu, '  ')).toBe(menu);
  });

  it('has no meaningless single entries: a lone entry stands alone beside its category, a repeated name is one link', () => {
    const lone = buildMenu(
      {
        currentProduct: 'PORTAL',
        productName: 'Portal',
        menus: [
          entry('portal', 'Portal', 1, {
            children: [
              entry('h', 'Início', 1, { uri: '/home' }),
              entry('c', 'Comunicados', 2, { uri: '/comunicados' }),
            ],
          }),
          // A category holding one entry.
          entry('ajuda', 'Ajuda', 2, {
            children: [entry('a', 'Central de ajuda', 1, { uri: 'https://ajuda', external: true })],
          }),
          // An entry that only repeats its category, and one whose only child repeats it.
          entry('lib', 'Biblioteca', 3, { children: [entry('l', 'Biblioteca', 1, { uri: '/biblioteca' })] }),
          entry('crm', 'CRM', 4, {
            children: [
              entry('v', 'Vendas', 1, { children: [entry('vv', 'vendas', 1, { uri: '/vendas' })] }),
              entry('r', 'Relatórios', 2, { uri: '/relatorios' }),
            ],
          }),
          // A category without entries.
          entry('news', 'Novidades', 5, { uri: '/novidades' }),
        ],
      },
      { registeredPaths: ['/home', '/comunicados', '/biblioteca', '/vendas', '/relatorios', '/novidades'] },
    );
    expect(titles(lone)).toEqual([
      ['Portal', ['Início', 'Comunicados']],
      'Central de ajuda',
      'Biblioteca',
      ['CRM', ['Vendas', 'Relatórios']],
      'Novidades',
    ]);
    expect(lone[1]).toMatchObject({ href: 'https://ajuda', kind: 'external', context: 'Ajuda' });
    expect(lone[2]).toMatchObject({ href: '/biblioteca', kind: 'app' });
    expect(lone[2]?.context).toBeUndefined();
    expect(lone[3]?.children[0]).toMatchObject({ title: 'Vendas', href: '/vendas', children: [] });
    expect(lone[4]).toMatchObject({ href: '/novidades', kind: 'app' });
  });
});
