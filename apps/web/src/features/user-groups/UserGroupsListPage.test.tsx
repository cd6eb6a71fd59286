// @vitest-environment jsdom
import type { MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setPortalLabels } from '../../app/i18n';
import { buildGroup, buildMember, buildUser, renderScreen } from './test-factories';
import { exportUrl, UserGroupsListPage } from './UserGroupsListPage';
import {
  GruposUsuariosDocument,
  InativarGrupoUsuariosDocument,
  UsuariosPorGrupoUsuariosDocument,
} from './user-groups.generated';

beforeAll(() => import('../../ui/ToastHost'));

const privado = buildGroup();
const publico = buildGroup({ id: 'g-2', nome: 'Marketing Nacional', publico: true, quantidadeUsuarios: 0 });
const noFilter = { busca: null, active: null, visibilidade: null, ordenacao: null, page: 0, rowsPerPage: 10 };
const listMock = (variables: Record<string, unknown>, content = [privado, publico], total = content.length) => ({
  request: { query: GruposUsuariosDocument, variables: { ...noFilter, ...variables } },
  result: { data: { gruposUsuarios: { __typename: 'GrupoUsuariosPage', content, totalElements: total } } },
  maxUsageCount: 5,
});

function renderList(url: string, mocks: MockedResponse[] = [listMock({})], user = undefined as never) {
  const { view, router } = renderScreen({ path: '/gruposUsuarios', url, screen: <UserGroupsListPage />, mocks, user });
  render(view);
  return router;
}

describe('UserGroupsListPage', () => {
  afterEach(() => cleanup());

  it('lists groups with visibility, users, status and a link to create one', async () => {
    renderList('/gruposUsuarios');
    expect(screen.getByRole('heading', { level: 1, name: 'Grupos de usuários' })).toBeTruthy();
    const row = (await screen.findByText('Pós-venda Sul')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Privado')).toBeTruthy();
    expect(within(row).getByText('2')).toBeTruthy();
    expect(within(row).getByText('Ativo')).toBeTruthy();
    const other = screen.getByText('Marketing Nacional').closest('tr') as HTMLElement;
    expect(within(other).getByText('Público')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Novo grupo de usuários' }).getAttribute('href')).toBe(
      '/gruposUsuarios/novo',
    );
  });

  it('reads search, filters, sort and page from the URL and asks the server for them', async () => {
    renderList(
      '/gruposUsuarios?busca=pos&status=INATIVO&visibilidade=PRIVADO&ordem=-quantidadeUsuarios&pagina=2&itens=25',
      [
        listMock(
          {
            busca: 'pos',
            active: false,
            visibilidade: 'PRIVADO',
            ordenacao: '-quantidadeUsuarios',
            page: 1,
            rowsPerPage: 25,
          },
          [privado],
          26,
        ),
      ],
    );
    expect(await screen.findByText('Pós-venda Sul')).toBeTruthy();
    expect((screen.getByLabelText('Buscar por nome') as HTMLInputElement).value).toBe('pos');
    expect(screen.getByText('26–26 de 26')).toBeTruthy();
  });

  it('a visibility filter goes into the URL, back on the first page', async () => {
    const router = renderList('/gruposUsuarios?pagina=2', [
      listMock({ page: 1 }),
      listMock({ visibilidade: 'PUBLICO' }, [publico]),
    ]);
    await screen.findByText('Pós-venda Sul');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Visibilidade' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Público' }));
    expect(router.state.location.search).toBe('?visibilidade=PUBLICO');
    await screen.findByText('1–1 de 1');
  });

  it('the export asks for what the filter shows, on every page', () => {
    const query = {
      page: 3,
      rowsPerPage: 25,
      busca: 'pós',
      sort: { field: 'nome', direction: 'desc' as const },
      filters: { status: 'ATIVO', visibilidade: 'PUBLICO' },
    };
    expect(exportUrl(query)).toBe(
      '/api/gruposUsuarios.xlsx?busca=p%C3%B3s&active=true&visibilidade=PUBLICO&ordenacao=-nome',
    );
    expect(exportUrl({ ...query, busca: '', sort: null, filters: {} })).toBe('/api/gruposUsuarios.xlsx');
  });

  it('opens the user-by-user-group dialog from a row: paged members with their dealers', async () => {
    const members = {
      request: {
        query: UsuariosPorGrupoUsuariosDocument,
        variables: { id: 'g-1', busca: null, page: 0, rowsPerPage: 10 },
      },
      result: {
        data: {
          usuariosPorGrupoUsuarios: {
            __typename: 'UsuarioGrupoUsuariosPage',
            content: [buildMember()],
            totalElements: 1,
          },
        },
      },
    };
    setPortalLabels({ labelDealer: 'Loja', labelDealers: 'Lojas' });
    renderList('/gruposUsuarios', [listMock({}), members]);
    await screen.findByText('Pós-venda Sul');
    fireEvent.click(screen.getByRole('button', { name: 'Usuários de Pós-venda Sul' }));
    const dialog = await screen.findByRole('dialog', { name: 'Usuários do grupo Pós-venda Sul' });
    expect(await within(dialog).findByText('Joana Estêvão')).toBeTruthy();
    expect(within(dialog).getByText('Auto Ipê')).toBeTruthy();
    // The customer's label for dealers names the column and the search.
    expect(within(dialog).getByText('Lojas')).toBeTruthy();
    expect(within(dialog).getByLabelText('Buscar membros por nome, e-mail ou loja')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    setPortalLabels(null);
  });

  it('inactivates a row after the confirmation', async () => {
    const inativar = {
      request: { query: InativarGrupoUsuariosDocument, variables: { id: 'g-1' } },
      result: { data: { inativarGrupoUsuarios: { __typename: 'GrupoUsuarios', id: 'g-1', active: false } } },
    };
    renderList('/gruposUsuarios', [listMock({}), inativar, listMock({})]);
    const row = (await screen.findByText('Pós-venda Sul')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: 'Inativar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inativar Pós-venda Sul?' });
    expect(within(dialog).getByText(/deixam de ver o que o grupo recebe/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Inativar' }));
    expect(await screen.findByText('Inativado com sucesso.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('a user without the key sees the no-access notice', async () => {
    renderList('/gruposUsuarios', [], buildUser([]) as never);
    expect(screen.getByText('Você não tem acesso a esta parte da página.')).toBeTruthy();
  });
});
