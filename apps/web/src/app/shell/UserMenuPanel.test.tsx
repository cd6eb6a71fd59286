// @vitest-environment jsdom
import { MockedProvider } from '@apollo/client/testing';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../current-user/current-user.documents';
import { i18n } from '../i18n';
import type { UserLink } from './shell.documents';
import { UserMenu } from './UserMenu';
import { UserMenuPanel } from './UserMenuPanel';

const user = (tipo: SignedInUser['tipo']['id']): SignedInUser => ({
  __typename: 'UsuarioLogado',
  id: 'u1',
  nome: 'Diego Dealer',
  email: 'dealer@portal.demo',
  tipo: { __typename: 'TipoUsuario', id: tipo, description: tipo },
  idioma: { __typename: 'Idioma', id: 'PT_BR', description: 'Português' },
  avatarLink: null,
  funcionalidades: [],
});

const links: UserLink[] = [
  { id: 'l1', label: 'Minhas notificações', path: '/notificacoes', external: false },
  { id: 'l2', label: 'Política de privacidade', path: 'https://portal.demo/privacidade', external: true },
];

function renderPanel(tipo: SignedInUser['tipo']['id']) {
  const anchor = document.createElement('button');
  document.body.appendChild(anchor);
  render(
    <I18nextProvider i18n={i18n}>
      <MockedProvider>
        <MemoryRouter>
          <UserMenuPanel id="m" user={user(tipo)} links={links} anchor={anchor} onClose={() => {}} />
        </MemoryRouter>
      </MockedProvider>
    </I18nextProvider>,
  );
}

describe('UserMenuPanel', () => {
  afterEach(cleanup);

  it('lists my account, the extra links (external ones in a new tab) and sign-out', () => {
    renderPanel('DEALER_GRUPO');
    // The first item is the user's name and e-mail (disabled, not an action).
    const items = screen
      .getAllByRole('menuitem')
      .filter((i) => i.getAttribute('aria-disabled') !== 'true')
      .map((i) => i.textContent);
    expect(items).toEqual(['Minha conta', 'Minhas notificações', 'Política de privacidade', 'Sair']);
    expect(screen.getByRole('menuitem', { name: 'Minhas notificações' }).getAttribute('href')).toBe('/notificacoes');
    const external = screen.getByRole('menuitem', { name: /^Política de privacidade/ });
    expect(external.getAttribute('href')).toBe('https://portal.demo/privacidade');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(screen.queryByRole('menuitem', { name: 'SuperAdmin' })).toBeNull();
  });

  it('shows SuperAdmin to TECSINAPSE only', () => {
    renderPanel('TECSINAPSE');
    expect(screen.getByRole('menuitem', { name: 'SuperAdmin' }).getAttribute('href')).toBe('/superAdmin');
  });
});

describe('UserMenu', () => {
  afterEach(() => cleanup());

  it('has an accessible name that holds the visible user name (label in name)', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <UserMenu user={user('DEALER_GRUPO')} links={links} />
      </I18nextProvider>,
    );
    const button = screen.getByRole('button', { name: 'Menu do usuário: Diego Dealer' });
    expect(button.textContent).toContain('Diego Dealer');
  });
});
