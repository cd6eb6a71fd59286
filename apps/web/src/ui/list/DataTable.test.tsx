// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { type Column, DataTable, type DataTableProps } from './DataTable';
import { type ListQuery, useListParams } from './use-list-params';

type Person = { id: string; nome: string; email: string };
const PEOPLE: Person[] = Array.from({ length: 60 }, (_, i) => ({
  id: `p${i + 1}`,
  nome: `Pessoa ${String(i + 1).padStart(2, '0')}`,
  email: `p${i + 1}@portal.test`,
}));
const COLUMNS: Column<Person>[] = [
  { id: 'nome', label: 'Nome', render: (p) => p.nome, sortable: true },
  { id: 'email', label: 'E-mail', render: (p) => p.email, hideOnMobile: true },
];

/** A fake server: search by name, sort by name, one page. */
function serve(q: ListQuery) {
  const hits = PEOPLE.filter((p) => p.nome.includes(q.busca));
  if (q.sort?.direction === 'desc') hits.reverse();
  return { rows: hits.slice(q.page * q.rowsPerPage, (q.page + 1) * q.rowsPerPage), total: hits.length };
}

type Extra = Partial<DataTableProps<Person>> & { onQuery?: (q: ListQuery) => void; withSelection?: boolean };

function People({ onQuery, withSelection, ...extra }: Extra) {
  const list = useListParams({ sortable: ['nome'], filters: ['status'] });
  const [selected, setSelected] = useState<string[]>([]);
  onQuery?.(list.query);
  const page = serve(list.query);
  return (
    <DataTable
      label="Pessoas"
      columns={COLUMNS}
      rows={page.rows}
      total={page.total}
      getRowId={(p) => p.id}
      list={list}
      selection={withSelection ? { selected, onChange: setSelected } : undefined}
      {...extra}
    />
  );
}

function renderList(url = '/pessoas', extra: Extra = {}) {
  const router = createMemoryRouter([{ path: '/pessoas', element: <People {...extra} /> }], {
    initialEntries: [url],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
  return router;
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('DataTable with the list state in the URL', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('reads page, size, sort, search and filters from a shared link', () => {
    const onQuery = vi.fn();
    renderList('/pessoas?pagina=2&itens=25&ordem=-nome&busca=Pessoa&status=ATIVO', { onQuery });
    expect(onQuery).toHaveBeenLastCalledWith({
      page: 1,
      rowsPerPage: 25,
      busca: 'Pessoa',
      sort: { field: 'nome', direction: 'desc' },
      filters: { status: 'ATIVO' },
    });
    expect(screen.getByText('26–50 de 60')).toBeTruthy();
    expect(bodyRows()[0]?.textContent).toContain('Pessoa 35');
  });

  it('falls back to the first page size for a size outside the shared list, and to page 1', () => {
    const onQuery = vi.fn();
    renderList('/pessoas?itens=7&pagina=abc&ordem=email', { onQuery });
    expect(onQuery).toHaveBeenLastCalledWith(
      expect.objectContaining({ page: 0, rowsPerPage: 10, sort: null, filters: {} }),
    );
    expect(bodyRows()).toHaveLength(10);
  });

  it('pages and sorts through the URL, and the back button returns', async () => {
    const router = renderList();
    fireEvent.click(screen.getByRole('button', { name: 'Próxima página' }));
    expect(router.state.location.search).toBe('?pagina=2');
    expect(screen.getByText('11–20 de 60')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Nome' }));
    expect(router.state.location.search).toBe('?ordem=nome');
    fireEvent.click(screen.getByRole('button', { name: 'Nome' }));
    expect(router.state.location.search).toBe('?ordem=-nome');
    expect(bodyRows()[0]?.textContent).toContain('Pessoa 60');

    await act(() => router.navigate(-1));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?pagina=2');
    expect(screen.getByText('11–20 de 60')).toBeTruthy();
  });

  it('searches once typing pauses, on the first page', () => {
    vi.useFakeTimers();
    const router = renderList('/pessoas?pagina=3');
    fireEvent.change(screen.getByLabelText('Buscar'), { target: { value: 'Pessoa 1' } });
    expect(router.state.location.search).toBe('?pagina=3');
    act(() => vi.advanceTimersByTime(200));
    expect(router.state.location.search).toBe('?busca=Pessoa+1');
    expect(screen.getByText('1–10 de 10')).toBeTruthy();
  });

  it('shows loading, error and empty states', () => {
    const { unmount } = render(
      <I18nextProvider i18n={i18n}>
        <RouterProvider
          router={createMemoryRouter([
            {
              path: '/',
              element: (
                <>
                  <People rows={undefined} loading label="Carregando" />
                  <People rows={undefined} error={new Error('boom')} label="Com erro" />
                  <People rows={[]} total={0} label="Vazia" />
                </>
              ),
            },
          ])}
        />
      </I18nextProvider>,
    );
    expect(within(screen.getByRole('region', { name: 'Carregando' })).getByRole('status')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Com erro' })).getByRole('alert').textContent).toContain(
      'Erro ao processar a solicitação',
    );
    expect(within(screen.getByRole('region', { name: 'Vazia' })).getByText('Nenhum registro encontrado.')).toBeTruthy();
    unmount();
  });

  it('moves between rows with the keyboard, selects with Space and opens with Enter', () => {
    const onRowOpen = vi.fn();
    renderList('/pessoas', { withSelection: true, onRowOpen });
    const [first, second] = bodyRows();
    first?.focus();
    fireEvent.keyDown(first as HTMLElement, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second as HTMLElement, { key: ' ' });
    expect(second?.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('1 selecionado(s)')).toBeTruthy();
    fireEvent.keyDown(second as HTMLElement, { key: 'Enter' });
    expect(onRowOpen).toHaveBeenCalledWith(PEOPLE[1]);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Selecionar todas as linhas da página' }));
    expect(screen.getByText('10 selecionado(s)')).toBeTruthy();
  });

  it('drops an empty toolbar, and keeps hidden headers for screen readers only', () => {
    renderList('/pessoas', { searchLabel: false, hideHeader: true });
    const region = screen.getByRole('region', { name: 'Pessoas' });
    expect(within(region).queryByRole('searchbox')).toBeNull();
    expect(region.querySelector('.MuiStack-root')).toBeNull();
    const header = within(screen.getByRole('table')).getAllByRole('row')[0] as HTMLElement;
    expect(within(header).getByRole('columnheader', { name: 'Nome' })).toBeTruthy();
    expect(getComputedStyle(header).position).toBe('absolute');
    expect(getComputedStyle(header).overflow).toBe('hidden');
    expect(bodyRows()).toHaveLength(10);
  });

  it('renders row actions and hands the current query to the export hook', () => {
    const onExport = vi.fn();
    renderList('/pessoas?busca=Pessoa&status=INATIVO', {
      onExport,
      rowActions: (p) => <button type="button">Editar {p.nome}</button>,
    });
    expect(screen.getByRole('button', { name: 'Editar Pessoa 01' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Exportar .xlsx' }));
    expect(onExport).toHaveBeenCalledWith(expect.objectContaining({ busca: 'Pessoa', filters: { status: 'INATIVO' } }));
  });
});
