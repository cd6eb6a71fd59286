// @vitest-environment jsdom
import type { MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildGroup, buildMember, buildUser, renderScreen } from './test-factories';
import { UserGroupEditPage } from './UserGroupEditPage';
import { USER_GROUP_TOUR_ID, USER_GROUP_TOUR_STEPS } from './user-group-tour';
import {
  AdicionarUsuariosGrupoUsuariosDocument,
  GrupoDeUsuariosDocument,
  RemoverUsuarioGrupoUsuariosDocument,
  SalvarGrupoUsuariosDocument,
  UsuariosParaGrupoUsuariosDocument,
  UsuariosPorGrupoUsuariosDocument,
} from './user-groups.generated';

beforeAll(() => import('../../ui/ToastHost'));

const group = buildGroup();
const groupMock = {
  request: { query: GrupoDeUsuariosDocument, variables: { id: 'g-1' } },
  result: { data: { grupoUsuarios: group } },
  maxUsageCount: 10,
};
const joana = buildMember();
const membersMock = (content = [joana]) => ({
  request: { query: UsuariosPorGrupoUsuariosDocument, variables: { id: 'g-1', busca: null, page: 0, rowsPerPage: 10 } },
  result: {
    data: {
      usuariosPorGrupoUsuarios: { __typename: 'UsuarioGrupoUsuariosPage', content, totalElements: content.length },
    },
  },
  maxUsageCount: 10,
});

function renderEdit(url: string, mocks: MockedResponse[] = [], user = undefined as never) {
  const path = url === '/gruposUsuarios/novo' ? '/gruposUsuarios/novo' : '/gruposUsuarios/:id';
  const { view, router } = renderScreen({
    path,
    url,
    screen: <UserGroupEditPage />,
    mocks: [groupMock, membersMock(), ...mocks],
    user,
  });
  render(view);
  return router;
}

const input = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}( \\*)?$`), { selector: 'input' }) as HTMLInputElement;
const helperOf = (label: string) => document.getElementById(`${input(label).id}-helper-text`)?.textContent;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

describe('UserGroupEditPage', () => {
  afterEach(() => cleanup());

  it('new: the shared schema refuses an empty name before any request; saving goes to the new group', async () => {
    const saved = buildGroup({ id: 'g-9', nome: 'Frotistas', publico: true, quantidadeUsuarios: 0 });
    const router = renderEdit('/gruposUsuarios/novo', [
      {
        request: {
          query: SalvarGrupoUsuariosDocument,
          variables: { id: null, grupo: { nome: 'Frotistas', publico: true, active: true } },
        },
        result: { data: { salvarGrupoUsuarios: saved } },
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Novo grupo de usuários' })).toBeTruthy();
    save();
    expect(helperOf('Nome')).toBe('Campo obrigatório.');
    fireEvent.change(input('Nome'), { target: { value: 'Frotistas' } });
    fireEvent.click(input('Grupo público'));
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/gruposUsuarios/g-9'));
  });

  it('without the public-groups key the public option is disabled, with the reason', async () => {
    renderEdit('/gruposUsuarios/novo', [], buildUser(['PORTAL_MANUTENCAO_GRUPOS_USUARIOS']) as never);
    await screen.findByRole('heading', { level: 1, name: 'Novo grupo de usuários' });
    expect(input('Grupo público').disabled).toBe(true);
    expect(
      screen.getByText('Você não tem permissão para criar grupos públicos: este grupo fica privado.'),
    ).toBeTruthy();
  });

  it('a taken name shows the server message on the field', async () => {
    renderEdit('/gruposUsuarios/g-1', [
      {
        request: {
          query: SalvarGrupoUsuariosDocument,
          variables: { id: 'g-1', grupo: { nome: 'Pós-venda Sul', publico: false, active: true } },
        },
        result: {
          errors: [
            new GraphQLError('Nome já em uso', {
              extensions: {
                code: 'BAD_USER_INPUT',
                messageKey: 'organisation.nameTaken',
                fields: { nome: 'organisation.nameTaken' },
              },
            }),
          ],
        },
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Grupo de usuários Pós-venda Sul' })).toBeTruthy();
    await waitFor(() => expect(input('Nome').value).toBe('Pós-venda Sul'));
    save();
    await waitFor(() => expect(helperOf('Nome')).toBeTruthy());
  });

  it('edit: lists members, finds a user by name and adds them, removes one after a confirmation', async () => {
    const bruno = buildMember({ id: 'u-11', nome: 'Bruno Lima', email: 'bruno@teste.demo', dealers: [] });
    renderEdit('/gruposUsuarios/g-1', [
      {
        request: { query: UsuariosParaGrupoUsuariosDocument, variables: { id: 'g-1', busca: 'bruno' } },
        result: { data: { usuariosParaGrupoUsuarios: [bruno] } },
        maxUsageCount: 5,
      },
      {
        request: { query: AdicionarUsuariosGrupoUsuariosDocument, variables: { id: 'g-1', idsUsuarios: ['u-11'] } },
        result: { data: { adicionarUsuariosGrupoUsuarios: { ...group, quantidadeUsuarios: 3 } } },
      },
      {
        request: { query: RemoverUsuarioGrupoUsuariosDocument, variables: { id: 'g-1', idUsuario: 'u-10' } },
        result: { data: { removerUsuarioGrupoUsuarios: { ...group, quantidadeUsuarios: 1 } } },
      },
    ]);
    const members = await screen.findByRole('region', { name: 'Membros' });
    expect(await within(members).findByText('Joana Estêvão')).toBeTruthy();
    fireEvent.change(within(members).getByLabelText('Adicionar usuários: buscar por nome, e-mail ou dealer'), {
      target: { value: 'bruno' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Adicionar Bruno Lima' }));
    expect(await screen.findByText('Bruno Lima adicionado(a) ao grupo.', {}, { timeout: 5000 })).toBeTruthy();

    fireEvent.click(within(members).getByRole('button', { name: 'Remover Joana Estêvão' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remover Joana Estêvão do grupo?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('Usuário removido do grupo.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('marks the regions the GRUPO_USUARIO tour points at: name, visibility, members', async () => {
    renderEdit('/gruposUsuarios/g-1');
    await screen.findByRole('region', { name: 'Membros' });
    expect(USER_GROUP_TOUR_ID).toBe('GRUPO_USUARIO');
    for (const step of USER_GROUP_TOUR_STEPS) expect(document.querySelector(step.selector)).not.toBeNull();
  });
});
