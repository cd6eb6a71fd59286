// @vitest-environment jsdom
import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { LEITURAS_COMUNICADO } from './communications.documents';
import { ReadersTable } from './ReadersTable';

const reader = (id: string, nome: string, lido: boolean) => ({
  __typename: 'LeituraDestinatario',
  usuario: { __typename: 'UsuarioComunicado', id, nome, email: `${id}@portal.test` },
  lido,
  dataLeitura: lido ? '2026-03-02T13:00:00.000Z' : null,
  dataRecebimento: '2026-03-01T12:00:00.000Z',
});
const answer = (rows: ReturnType<typeof reader>[], totalElements = rows.length, totalLimitado = false) => ({
  data: {
    leiturasComunicado: { __typename: 'PageLeituraDestinatario', content: rows, totalElements, totalLimitado },
  },
});
const MOCKS: MockedResponse[] = [
  {
    request: { query: LEITURAS_COMUNICADO, variables: { id: 'c1', page: 0, rowsPerPage: 10 } },
    result: answer([reader('u1', 'Ana', true), reader('u2', 'Bruno', false)]),
  },
  {
    request: { query: LEITURAS_COMUNICADO, variables: { id: 'c1', lido: false, page: 0, rowsPerPage: 10 } },
    result: answer([reader('u2', 'Bruno', false)]),
  },
  {
    // A search the server counted up to its cap (1,000) and found more.
    request: { query: LEITURAS_COMUNICADO, variables: { id: 'c1', busca: 'a', page: 0, rowsPerPage: 10 } },
    result: answer([reader('u1', 'Ana', true)], 1000, true),
  },
];

function renderTable(url = '/comunicados/dashboard/c1') {
  const router = createMemoryRouter([{ path: '/comunicados/dashboard/:id', element: <ReadersTable id="c1" /> }], {
    initialEntries: [url],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <MockedProvider mocks={MOCKS}>
        <RouterProvider router={router} />
      </MockedProvider>
    </I18nextProvider>,
  );
  return router;
}

describe('ReadersTable on the kit list', () => {
  afterEach(() => cleanup());

  it('lists the readers, and the read filter lives in the URL', async () => {
    const router = renderTable();
    expect(await screen.findByText('Ana')).toBeTruthy();
    expect(screen.getByText('Não lido')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filtrar' }));
    fireEvent.click(screen.getByRole('option', { name: 'Não lidos' }));
    expect(router.state.location.search).toBe('?leitura=naoLidos');
    expect(await screen.findByText('1–1 de 1')).toBeTruthy();
    expect(screen.queryByText('Ana')).toBeNull();
  });

  it('says "more than" when the server capped a search\'s count', async () => {
    renderTable('/comunicados/dashboard/c1?busca=a');
    expect(await screen.findByText('1–10 de mais de 1000')).toBeTruthy();
  });

  it('opens on the filter of a shared link', async () => {
    renderTable('/comunicados/dashboard/c1?leitura=naoLidos');
    expect(await screen.findByText('Bruno')).toBeTruthy();
    expect(screen.queryByText('Ana')).toBeNull();
  });
});
