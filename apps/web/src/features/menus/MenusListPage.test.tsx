// @vitest-environment jsdom
import type { MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MenusListPage } from './MenusListPage';
import { InativarMenuDocument, MenusAdministracaoDocument } from './menus.generated';
import { buildEntry, buildUser, optionsMock, renderScreen } from './test-factories';

// notistack loads with the first toast; load it before the clock of findBy starts on a busy machine.
beforeAll(() => import('../../ui/ToastHost'));

const portal = buildEntry({ id: 'c-1', titulo: 'Portal', uri: null, pai: null, ordem: 1, quantidadeFilhos: 3 });
const comunicados = buildEntry();
const noFilter = { busca: null, tipo: null, active: null, idPai: null, ordenacao: null, page: 0, rowsPerPage: 10 };
const listMock = (variables: Record<string, unknown>, content = [portal, comunicados], total = content.length) => ({
  request: { query: MenusAdministracaoDocument, variables: { ...noFilter, ...variables } },
  result: { data: { menusAdministracao: { __typename: 'MenuAdministracaoPage', content, totalElements: total } } },
  maxUsageCount: 5,
});

function renderList(url: string, mocks: MockedResponse[] = [listMock({})], user = buildUser('TECSINAPSE')) {
  const { view, router } = renderScreen({
    path: '/menus',
    url,
    screen: <MenusListPage />,
    mocks: [optionsMock, ...mocks],
    user,
  });
  render(view);
  return router;
}

describe('MenusListPage', () => {
  afterEach(() => cleanup());

  it('lists categories and items with kind, parent, uri, order and status', async () => {
    renderList('/menus');
    expect(screen.getByRole('heading', { level: 1, name: 'Menus' })).toBeTruthy();
    const row = (await screen.findByText('Comunicados')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Item')).toBeTruthy();
    expect(within(row).getByText('Portal')).toBeTruthy();
    expect(within(row).getByText('/comunicados')).toBeTruthy();
    expect(within(row).getByText('Ativo')).toBeTruthy();
    const category = screen.getAllByText('Portal')[0].closest('tr') as HTMLElement;
    expect(within(category).getByText('Categoria')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Novo menu' }).getAttribute('href')).toBe('/menus/novo');
  });

  it('reads search, filters, sort and page from the URL and asks the server for them', async () => {
    const hit = buildEntry({ titulo: 'Relatórios', active: false });
    renderList('/menus?busca=relatorios&status=INATIVO&tipo=ITEM&pai=c-1&ordem=-titulo&pagina=2&itens=25', [
      listMock(
        {
          busca: 'relatorios',
          active: false,
          tipo: 'ITEM',
          idPai: 'c-1',
          ordenacao: '-titulo',
          page: 1,
          rowsPerPage: 25,
        },
        [hit],
        26,
      ),
    ]);
    expect(await screen.findByText('Relatórios')).toBeTruthy();
    expect((screen.getByLabelText('Buscar por título ou endereço') as HTMLInputElement).value).toBe('relatorios');
    expect(screen.getByText('26–26 de 26')).toBeTruthy();
  });

  it('a filter goes into the URL, back on the first page', async () => {
    const router = renderList('/menus?pagina=2', [listMock({ page: 1 }), listMock({ tipo: 'CATEGORIA' }, [portal])]);
    await screen.findByText('Comunicados');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tipo' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Categoria' }));
    expect(router.state.location.search).toBe('?tipo=CATEGORIA');
    await screen.findByText('1–1 de 1');
  });

  it('inactivates a row after the confirmation', async () => {
    renderList('/menus', [
      listMock({}),
      {
        request: { query: InativarMenuDocument, variables: { id: 'm-1' } },
        result: { data: { inativarMenu: { __typename: 'MenuAdministracao', id: 'm-1', active: false } } },
      },
    ]);
    const row = (await screen.findByText('Comunicados')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Inativar' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Inativar Comunicados?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Inativar' }));
    expect(await screen.findByText('Inativado com sucesso.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('opens a row on Enter; shows the no-access notice to a user who is not TECSINAPSE', async () => {
    const router = renderList('/menus');
    const row = (await screen.findByText('Comunicados')).closest('tr') as HTMLElement;
    fireEvent.keyDown(row, { key: 'Enter' });
    expect(router.state.location.pathname).toBe('/menus/m-1');
    cleanup();
    renderList('/menus', [listMock({})], buildUser('MONTADORA'));
    expect(screen.getByText('Você não tem acesso a esta parte da página.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Menus' })).toBeNull();
  });
});
