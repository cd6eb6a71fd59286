// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DealerGroupEditPage } from './DealerGroupEditPage';
import {
  GrupoDealersDocument,
  GrupoDocument,
  GrupoUsuariosDocument,
  SalvarGrupoDocument,
} from './dealer-groups.generated';
import { buildGroup, renderScreen } from './test-factories';

beforeAll(() => import('../../ui/ToastHost'));

const group = buildGroup();
const groupMock = {
  request: { query: GrupoDocument, variables: { id: 'g-1' } },
  result: { data: { grupo: group } },
  maxUsageCount: 5,
};
const dealersMock = {
  request: { query: GrupoDealersDocument, variables: { id: 'g-1', page: 0, rowsPerPage: 10 } },
  result: {
    data: {
      grupo: {
        __typename: 'Grupo',
        id: 'g-1',
        dealers: {
          __typename: 'GrupoDealerPage',
          totalElements: 1,
          content: [
            {
              __typename: 'GrupoDealer',
              id: 'd-1',
              nomeExibicao: 'Horizonte Centro',
              nome: 'Horizonte Centro Veículos Ltda',
              codigoPrincipal: 'HZ01',
              cnpj: '11444777000161',
              active: true,
            },
          ],
        },
      },
    },
  },
  maxUsageCount: 5,
};
const usersMock = {
  request: { query: GrupoUsuariosDocument, variables: { id: 'g-1', page: 0, rowsPerPage: 10 } },
  result: {
    data: {
      grupo: {
        __typename: 'Grupo',
        id: 'g-1',
        usuarios: {
          __typename: 'GrupoUsuarioPage',
          totalElements: 1,
          content: [
            { __typename: 'GrupoUsuario', id: 'u-9', nome: 'Diego Dealer', email: 'dealer@portal.demo', active: false },
          ],
        },
      },
    },
  },
  maxUsageCount: 5,
};

function renderEdit(url: string, mocks: unknown[] = []) {
  const path = url === '/grupos/novo' ? '/grupos/novo' : '/grupos/:id';
  const { view, router } = renderScreen({
    path,
    url,
    screen: <DealerGroupEditPage />,
    mocks: [groupMock, dealersMock, usersMock, ...(mocks as never[])],
  });
  render(view);
  return router;
}

const input = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const helperOf = (label: string) => document.getElementById(`${input(label).id}-helper-text`)?.textContent;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

describe('DealerGroupEditPage', () => {
  afterEach(() => cleanup());

  it('new: refuses an empty name before any request; a taken name shows the server message on the field', async () => {
    const router = renderEdit('/grupos/novo', [
      {
        request: { query: SalvarGrupoDocument, variables: { id: null, grupo: { nome: 'grupo horizonte' } } },
        result: {
          errors: [
            new GraphQLError('Este nome já está em uso.', {
              extensions: { code: 'BAD_USER_INPUT', fields: { nome: 'organisation.nameTaken' } },
            }),
          ],
        },
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Novo grupo' })).toBeTruthy();
    save();
    expect(helperOf('Nome')).toBe('Campo obrigatório.');
    type('Nome', 'grupo horizonte');
    save();
    await waitFor(() => expect(helperOf('Nome')).toBe('Este nome já está em uso.'));
    expect(router.state.location.pathname).toBe('/grupos/novo');
  });

  it('edit: loads the group with its status and members; saves the new name and returns to the list', async () => {
    const router = renderEdit('/grupos/g-1', [
      {
        request: { query: SalvarGrupoDocument, variables: { id: 'g-1', grupo: { nome: 'Grupo Horizonte Sul' } } },
        result: { data: { salvarGrupo: { ...group, nome: 'Grupo Horizonte Sul' } } },
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Grupo Horizonte' })).toBeTruthy();
    expect(input('Nome').value).toBe('Grupo Horizonte');
    expect(screen.getByRole('button', { name: 'Inativar Grupo Horizonte' })).toBeTruthy();
    expect(await screen.findByText('Horizonte Centro')).toBeTruthy();
    expect(screen.getByText('11.444.777/0001-61')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Dealers (2)' })).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Usuários' }));
    expect(router.state.location.search).toBe('?membros=usuarios');
    const row = (await screen.findByText('Diego Dealer')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Inativo')).toBeTruthy();

    type('Nome', 'Grupo Horizonte Sul');
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/grupos'));
    expect(await screen.findByText('Grupo salvo.', {}, { timeout: 5000 })).toBeTruthy();
  });
});
