// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n';
import { Breadcrumbs } from './Breadcrumbs';
import { useBreadcrumbLabel } from './breadcrumb-labels';
import type { MenuNode } from './menu';

const menu: MenuNode[] = [{ id: 'b', title: 'Biblioteca', href: '/biblioteca', kind: 'app', children: [] }];

function Screen({ label }: { label: string | null | undefined }) {
  useBreadcrumbLabel('/biblioteca/p1', label);
  return null;
}

function renderAt(label: string | null | undefined) {
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/biblioteca/p1']}>
        <Screen label={label} />
        <Breadcrumbs
          productName="Portal Demo"
          menu={menu}
          registeredPaths={['/home', '/biblioteca', '/biblioteca/:id']}
        />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return screen.getByRole('navigation', { name: 'Você está em' });
}

describe('Breadcrumbs', () => {
  afterEach(() => cleanup());

  it('a screen labels its own path, the current page', () => {
    const trail = renderAt('Campanhas');
    expect(within(trail).getByText('Campanhas').getAttribute('aria-current')).toBe('page');
    expect(within(trail).getByRole('link', { name: 'Biblioteca' }).getAttribute('href')).toBe('/biblioteca');
  });

  it('a screen whose own trail says more leaves its path out: the trail ends at a link back up', () => {
    const trail = renderAt(null);
    expect(within(trail).queryByText('Campanhas')).toBeNull();
    expect(within(trail).getByRole('link', { name: 'Biblioteca' }).getAttribute('href')).toBe('/biblioteca');
    expect(trail.querySelector('[aria-current="page"]')).toBeNull();
  });
});
