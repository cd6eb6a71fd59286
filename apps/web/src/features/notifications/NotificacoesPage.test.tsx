// @vitest-environment jsdom
import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { NotificacoesPage } from './NotificacoesPage';
import {
  MARCAR_NOTIFICACAO_COMO_LIDA,
  MARCAR_TODAS_NOTIFICACOES_COMO_LIDAS,
  NOTIFICACOES,
  type Notificacao,
} from './notifications.documents';

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

  it('marks all read at any time, and one without a link by its own button; unread ones stand out', async () => {
    const all = vi.fn(() => ({ data: { marcarTodasNotificacoesComoLidas: 1 } }));
    const one = vi.fn(() => ({
      data: { marcarNotificacaoComoLida: { __typename: 'Notificacao', id: 'n1', lida: true, recente: false } },
    }));
    renderPage('/notificacoes', [
      answer(0, 10, [notificacao(1), notificacao(2), notificacao(3)], 3),
      { request: { query: MARCAR_NOTIFICACAO_COMO_LIDA, variables: { id: 'n1' } }, result: one },
      { request: { query: MARCAR_TODAS_NOTIFICACOES_COMO_LIDAS }, result: all },
      answer(0, 10, [notificacao(1), notificacao(2), notificacao(3)], 3),
    ]);
    const unread = (await screen.findByText('Aviso 1')).closest('article') as HTMLElement;
    const read = screen.getByText('Aviso 2').closest('article') as HTMLElement;
    expect(within(unread).getByText('Não lida')).toBeTruthy();
    expect(within(read).queryByText('Não lida')).toBeNull();
    expect(getComputedStyle(within(unread).getByText('Aviso 1')).fontWeight).toBe('700');
    expect(getComputedStyle(within(read).getByText('Aviso 2')).fontWeight).toBe('400');

    fireEvent.click(within(unread).getByRole('button', { name: 'Marcar como lida' }));
    await vi.waitFor(() => expect(one).toHaveBeenCalled());
    fireEvent.click(screen.getByRole('button', { name: 'Marcar todas como lidas' }));
    await vi.waitFor(() => expect(all).toHaveBeenCalled());
  });

  it('says when there is none', async () => {
    renderPage('/notificacoes', [answer(0, 10, [], 0)]);
    expect(await screen.findByText(i18n.t('notifications.empty'))).toBeTruthy();
  });
});
