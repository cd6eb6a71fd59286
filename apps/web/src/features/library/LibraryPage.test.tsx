// @vitest-environment jsdom
import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { LIBRARY_NAME_TRUNCATE } from '@portal/domain';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SignedInUser } from '../../app/current-user/current-user.documents';
import { SignedInUserContext } from '../../app/current-user/signed-in-user';
import { i18n } from '../../app/i18n';
import { ToastProvider } from '../../ui/toast';
import { LibraryScreen } from './LibraryPage';
import {
  BUSCA_BIBLIOTECA_PAGED,
  CONTAGEM_CONTEUDO_BIBLIOTECA,
  GRUPOS_USUARIOS_ATIVOS,
  ITEMS_POR_PASTA,
  type ItemBiblioteca,
  PASTA,
} from './library.documents';
import { buildItem, buildUser, GROUPS } from './test-factories';

// The library screen (docs/domains/library.md) with its queries answered by Apollo's mocks: what the toolbar
// acts on, the delete confirmation, who sees the management toolbar, names, kinds, sorting and focus.

const MANAGER = buildUser(['PORTAL_GERENCIAR_BIBLIOTECA']);
const READER = buildUser([]);
const W = ['LEITURA_ESCRITA'] as const;

const contratos = buildItem({ id: 'p1', nome: 'Contratos', pasta: true, access: [...W] });
const manuais = buildItem({ id: 'p2', nome: 'Manuais', pasta: true, access: [...W] });
const planilha = buildItem({
  id: 'f1',
  nome: 'Metas 2026.xlsx',
  access: [...W],
  tamanho: 1_500_000,
  ultimaModificacao: '2026-01-10T12:00:00.000Z',
});
const apresentacao = buildItem({
  id: 'f2',
  nome: 'Lançamento.pptx',
  access: [...W],
  tamanho: 20_000,
  ultimaModificacao: '2026-03-10T12:00:00.000Z',
});
const longName = `${'Relatório trimestral de vendas da rede '.repeat(2)}final.pdf`;
const relatorio = buildItem({ id: 'f3', nome: longName, access: [...W], tamanho: 300 });
const ROOT_ITEMS = [contratos, manuais, planilha, apresentacao, relatorio];

const itemsOf = (idPasta: string | null, items: ItemBiblioteca[]): MockedResponse => ({
  request: { query: ITEMS_POR_PASTA, variables: { idPasta } },
  result: { data: { itemsPorPasta: items } },
  maxUsageCount: 20,
});
const folder = (item: ItemBiblioteca): MockedResponse => ({
  request: { query: PASTA, variables: { idPasta: item.id } },
  result: { data: { pasta: item } },
  maxUsageCount: 20,
});
const searchOf = (busca: string, content: ItemBiblioteca[]): MockedResponse => ({
  request: { query: BUSCA_BIBLIOTECA_PAGED, variables: { filterInput: { busca, page: 0, rowsPerPage: 5 } } },
  result: {
    data: { buscaBibliotecaPaged: { __typename: 'ItemBibliotecaPage', content, totalElements: content.length } },
  },
  maxUsageCount: 20,
});
const groupsOf = (): MockedResponse => ({
  request: { query: GRUPOS_USUARIOS_ATIVOS },
  result: { data: { gruposUsuariosAtivos: GROUPS } },
  maxUsageCount: 5,
});
const countOf = (ids: string[], arquivos: number, pastas: number): MockedResponse => ({
  request: { query: CONTAGEM_CONTEUDO_BIBLIOTECA, variables: { ids } },
  result: { data: { contagemConteudoBiblioteca: { __typename: 'ContagemConteudoBiblioteca', arquivos, pastas } } },
  maxUsageCount: 5,
});

function renderLibrary(url: string, mocks: MockedResponse[], user: SignedInUser = MANAGER) {
  const router = createMemoryRouter(
    [
      { path: '/biblioteca', element: <LibraryScreen /> },
      { path: '/biblioteca/:idPasta', element: <LibraryScreen /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <MockedProvider mocks={mocks}>
          <SignedInUserContext value={user}>
            <RouterProvider router={router} />
          </SignedInUserContext>
        </MockedProvider>
      </ToastProvider>
    </I18nextProvider>,
  );
  return router;
}

const option = (name: string) => screen.getByRole('option', { name });
const toggle = (name: string) => fireEvent.keyDown(option(name), { key: ' ' });
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const toolbar = () => screen.getByRole('toolbar', { name: 'Ações da biblioteca' });
const selectedNames = () =>
  screen
    .queryAllByRole('option')
    .filter((o) => o.getAttribute('aria-selected') === 'true')
    .map((o) => o.getAttribute('aria-label'));

/** Types into the search box and lets the debounce pass. */
async function searchFor(text: string) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  fireEvent.change(screen.getByRole('searchbox', { name: 'Buscar na biblioteca' }), { target: { value: text } });
  await act(async () => {
    await vi.advanceTimersByTimeAsync(300);
  });
  vi.useRealTimers();
}

function setPhone(phone: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: phone && query.includes('max-width: 768px'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

describe('LibraryPage', () => {
  beforeEach(() => {
    localStorage.clear();
    setPhone(false);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('starting a search or changing the view clears the selection', async () => {
    renderLibrary('/biblioteca', [itemsOf(null, ROOT_ITEMS), searchOf('metas', [planilha])]);
    await screen.findByRole('option', { name: 'Contratos' });
    toggle('Contratos');
    toggle('Metas 2026.xlsx');
    expect(selectedNames()).toEqual(['Contratos', 'Metas 2026.xlsx']);
    expect(button('Excluir').disabled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Lista' }));
    expect(selectedNames()).toEqual([]);
    expect(button('Excluir').disabled).toBe(true);

    toggle('Manuais');
    await searchFor('metas');
    await screen.findByRole('table', { name: 'Resultados da busca' });
    // Nothing of the folder stays selected behind the results: the toolbar has nothing to act on.
    expect(button('Excluir').disabled).toBe(true);
    expect(button('Renomear').disabled).toBe(true);
  });

  it('during a search the toolbar acts on the selected hits only; the confirmation names them', async () => {
    renderLibrary('/biblioteca', [itemsOf(null, ROOT_ITEMS), searchOf('a', [contratos, planilha, apresentacao])]);
    await screen.findByRole('option', { name: 'Contratos' });
    toggle('Contratos');
    await searchFor('a');
    const table = await screen.findByRole('table', { name: 'Resultados da busca' });
    const rowOf = (name: string) =>
      within(table)
        .getAllByRole('row')
        .find((r) => within(r).queryByRole('button', { name })) as HTMLElement;
    fireEvent.click(within(rowOf('Lançamento.pptx')).getByRole('checkbox'));
    expect(button('Excluir').disabled).toBe(false);
    expect(button('Baixar').disabled).toBe(false);
    fireEvent.click(button('Excluir'));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir 1 item(ns)?' });
    expect(within(dialog).getByText('“Lançamento.pptx”')).toBeTruthy();
  });

  it('names a few items, then how many more, and counts what the folders take along', async () => {
    renderLibrary('/biblioteca', [itemsOf(null, ROOT_ITEMS), countOf(['p1', 'p2'], 7, 2)]);
    await screen.findByRole('option', { name: 'Contratos' });
    for (const item of ROOT_ITEMS) toggle(item.nome);
    fireEvent.click(button('Excluir'));
    const dialog = await screen.findByRole('dialog', { name: 'Excluir 5 item(ns)?' });
    expect(
      await within(dialog).findByText(
        '“Contratos”, “Manuais”, “Lançamento.pptx” e mais 2 As pastas levam junto 7 arquivo(s) e 2 subpasta(s).',
      ),
    ).toBeTruthy();
  });

  it("opens a selected folder's details: what it holds and who can see it", async () => {
    renderLibrary('/biblioteca', [itemsOf(null, ROOT_ITEMS), countOf(['p1'], 3, 1), groupsOf()]);
    await screen.findByRole('option', { name: 'Contratos' });
    toggle('Contratos');
    fireEvent.click(button('Detalhes'));
    const dialog = await screen.findByRole('dialog', { name: 'Contratos' });
    expect(await within(dialog).findByText('3 arquivo(s) e 1 subpasta(s)')).toBeTruthy();
    expect(within(dialog).getByRole('region', { name: 'Quem tem acesso' })).toBeTruthy();
  });

  it('marks what changed since the last visit as new, in the list and in the tiles, and says it to screen readers as the description', async () => {
    const fresh = buildItem({ id: 'n1', nome: 'Tabela nova.pdf', access: ['LEITURA'], novo: true });
    const old = buildItem({ id: 'n2', nome: 'Tabela antiga.pdf', access: ['LEITURA'] });
    const pasta = buildItem({ id: 'p8', nome: 'Preços', pasta: true, access: ['LEITURA'] });
    renderLibrary('/biblioteca/p8', [folder(pasta), itemsOf('p8', [fresh, old])], READER);
    const marked = await screen.findByRole('option', { name: 'Tabela nova.pdf' });
    expect(within(marked).getByText('Novo')).toBeTruthy();
    expect(document.getElementById(marked.getAttribute('aria-describedby') as string)?.textContent).toBe('Novo');
    expect(within(option('Tabela antiga.pdf')).queryByText('Novo')).toBeNull();
  });

  it('a reader without write rights sees no management toolbar, only download, versions and details', async () => {
    const readOnly = [buildItem({ id: 'r1', nome: 'Tabela.pdf', access: ['LEITURA'] })];
    const pasta = buildItem({ id: 'p9', nome: 'Leitura', pasta: true, access: ['LEITURA'] });
    renderLibrary('/biblioteca/p9', [folder(pasta), itemsOf('p9', readOnly)], READER);
    await screen.findByRole('option', { name: 'Tabela.pdf' });
    expect(
      within(toolbar())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Baixar', 'Versões', 'Detalhes']);
  });

  it('a reader with write access here keeps the management actions', async () => {
    const pasta = buildItem({ id: 'p8', nome: 'Equipe', pasta: true, access: [...W] });
    renderLibrary('/biblioteca/p8', [folder(pasta), itemsOf('p8', [])], READER);
    await screen.findByText('Esta pasta está vazia.');
    expect(within(toolbar()).getByRole('button', { name: 'Renomear' })).toBeTruthy();
  });

  it('in the root the upload action explains that files go inside a folder', async () => {
    renderLibrary('/biblioteca', [itemsOf(null, ROOT_ITEMS)]);
    await screen.findByRole('option', { name: 'Contratos' });
    fireEvent.click(button('Enviar arquivos'));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar arquivos' });
    expect(within(dialog).getByText(/Os arquivos ficam dentro de uma pasta/)).toBeTruthy();
  });

  it('opening a folder moves the focus to its heading and clears the selection', async () => {
    const router = renderLibrary('/biblioteca', [
      itemsOf(null, ROOT_ITEMS),
      folder(contratos),
      itemsOf('p1', [buildItem({ nome: 'Aditivo.docx' })]),
    ]);
    await screen.findByRole('option', { name: 'Contratos' });
    toggle('Manuais');
    fireEvent.keyDown(option('Contratos'), { key: 'Enter' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Contratos' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // Its whole name on hover: a long one shows three lines at most.
    expect(heading.getAttribute('title')).toBe('Contratos');
    expect(router.state.location.pathname).toBe('/biblioteca/p1');
    expect(button('Excluir').disabled).toBe(true);
  });

  it('opening a PDF opens the PDF viewer; another file opens its details instead of downloading', async () => {
    renderLibrary('/biblioteca', [itemsOf(null, ROOT_ITEMS)]);
    await screen.findByRole('option', { name: 'Contratos' });
    fireEvent.keyDown(option('Metas 2026.xlsx'), { key: 'Enter' });
    const details = await screen.findByRole('dialog', { name: 'Metas 2026.xlsx' });
    expect(within(details).getByText('Planilha')).toBeTruthy();
    expect(within(details).getByRole('button', { name: 'Baixar' })).toBeTruthy();
    fireEvent.click(within(details).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.keyDown(option(relatorio.nome), { key: 'Enter' });
    const viewer = await screen.findByRole('dialog');
    expect(within(viewer).getByRole('heading', { level: 2 }).textContent).toContain('Relatório trimestral');
  });

  it('shows each item’s kind and size in the list, and sorts by name, modified date and size', async () => {
    renderLibrary('/biblioteca', [itemsOf(null, ROOT_ITEMS)]);
    await screen.findByRole('option', { name: 'Contratos' });
    fireEvent.click(screen.getByRole('button', { name: 'Lista' }));
    const row = option('Metas 2026.xlsx');
    expect(within(row).getByText('Planilha')).toBeTruthy();
    expect(within(row).getByText('1,5 MB')).toBeTruthy();
    expect(row.querySelector('svg')?.getAttribute('data-kind')).toBe('spreadsheet');
    expect(option('Lançamento.pptx').querySelector('svg')?.getAttribute('data-kind')).toBe('presentation');
    expect(option(longName).querySelector('svg')?.getAttribute('data-kind')).toBe('pdf');
    expect(option('Contratos').querySelector('svg')?.getAttribute('data-kind')).toBe('folder');

    const names = () => screen.getAllByRole('option').map((o) => o.getAttribute('aria-label'));
    expect(names()).toEqual(['Contratos', 'Manuais', 'Lançamento.pptx', 'Metas 2026.xlsx', longName]);

    const sortBy = async (label: string) => {
      fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Ordenar por' }));
      fireEvent.click(await within(await screen.findByRole('listbox')).findByRole('option', { name: label }));
    };
    await sortBy('Tamanho');
    expect(names()).toEqual(['Contratos', 'Manuais', longName, 'Lançamento.pptx', 'Metas 2026.xlsx']);
    fireEvent.click(screen.getByRole('button', { name: 'Decrescente' }));
    expect(names()).toEqual(['Contratos', 'Manuais', 'Metas 2026.xlsx', 'Lançamento.pptx', longName]);
    await sortBy('Modificação');
    expect(names()).toEqual(['Contratos', 'Manuais', 'Lançamento.pptx', longName, 'Metas 2026.xlsx']);
  });

  it('shows the full name of a cut item on keyboard focus', async () => {
    renderLibrary('/biblioteca', [itemsOf(null, ROOT_ITEMS)]);
    await screen.findByRole('option', { name: 'Contratos' });
    const tile = option(longName);
    expect(tile.textContent).toContain('…');
    expect(longName.length).toBeGreaterThan(LIBRARY_NAME_TRUNCATE.default);
    fireEvent.keyDown(document.body, { key: 'Tab' });
    act(() => tile.focus());
    expect((await screen.findByRole('tooltip')).textContent).toBe(longName);
  });

  it('on a phone a search button opens the search', async () => {
    setPhone(true);
    renderLibrary('/biblioteca', [itemsOf(null, ROOT_ITEMS), searchOf('metas', [planilha])]);
    await screen.findByRole('option', { name: 'Contratos' });
    expect(screen.queryByRole('searchbox')).toBeNull();
    fireEvent.click(button('Buscar'));
    const box = await screen.findByRole('searchbox', { name: 'Buscar na biblioteca' });
    await waitFor(() => expect(document.activeElement).toBe(box));
    await searchFor('metas');
    expect(await screen.findByRole('table', { name: 'Resultados da busca' })).toBeTruthy();
  });
});
