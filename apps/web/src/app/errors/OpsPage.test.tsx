// @vitest-environment jsdom
import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { MENU_USUARIO_LOGADO } from '../shell/shell.documents';
import { ErrorBoundary } from './ErrorBoundary';
import { OpsPage } from './OpsPage';

const menuMock = (linkHelpTec: string | null): MockedResponse => ({
  request: { query: MENU_USUARIO_LOGADO },
  result: {
    data: {
      menuUsuarioLogado: {
        __typename: 'MenuUsuarioLogado',
        title: 'Portal',
        productName: 'Portal',
        currentProduct: 'PORTAL',
        linkHelpTec,
        linkAcademia: null,
        brandImageUrl: null,
        menusJson: '[]',
      },
    },
  },
});

function Broken(): never {
  throw new Error('boom');
}

function renderBroken(mocks: MockedResponse[]) {
  return render(
    <I18nextProvider i18n={i18n}>
      <MockedProvider mocks={mocks}>
        <ErrorBoundary fallback={(error) => <OpsPage standalone error={error} />}>
          <Broken />
        </ErrorBoundary>
      </MockedProvider>
    </I18nextProvider>,
  );
}

describe('OpsPage', () => {
  let beacon: ReturnType<typeof vi.fn>;
  beforeEach(async () => {
    await i18n.changeLanguage('pt-BR');
    beacon = vi.fn(() => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the Ops page with the help-desk link and a back button, and reports the error', async () => {
    renderBroken([menuMock('https://ajuda.example')]);

    expect(await screen.findByRole('heading', { level: 1, name: 'Ops! Algo deu errado.' })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Voltar' })).toBeTruthy();
    const help = await screen.findByRole('link', { name: 'Abrir chamado no suporte' });
    expect(help.getAttribute('href')).toBe('https://ajuda.example');
    expect(help.getAttribute('target')).toBe('_blank');

    expect(beacon).toHaveBeenCalled();
    const [url, body] = beacon.mock.calls[0] as unknown as [string, string];
    expect(url).toBe('/api/client-errors');
    expect(JSON.parse(body)).toMatchObject({ message: 'Error: boom', path: '/' });
  });

  it('has no help-desk link when the menu data has none', async () => {
    renderBroken([menuMock(null)]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ops! Algo deu errado.' })).toBeTruthy();
    // Let the menu query answer.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole('link', { name: 'Abrir chamado no suporte' })).toBeNull();
  });

  it('falls back to fetch when sendBeacon is refused, ignoring failures', async () => {
    beacon.mockReturnValue(false);
    const fetch = vi.fn(async () => {
      throw new Error('offline');
    });
    vi.stubGlobal('fetch', fetch);
    renderBroken([menuMock(null)]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Ops! Algo deu errado.' })).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/api/client-errors', expect.objectContaining({ method: 'POST' }));
    vi.unstubAllGlobals();
  });
});
