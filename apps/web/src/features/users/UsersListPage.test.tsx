// @vitest-environment jsdom
import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../app/current-user/current-user.documents';
import { SignedInUserContext } from '../../app/current-user/signed-in-user';
import { i18n, setPortalLabels } from '../../app/i18n';
import { ToastProvider } from '../../ui/toast';
import { UsersListPage } from './UsersListPage';
import {
  UsersListAtivacaoEspecialDocument,
  UsersListDocument,
  UsersListDominioDocument,
  UsersListGruposUsuariosDocument,
  UsersListInativarDocument,
  type UsersListLinhaFragment,
} from './users-list.generated';
import { usersExportUrl } from './users-list-params';

const D1 = '3e1b2c4d-5f60-4a7b-8c9d-0e1f2a3b4c5d';
const G1 = '7d3c8f2e-4b1a-4c6e-9f0a-1b2c3d4e5f60';
const M1 = '0b7e8c1a-2f3d-4e5f-8a9b-0c1d2e3f4a5b';
const GU1 = '4f2a3b5c-6d7e-4f80-9a1b-2c3d4e5f6a7b';
const U1 = '5a3b4c6d-7e8f-4a91-8b2c-3d4e5f6a7b8c';

const MANAGE = ['PORTAL_MANUTENCAO_USUARIOS'];

function buildUser(keys: string[] = MANAGE, id = 'u-admin'): SignedInUser {
  return {
    __typename: 'UsuarioLogado',
    id,
    nome: 'Ana Admin',
    email: 'admin@portal.demo',
    tipo: { __typename: 'TipoUsuario', id: 'TECSINAPSE', description: 'Tecsinapse' },
    idioma: { __typename: 'Idioma', id: 'PT_BR', description: 'Português' },
    avatarLink: null,
    funcionalidades: keys.map((chave) => ({ __typename: 'Funcionalidade', id: chave, chave })),
  };
}

function buildRow(overrides: Partial<UsersListLinhaFragment> = {}): UsersListLinhaFragment {
  return {
    __typename: 'Usuario',
    id: U1,
    nome: 'Bruno Vendas',
    email: 'bruno@horizonte.demo',
    cpf: '52998224725',
    active: true,
    ativacaoEspecial: false,
    ultimoAcesso: null,
    editavel: true,
    tipo: { __typename: 'TipoUsuario', id: 'DEALER_GRUPO', description: 'Dealer / Grupo' },
    dealers: [
      { __typename: 'UsuarioDealer', id: D1, nomeExibicao: 'Horizonte Centro' },
      { __typename: 'UsuarioDealer', id: 'd-2', nomeExibicao: 'Horizonte Sul' },
      { __typename: 'UsuarioDealer', id: 'd-3', nomeExibicao: 'Horizonte Norte' },
    ],
    ...overrides,
  };
}

const noFilter = {
  busca: null,
  tipo: null,
  dealerId: null,
  grupoId: null,
  marcaId: null,
  grupoUsuariosId: null,
  active: null,
  ativacaoEspecial: null,
  ultimoAcessoDias: null,
  ordenacao: null,
  page: 0,
  rowsPerPage: 10,
};

const listMock = (variables: Record<string, unknown>, content = [buildRow()]): MockedResponse => ({
  request: { query: UsersListDocument, variables: { ...noFilter, ...variables } },
  result: { data: { usuarios: { __typename: 'UsuarioPage', content, totalElements: content.length } } },
  maxUsageCount: 5,
});

const dominioMock: MockedResponse = {
  request: { query: UsersListDominioDocument },
  result: {
    data: {
      usuarioDominioQuery: {
        __typename: 'UsuarioDominio',
        tiposUsuario: [
          { __typename: 'TipoUsuario', id: 'MONTADORA', description: 'Montadora' },
          { __typename: 'TipoUsuario', id: 'DEALER_GRUPO', description: 'Dealer / Grupo' },
        ],
        dealers: [{ __typename: 'UsuarioDealer', id: D1, nomeExibicao: 'Horizonte Centro' }],
        grupos: [{ __typename: 'UsuarioGrupo', id: G1, nome: 'Rede Horizonte' }],
        marcas: [
          { __typename: 'Marca', id: M1, description: 'Aurora' },
          { __typename: 'Marca', id: 'm-2', description: 'Boreal' },
        ],
      },
    },
  },
  maxUsageCount: 5,
};

const userGroupsMock: MockedResponse = {
  request: { query: UsersListGruposUsuariosDocument },
  result: {
    data: { gruposUsuariosAtivos: [{ __typename: 'GrupoUsuariosAtivo', id: GU1, nome: 'Vendas' }] },
  },
  maxUsageCount: 5,
};

function renderList(url: string, mocks: MockedResponse[] = [listMock({})], user = buildUser()) {
  const router = createMemoryRouter(
    [
      { path: '/usuarios', element: <UsersListPage /> },
      { path: '/usuarios/novo', element: <p>rota novo</p> },
      { path: '/usuarios/:id', element: <p>rota editar</p> },
    ],
    { initialEntries: [url] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <MockedProvider mocks={[dominioMock, userGroupsMock, ...mocks]}>
          <SignedInUserContext value={user}>
            <RouterProvider router={router} />
          </SignedInUserContext>
        </MockedProvider>
      </ToastProvider>
    </I18nextProvider>,
  );
  return router;
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

beforeAll(() => import('../../ui/ToastHost'));
beforeAll(() =>
  setPortalLabels({ labelDealer: 'Concessionária', labelDealers: 'Concessionárias', labelGrupo: 'Rede' }),
);
afterAll(() => setPortalLabels(null));

describe('UsersListPage', () => {
  afterEach(() => cleanup());

  it('lists users with the CPF masked, the first dealers, the customer labels and the new button', async () => {
    renderList('/usuarios');
    expect(screen.getByRole('heading', { level: 1, name: 'Usuários' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Novo usuário' }).getAttribute('href')).toBe('/usuarios/novo');
    const row = await rowOf('Bruno Vendas');
    expect(within(row).getByText('529.982.247-25')).toBeTruthy();
    expect(within(row).getByText('Horizonte Centro, Horizonte Sul +1')).toBeTruthy();
    expect(within(row).getByText('Nunca')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Concessionárias' })).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: 'Rede' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Concessionária' })).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Editar Bruno Vendas' }).getAttribute('href')).toBe(`/usuarios/${U1}`);
  });

  it('reads search, every filter, sort and page from the URL, asks the server for them and exports the same rows', async () => {
    renderList(
      `/usuarios?busca=529.982&tipo=DEALER_GRUPO&dealer=${D1}&grupo=${G1}&marca=${M1}&grupoUsuarios=${GU1}` +
        '&status=INATIVO&especial=SIM&semAcesso=60&ordem=-ultimoAcesso&pagina=2&itens=25',
      [
        listMock({
          busca: '529.982',
          tipo: 'DEALER_GRUPO',
          dealerId: D1,
          grupoId: G1,
          marcaId: M1,
          grupoUsuariosId: GU1,
          active: false,
          ativacaoEspecial: true,
          ultimoAcessoDias: 60,
          ordenacao: '-ultimoAcesso',
          page: 1,
          rowsPerPage: 25,
        }),
      ],
    );
    expect(await screen.findByText('Bruno Vendas')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Último acesso' }).textContent).toBe('Sem acesso há 60 dias ou mais'),
    );
    expect(
      usersExportUrl({
        page: 1,
        rowsPerPage: 25,
        busca: 'ana',
        sort: { field: 'nome', direction: 'asc' },
        filters: { tipo: 'MONTADORA', especial: 'NAO', semAcesso: '90', status: 'ATIVO' },
      }),
    ).toBe(
      '/api/usuarios.xlsx?busca=ana&tipo=MONTADORA&active=true&ativacaoEspecial=false&ultimoAcessoDias=90&ordenacao=nome',
    );
  });

  it('choosing a filter puts it in the URL', async () => {
    const router = renderList('/usuarios', [listMock({}), listMock({ ultimoAcessoDias: 30 })]);
    await screen.findByText('Bruno Vendas');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Último acesso' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sem acesso há 30 dias ou mais' }));
    await waitFor(() => expect(router.state.location.search).toBe('?semAcesso=30'));
  });

  it('read-only viewer: no new button, no edit or activation, no scope filters', async () => {
    renderList('/usuarios', [listMock({})], buildUser(['PORTAL_CONSULTA_VISUALIZACAO_USUARIOS']));
    const row = await rowOf('Bruno Vendas');
    expect(screen.queryByRole('link', { name: 'Novo usuário' })).toBeNull();
    expect(within(row).queryByRole('link', { name: 'Editar Bruno Vendas' })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Inativar' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Ações' })).toBeNull();
    expect(screen.queryByRole('combobox', { name: 'Concessionária' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Tipo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Exportar .xlsx' })).toBeTruthy();
  });

  it('a user outside the scope (editavel false) has no edit or activation; oneself cannot be inactivated', async () => {
    renderList('/usuarios', [
      listMock({}, [
        buildRow({ editavel: false }),
        buildRow({ id: 'u-admin', nome: 'Ana Admin', email: 'admin@portal.demo', cpf: null, dealers: [] }),
      ]),
    ]);
    const other = await rowOf('Bruno Vendas');
    expect(within(other).queryByRole('link', { name: 'Editar Bruno Vendas' })).toBeNull();
    expect(within(other).queryByRole('button', { name: 'Inativar' })).toBeNull();
    const self = await rowOf('Ana Admin');
    expect(within(self).getByRole('link', { name: 'Editar Ana Admin' })).toBeTruthy();
    expect(within(self).queryByRole('button', { name: 'Inativar' })).toBeNull();
  });

  it('inactivating asks first, then calls the server and toasts', async () => {
    let called = false;
    renderList('/usuarios', [
      listMock({}),
      {
        request: { query: UsersListInativarDocument, variables: { id: U1 } },
        result: () => {
          called = true;
          return { data: { inativarUsuario: { __typename: 'Usuario', id: U1, active: false } } };
        },
      },
    ]);
    const row = await rowOf('Bruno Vendas');
    fireEvent.click(within(row).getByRole('button', { name: 'Inativar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Inativar Bruno Vendas?' });
    expect(called).toBe(false);
    expect(dialog.textContent).toContain('As sessões dele terminam na hora');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Inativar' }));
    expect(await screen.findByText('Inativado com sucesso.', {}, { timeout: 5000 })).toBeTruthy();
    expect(called).toBe(true);
  });

  it('special activation: only for LIBERAR_ATIVACAO_ESPECIAL, granted after the confirmation', async () => {
    renderList('/usuarios');
    const plain = await rowOf('Bruno Vendas');
    expect(within(plain).queryByRole('button', { name: 'Liberar ativação especial de Bruno Vendas' })).toBeNull();
    cleanup();

    renderList(
      '/usuarios',
      [
        listMock({}),
        {
          request: { query: UsersListAtivacaoEspecialDocument, variables: { id: U1, ativacaoEspecial: true } },
          result: { data: { alterarAtivacaoEspecial: { __typename: 'Usuario', id: U1, ativacaoEspecial: true } } },
        },
      ],
      buildUser([...MANAGE, 'LIBERAR_ATIVACAO_ESPECIAL']),
    );
    const row = await rowOf('Bruno Vendas');
    fireEvent.click(within(row).getByRole('button', { name: 'Liberar ativação especial de Bruno Vendas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Liberar a ativação especial de Bruno Vendas?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Liberar especial' }));
    expect(await screen.findByText('Ativação especial de Bruno Vendas liberada.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('a specially activated user shows the chip and offers removal', async () => {
    renderList(
      '/usuarios',
      [listMock({}, [buildRow({ ativacaoEspecial: true })])],
      buildUser([...MANAGE, 'LIBERAR_ATIVACAO_ESPECIAL']),
    );
    const row = await rowOf('Bruno Vendas');
    // Twice: its column and, for phones, under the name.
    expect(within(row).getAllByText('Ativação especial')).toHaveLength(2);
    expect(within(row).getByRole('button', { name: 'Remover a ativação especial de Bruno Vendas' })).toBeTruthy();
  });

  it('shows the empty state', async () => {
    renderList('/usuarios', [listMock({}, [])]);
    expect(await screen.findByText('Nenhum usuário encontrado.')).toBeTruthy();
  });

  it('shows the no-access notice to a user without either key', async () => {
    renderList('/usuarios', [], buildUser([]));
    expect(screen.queryByRole('heading', { level: 1, name: 'Usuários' })).toBeNull();
    expect(screen.getByText('Você não tem acesso a esta parte da página.')).toBeTruthy();
  });
});
