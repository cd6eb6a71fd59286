// @vitest-environment jsdom
import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { NotificacoesPage } from './NotificacoesPage';
import { NOTIFICACOES, type Notificacao } from './notifications.documents';

const notificacao = (n: number): Notificacao => ({
  __typename: 'Notificacao',
  id: `n${n}`,
  titulo: `Aviso ${n}`,
  texto: `<p>Texto ${n}</p>`,
  produto: 'comunicados',
  link: null,
  data: '2026-03-10T17:30:00.000Z',
  recente: false,
  lida: n % 2 === 0,
});

const answer = (page: number, rowsPerPage: number, content: Notificacao[], total: number): MockedResponse => ({
  request: { query: NOTIFICACOES, variables: { page, rowsPerPage } },
  result: { data: { notificacoes: { __typename: 'NotificacaoPage', content, totalElements: total } } },
});

function renderPage(url: string, mocks: MockedResponse[]) {
  const router = createMemoryRouter([{ path: '/notificacoes', element: <NotificacoesPage /> }], {
    initialEntries: [url],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <MockedProvider mocks={mocks}>
        <RouterProvider router={router} />
      </MockedProvider>
    </I18nextProvider>,
  );
  return router;
}

describe('NotificacoesPage', () => {
  afterEach(() => cleanup());

  it('shows the page of the URL, ten by default, and pages through the URL', async () => {
    const first = Array.from({ length: 10 }, (_, i) => notificacao(i + 1));
    const router = renderPage('/notificacoes?pagina=2', [
      answer(1, 10, [notificacao(11), notificacao(12)], 12),
      answer(0, 10, first, 12),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Notificações' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Notificações' });
    expect(within(table).getByText('Aviso 11')).toBeTruthy();
    expect(within(table).getByText('Texto 12')).toBeTruthy();
    expect(screen.getByText('11–12 de 12')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Página anterior' }));
    expect(await screen.findByText('Aviso 1')).toBeTruthy();
    expect(router.state.location.search).toBe('');
  });

  it('says when there is none', async () => {
    renderPage('/notificacoes', [answer(0, 10, [], 0)]);
    expect(await screen.findByText(i18n.t('notifications.empty'))).toBeTruthy();
  });
});
