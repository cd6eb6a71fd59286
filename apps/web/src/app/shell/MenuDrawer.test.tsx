// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { MenuDrawer } from './MenuDrawer';
import type { MenuNode } from './menu';

const node = (id: string, title: string, href: string): MenuNode => ({ id, title, href, kind: 'app', children: [] });
const nodes: MenuNode[] = [
  {
    id: 'cat',
    title: 'Portal',
    href: null,
    kind: 'app',
    children: [node('a', 'Comunicados', '/comunicados'), node('b', 'Biblioteca', '/biblioteca')],
  },
];

function renderDrawer(counts?: Record<string, { count: number; label: string }>) {
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <MenuDrawer id="menu" open onClose={() => {}} nodes={nodes} counts={counts} keepFocusOutside={false} />
      </MemoryRouter>
    </I18nextProvider>,
  );
}

describe('MenuDrawer counts (decision 0032)', () => {
  afterEach(() => cleanup());

  it('shows a count beside its entry, spoken with its meaning, and nothing beside the others', () => {
    renderDrawer({ '/comunicados': { count: 3, label: '3 aguardando sua aprovação' } });
    const link = screen.getByRole('link', { name: /Comunicados/ });
    expect(within(link).getByTestId('menu-count').textContent).toBe('3');
    expect(link.textContent).toContain('3 aguardando sua aprovação');
    expect(within(screen.getByRole('link', { name: 'Biblioteca' })).queryByTestId('menu-count')).toBeNull();
  });

  it('shows no count when there is none', () => {
    renderDrawer();
    expect(screen.queryByTestId('menu-count')).toBeNull();
  });

  it('shows a lone entry as one link under no heading, with its category beside it', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <MenuDrawer
            id="menu"
            open
            onClose={() => {}}
            nodes={[...nodes, { ...node('n', 'Novidades', '/novidades'), context: 'Portal' }]}
            keepFocusOutside={false}
          />
        </MemoryRouter>
      </I18nextProvider>,
    );
    const menu = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(
      within(menu)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Portal']);
    expect(within(menu).getByRole('link', { name: /Novidades/ }).textContent).toBe('NovidadesPortal');
  });
});
