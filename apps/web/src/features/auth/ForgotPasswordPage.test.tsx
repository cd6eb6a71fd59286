// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { PortalPropertiesContext } from '../../app/portal-properties';
import { ForgotPasswordPage } from './ForgotPasswordPage';

const show = (path: string) =>
  render(
    <I18nextProvider i18n={i18n}>
      <PortalPropertiesContext.Provider value={{ name: 'Portal Rede Aurora', theme: 'blueOcean', favicon: null }}>
        <MemoryRouter initialEntries={[path]}>
          <ForgotPasswordPage />
        </MemoryRouter>
      </PortalPropertiesContext.Provider>
    </I18nextProvider>,
  );

describe('ForgotPasswordPage: laid out like the sign-in page', () => {
  afterEach(() => cleanup());
  afterAll(() => i18n.changeLanguage('pt-BR'));

  it('has the portal name in a bar, one card with the heading and the language links below', async () => {
    show('/forgot-password');
    expect(screen.getByRole('banner').textContent).toBe('Portal Rede Aurora');
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('heading', { level: 1, name: 'Reset password' })).toBeTruthy();
    const languages = screen.getByRole('navigation', { name: 'Language' });
    expect(within(languages).getByRole('link', { name: 'Português (Brasil)' }).getAttribute('href')).toBe(
      '/esqueci-senha',
    );
    expect(within(languages).getByRole('link', { name: 'Español' }).getAttribute('href')).toBe('/olvide-contrasena');
    expect(within(languages).queryByRole('link', { name: 'English' })).toBeNull();
    expect(within(languages).getByText('English').getAttribute('aria-current')).toBe('true');
  });
});
