// @vitest-environment jsdom
import type { MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setPortalLabels } from '../../app/i18n';
import { typeDay } from '../../ui/form/type-day.testing';
import { UserEditPage } from './UserEditPage';
import {
  UserFormPermissoesDeDocument,
  UserFormPodeAdicionarCargoDocument,
  UserFormSalvarUsuarioDocument,
  type UserFormSalvarUsuarioMutationVariables,
  UserFormUsuarioByCpfDocument,
  UserFormUsuarioByEmailDocument,
  UserFormUsuarioDocument,
  UserFormUsuariosParaClonarDocument,
} from './user-form.generated';
import {
  applyDemoLabels,
  buildLoaded,
  buildOptions,
  C1,
  C2,
  D1,
  DEP1,
  F_BIB,
  F_COM,
  M1,
  optionsMock,
  PORTAL,
  produtosMock,
  renderScreen,
  U1,
  U2,
} from './user-form-fixtures';

beforeAll(() => import('../../ui/ToastHost'));
beforeAll(() => applyDemoLabels());
afterAll(() => setPortalLabels(null));
afterEach(() => cleanup());

const emailFree: MockedResponse = {
  request: { query: UserFormUsuarioByEmailDocument },
  variableMatcher: () => true,
  result: { data: { usuarioByEmail: null } },
  maxUsageCount: 10,
};
const cpfOwnUser: MockedResponse = {
  request: { query: UserFormUsuarioByCpfDocument },
  variableMatcher: () => true,
  result: { data: { usuarioByCpf: { __typename: 'Usuario', id: U1 } } },
  maxUsageCount: 10,
};
const loadedMock = (loaded = buildLoaded()): MockedResponse => ({
  request: { query: UserFormUsuarioDocument, variables: { id: U1 } },
  result: { data: loaded },
  maxUsageCount: 5,
});

/** A salvarUsuario that succeeds, keeping the variables it was called with. */
function saveMock(sent: UserFormSalvarUsuarioMutationVariables[], nome: string): MockedResponse {
  return {
    request: { query: UserFormSalvarUsuarioDocument },
    variableMatcher: (variables) => {
      sent.push(variables as UserFormSalvarUsuarioMutationVariables);
      return true;
    },
    result: { data: { salvarUsuario: { __typename: 'Usuario', id: U2, nome } } },
  };
}

function renderAt(url: string, mocks: MockedResponse[], options = buildOptions()) {
  const path = url === '/usuarios/novo' ? '/usuarios/novo' : '/usuarios/:id';
  const { view, router } = renderScreen({
    path,
    url,
    screen: <UserEditPage />,
    mocks: [optionsMock(options), produtosMock, emailFree, cpfOwnUser, ...mocks],
  });
  render(view);
  return router;
}

const input = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`), { selector: 'input' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const helperOf = (label: string) => document.getElementById(`${input(label).id}-helper-text`)?.textContent;
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
const finish = () => fireEvent.click(screen.getByRole('button', { name: 'Concluir' }));
/** Chooses `option` in the select labelled `label`. */
function choose(label: string, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: new RegExp(`^${label}\\s*\\*?$`) }));
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}
/** Adds `option` in the multi-select labelled `label`. */
function pick(label: string, option: string) {
  fireEvent.keyDown(input(label), { key: 'ArrowDown' });
  fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}
const checkbox = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('UserEditPage: user data', () => {
  it('a single type and a single brand are chosen without pickers; a new user is saved with them and named in the message', async () => {
    const sent: UserFormSalvarUsuarioMutationVariables[] = [];
    const router = renderAt(
      '/usuarios/novo',
      [saveMock(sent, 'Maria Montadora')],
      buildOptions({ tipos: ['MONTADORA'], marcas: 1 }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Novo usuário' })).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: /^Tipo de usuário/ })).toBeNull();
    expect(screen.queryByLabelText(/^Marcas/)).toBeNull();
    type('Nome', 'Maria Montadora');
    type('E-mail', 'Maria@Portal.Demo');
    fireEvent.blur(input('E-mail'));
    expect(input('E-mail').value).toBe('maria@portal.demo');
    // MONTADORA is a management type here: admission and superior are asked (positions exist).
    expect(screen.getByRole('region', { name: 'Dados de gestão' })).toBeTruthy();
    await typeDay(/^Data de admissão/, '2026-01-10');
    type('E-mail do superior', 'chefe@portal.demo');
    next();
    expect(await screen.findByRole('heading', { level: 3, name: 'Portal' })).toBeTruthy();
    finish();
    await waitFor(() => expect(router.state.location.pathname).toBe('/usuarios'));
    expect(await screen.findByText('Usuário Maria Montadora criado.')).toBeTruthy();
    expect(sent[0]).toEqual({
      usuario: {
        nome: 'Maria Montadora',
        email: 'maria@portal.demo',
        cpf: null,
        codigos: [],
        tipo: 'MONTADORA',
        idioma: 'PT_BR',
        idsDealers: [],
        marcas: [M1],
        telefones: [],
        celulares: [],
        idsGrupos: [],
        produtos: [],
      },
      cargos: [],
      infos: {
        dataAdmissao: '2026-01-10',
        emailSuperior: 'chefe@portal.demo',
        dataDesligamento: null,
        desligamentoId: null,
      },
    });
  });

  it('several types and brands show their pickers, every brand chosen for a new user', async () => {
    renderAt('/usuarios/novo', []);
    await screen.findByRole('heading', { level: 1, name: 'Novo usuário' });
    expect(screen.getByRole('combobox', { name: /^Tipo de usuário/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Aurora' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Boreal' })).toBeTruthy();
  });

  it('management data only for the types of tiposUsuarioInformarGestao; positions only for tiposUsuarioInformarCargo', async () => {
    renderAt('/usuarios/novo', []);
    await screen.findByRole('heading', { level: 1, name: 'Novo usuário' });
    choose('Tipo de usuário', 'Montadora');
    expect(screen.getByRole('region', { name: 'Dados de gestão' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Cargos' })).toBeNull();
    choose('Tipo de usuário', 'Dealer / Grupo');
    expect(screen.queryByRole('region', { name: 'Dados de gestão' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Cargos' })).toBeTruthy();
  });

  it('DEALER_GRUPO needs dealers, then a position for each selected dealer', async () => {
    renderAt('/usuarios/novo', []);
    await screen.findByRole('heading', { level: 1, name: 'Novo usuário' });
    type('Nome', 'Davi Dealer');
    type('E-mail', 'davi@portal.demo');
    choose('Tipo de usuário', 'Dealer / Grupo');
    next();
    await waitFor(() => expect(helperOf('Concessionárias')).toBe('Selecione ao menos um dealer.'));
    expect(await screen.findByText('Verifique os campos destacados antes de continuar.')).toBeTruthy();
    pick('Concessionárias', 'Horizonte Centro (D001)');
    next();
    await waitFor(() => expect(screen.getByText('Adicione ao menos um cargo.')).toBeTruthy());
    expect(screen.getByText(/Etapa 1 de 2/)).toBeTruthy();
    expect(input('Nome').value).toBe('Davi Dealer');
  });

  it('a taken e-mail shows on its field on create and keeps the step', async () => {
    const taken: MockedResponse = {
      request: { query: UserFormUsuarioByEmailDocument, variables: { email: 'ana@portal.demo' } },
      result: { data: { usuarioByEmail: { __typename: 'Usuario', id: U2 } } },
      maxUsageCount: 5,
    };
    const { view } = renderScreen({
      path: '/usuarios/novo',
      url: '/usuarios/novo',
      screen: <UserEditPage />,
      mocks: [optionsMock(buildOptions({ tipos: ['TECSINAPSE'] })), produtosMock, taken],
    });
    render(view);
    await screen.findByRole('heading', { level: 1, name: 'Novo usuário' });
    type('Nome', 'Ana');
    type('E-mail', 'ana@portal.demo');
    fireEvent.blur(input('E-mail'));
    await waitFor(() => expect(helperOf('E-mail')).toBe('Este e-mail já pertence a outro usuário.'));
    next();
    await waitFor(() => expect(screen.getByText('Verifique os campos destacados antes de continuar.')).toBeTruthy());
    expect(screen.getByText(/Etapa 1 de 2/)).toBeTruthy();
  });
  it('a CPF of another user shows on its field', async () => {
    const other: MockedResponse = {
      request: { query: UserFormUsuarioByCpfDocument, variables: { cpf: '390.533.447-05' } },
      result: { data: { usuarioByCpf: { __typename: 'Usuario', id: U2 } } },
      maxUsageCount: 5,
    };
    const { view } = renderScreen({
      path: '/usuarios/:id',
      url: `/usuarios/${U1}`,
      screen: <UserEditPage />,
      mocks: [optionsMock(), produtosMock, loadedMock(), other],
    });
    render(view);
    await screen.findByRole('heading', { level: 1, name: 'Diego Dealer' });
    type('CPF', '39053344705');
    fireEvent.blur(input('CPF'));
    await waitFor(() => expect(helperOf('CPF')).toBe('Este CPF já pertence a outro usuário.'));
    type('CPF', '390533447');
    expect(helperOf('CPF')).not.toBe('Este CPF já pertence a outro usuário.');
  });
});

describe('UserEditPage: positions', () => {
  it('adding checks the rules, then the server; a refusal is an error toast and nothing is added', async () => {
    const check = (result: boolean): MockedResponse => ({
      request: {
        query: UserFormPodeAdicionarCargoDocument,
        variables: { cargoId: C2, tipoUsuario: 'DEALER_GRUPO', dealerId: D1, usuarioId: U1 },
      },
      result: { data: { podeAdicionarCargo: result } },
    });
    renderAt(`/usuarios/${U1}`, [loadedMock(), check(false), check(true)]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Diego Dealer' })).toBeTruthy();
    const positions = screen.getByRole('list', { name: 'Cargos' });
    expect(within(positions).getByText('Gerente de vendas')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Adicionar cargo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar cargo' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Preencha o cargo e a data de início (e o departamento, quando exibido).',
    );
    choose('Cargo', 'Gerente de vendas');
    choose('Departamento', 'Comercial');
    await typeDay(/^Data de início/, '2025-04-01');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Este cargo já está atribuído nesta concessionária.');
    choose('Cargo', 'Vendedor');
    await typeDay(/^Data de início/, '2025-01-01');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'O início não pode ser anterior ao de um cargo já ocupado nesta concessionária.',
    );
    await typeDay(/^Data de início/, '2025-05-01');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    expect(
      await screen.findByText('Este cargo não pode ser adicionado para este usuário nesta concessionária.'),
    ).toBeTruthy();
    expect(within(positions).queryByText('Vendedor')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adicionar' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Cargos' })).getByText('Vendedor')).toBeTruthy(),
    );
    expect(screen.queryByRole('dialog', { name: 'Adicionar cargo' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Remover o cargo Vendedor' }));
    expect(within(screen.getByRole('list', { name: 'Cargos' })).queryByText('Vendedor')).toBeNull();
  });
});

describe('UserEditPage: permissions', () => {
  it('locks what the administrator cannot grant, and an access type repeated by its features is an error that keeps the step', async () => {
    const sent: UserFormSalvarUsuarioMutationVariables[] = [];
    renderAt(`/usuarios/${U1}`, [loadedMock(), saveMock(sent, 'Diego Dealer')]);
    await screen.findByRole('heading', { level: 1, name: 'Diego Dealer' });
    next();
    await screen.findByRole('heading', { level: 3, name: 'Portal' });
    expect(checkbox('Gestor de comunicados').checked).toBe(true);
    expect(checkbox('Administrador').disabled).toBe(true);
    expect(checkbox('Manter usuários').disabled).toBe(true);
    fireEvent.click(checkbox('Criar comunicados'));
    fireEvent.click(checkbox('Gerenciar biblioteca'));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(
      'Todas as funcionalidades padrão destes tipos de acesso também estão selecionadas individualmente:Gestor de comunicados',
    );
    finish();
    expect(await screen.findByText('Verifique os campos destacados antes de continuar.')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('the product filter shows only the chosen products; the tour marks the first card', async () => {
    renderAt(`/usuarios/${U1}`, [loadedMock()]);
    await screen.findByRole('heading', { level: 1, name: 'Diego Dealer' });
    next();
    await screen.findByRole('heading', { level: 3, name: 'CRM Rede' });
    // The USUARIO_EDICAO tour points at the first card.
    const first = screen.getByRole('region', { name: 'Portal' });
    expect(first.querySelector('[data-tour="usuario-produto-tipos"]')).toBeTruthy();
    expect(first.querySelector('[data-tour="usuario-produto-clonar"]')).toBeTruthy();
    pick('Produtos', 'Portal');
    expect(screen.getByRole('heading', { level: 3, name: 'Portal' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 3, name: 'CRM Rede' })).toBeNull();
  });

  it('clones a colleague after the confirmation; the result stays editable and is what is saved', async () => {
    const sent: UserFormSalvarUsuarioMutationVariables[] = [];
    const colleagues: MockedResponse = {
      request: {
        query: UserFormUsuariosParaClonarDocument,
        variables: { tipoUsuario: 'DEALER_GRUPO', dealerIds: [D1], busca: null },
      },
      result: {
        data: {
          usuariosByTipoUsuario: [
            {
              __typename: 'Usuario',
              id: U2,
              nome: 'Carla Colega',
              email: 'carla@portal.demo',
              dealers: [{ __typename: 'UsuarioDealer', id: D1, nomeExibicao: 'Horizonte Centro' }],
            },
          ],
        },
      },
    };
    const permissions: MockedResponse = {
      request: { query: UserFormPermissoesDeDocument, variables: { id: U2 } },
      result: {
        data: {
          usuario: {
            __typename: 'Usuario',
            id: U2,
            nome: 'Carla Colega',
            tiposAcesso: [],
            funcionalidades: [
              { __typename: 'Funcionalidade', id: F_COM, produto: { __typename: 'Produto', id: PORTAL } },
            ],
          },
        },
      },
    };
    const router = renderAt(`/usuarios/${U1}`, [loadedMock(), colleagues, permissions, saveMock(sent, 'Diego Dealer')]);
    await screen.findByRole('heading', { level: 1, name: 'Diego Dealer' });
    next();
    await screen.findByRole('heading', { level: 3, name: 'Portal' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Clonar permissões' })[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Clonar permissões de Portal' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Clonar as permissões de Carla Colega' }));
    const confirm = await screen.findByRole('dialog', { name: 'Clonar as permissões de Carla Colega?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Clonar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Clonar permissões de Portal' })).toBeNull());
    expect(await screen.findByText('Permissões de Carla Colega copiadas. Revise e conclua para salvar.')).toBeTruthy();
    expect(checkbox('Gestor de comunicados').checked).toBe(false);
    expect(checkbox('Criar comunicados').checked).toBe(true);
    fireEvent.click(checkbox('Gerenciar biblioteca'));
    expect(checkbox('Gerenciar biblioteca').checked).toBe(true);
    finish();
    await waitFor(() => expect(router.state.location.pathname).toBe('/usuarios'));
    expect(await screen.findByText('Usuário Diego Dealer editado.')).toBeTruthy();
    expect(sent[0].usuario).toMatchObject({ id: U1, cpf: '529.982.247-25', tipo: 'DEALER_GRUPO', idsDealers: [D1] });
    expect(sent[0].usuario.produtos).toEqual([
      { idProduto: PORTAL, idsTiposAcesso: [], idsFuncionalidades: [F_COM, F_BIB] },
    ]);
    expect(sent[0].cargos).toEqual([{ cargoId: C1, dataInicio: '2025-03-01', dealerId: D1, departamentoId: DEP1 }]);
    expect(sent[0].infos).toBeNull();
  });

  it('the clone dialog says when no user can be cloned', async () => {
    const none: MockedResponse = {
      request: { query: UserFormUsuariosParaClonarDocument },
      variableMatcher: () => true,
      result: { data: { usuariosByTipoUsuario: [] } },
    };
    renderAt(`/usuarios/${U1}`, [loadedMock(), none]);
    await screen.findByRole('heading', { level: 1, name: 'Diego Dealer' });
    next();
    await screen.findByRole('heading', { level: 3, name: 'Portal' });
    fireEvent.click(screen.getAllByRole('button', { name: 'Clonar permissões' })[0]);
    expect(await screen.findByText('Nenhum usuário deste tipo nesta seleção de concessionárias.')).toBeTruthy();
  });

  it('a field refused by the server shows on its field and in the list of problems; what was typed stays', async () => {
    const refused: MockedResponse = {
      request: { query: UserFormSalvarUsuarioDocument },
      variableMatcher: () => true,
      result: {
        errors: [
          new GraphQLError('Este CPF já pertence a outro usuário.', {
            extensions: { code: 'BAD_USER_INPUT', fields: { 'usuario.cpf': 'users.cpfTaken' } },
          }),
        ],
      },
    };
    renderAt(`/usuarios/${U1}`, [loadedMock(buildLoaded({ tiposAcesso: [] })), refused]);
    await screen.findByRole('heading', { level: 1, name: 'Diego Dealer' });
    type('Nome', 'Diego Dealer Jr');
    next();
    await screen.findByRole('heading', { level: 3, name: 'Portal' });
    finish();
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('CPF: Este CPF já pertence a outro usuário.'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(helperOf('CPF')).toBe('Este CPF já pertence a outro usuário.');
    expect(input('Nome').value).toBe('Diego Dealer Jr');
  });
});
