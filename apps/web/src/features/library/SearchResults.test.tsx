// @vitest-environment jsdom
import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { useListParams } from '../../ui/list/use-list-params';
import { BUSCA_BIBLIOTECA_PAGED, type ItemBiblioteca } from './library.documents';
import { SearchResults } from './SearchResults';
import { buildItem } from './test-factories';

const contratos = { __typename: 'PastaResumo' as const, id: 'p1', nome: 'Contratos' };
const hit = buildItem({ nome: 'Relatório anual.pdf', breadcrumb: [contratos] });
const OPTIONS = { pageSizes: [5, 10, 15] };

function Results({ onOpen }: { onOpen: (item: ItemBiblioteca) => void }) {
  return <SearchResults list={useListParams(OPTIONS)} onOpen={onOpen} />;
}

function renderResults(url: string, mocks: MockedResponse[]) {
  const onOpen = vi.fn();
  const router = createMemoryRouter([{ path: '/biblioteca', element: <Results onOpen={onOpen} /> }], {
    initialEntries: [url],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <MockedProvider mocks={mocks}>
        <RouterProvider router={router} />
      </MockedProvider>
    </I18nextProvider>,
  );
  return { onOpen, router };
}

const answer = (page: number, rowsPerPage: number, content: ItemBiblioteca[], total: number): MockedResponse => ({
  request: { query: BUSCA_BIBLIOTECA_PAGED, variables: { filterInput: { busca: 'relat', page, rowsPerPage } } },
  result: {
    data: { buscaBibliotecaPaged: { __typename: 'ItemBibliotecaPage', content, totalElements: total } },
  },
});

describe('SearchResults', () => {
  afterEach(() => cleanup());

  it('shows the page of a shared link with each hit’s folder, and opens a hit once', async () => {
    const { onOpen } = renderResults('/biblioteca?busca=relat&itens=10&pagina=2', [answer(1, 10, [hit], 11)]);
    const table = await screen.findByRole('table', { name: 'Resultados da busca' });
    expect(within(table).getByText('Biblioteca / Contratos')).toBeTruthy();
    expect(screen.getByText('11–11 de 11')).toBeTruthy();

    fireEvent.click(within(table).getByRole('button', { name: 'Relatório anual.pdf' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(within(table).getAllByRole('row')[1] as HTMLElement, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledTimes(2);
    expect(onOpen).toHaveBeenLastCalledWith(hit);
  });

  it('pages by the library’s sizes (5 by default) through the URL', async () => {
    const { router } = renderResults('/biblioteca?busca=relat', [
      answer(0, 5, [hit], 6),
      answer(1, 5, [buildItem({ nome: 'Relatório 6' })], 6),
    ]);
    expect(await screen.findByText('1–5 de 6')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(await screen.findByRole('button', { name: 'Relatório 6' })).toBeTruthy();
    expect(router.state.location.search).toBe('?busca=relat&pagina=2');
  });

  it('says when nothing matches', async () => {
    renderResults('/biblioteca?busca=relat', [answer(0, 5, [], 0)]);
    expect(await screen.findByText('Nenhum item encontrado.')).toBeTruthy();
  });
});
