// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MenuEditPage } from './MenuEditPage';
import { MenuAdministracaoDocument, SalvarMenuDocument } from './menus.generated';
import { buildEntry, optionsMock, renderScreen } from './test-factories';

beforeAll(() => import('../../ui/ToastHost'));

const entry = buildEntry({ tituloChave: 'route.comunicados', quantidadeFilhos: 0 });
const entryMock = {
  request: { query: MenuAdministracaoDocument, variables: { id: 'm-1' } },
  result: { data: { menuAdministracao: entry } },
  maxUsageCount: 5,
};
const menuInput = {
  titulo: 'Comunicados',
  uri: '/comunicados',
  produtoId: null,
  parentId: 'c-1',
  ordem: 2,
  externo: false,
  chaves: [],
  tipos: [],
};

function renderEdit(url: string, mocks: unknown[] = []) {
  const path = url === '/menus/novo' ? '/menus/novo' : '/menus/:id';
  const { view, router } = renderScreen({
    path,
    url,
    screen: <MenuEditPage />,
    mocks: [optionsMock, entryMock, ...(mocks as never[])],
  });
  render(view);
  return router;
}

const input = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const helperOf = (label: string) => document.getElementById(`${input(label).id}-helper-text`)?.textContent;
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));

describe('MenuEditPage', () => {
  afterEach(() => cleanup());

  it('new: the shared schema refuses an empty title and an item without uri, before any request', async () => {
    renderEdit('/menus/novo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Novo menu' })).toBeTruthy();
    type('Endereço (uri)', '');
    save();
    expect(helperOf('Título')).toBe('Campo obrigatório.');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Menu pai' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Administração' }));
    expect(helperOf('Endereço (uri)')).toBe('Informe o endereço do item.');
    type('Ordem', 'x');
    expect(helperOf('Ordem')).toBe('Informe um número inteiro de 0 a 9999.');
  });

  it('edit: loads the entry, saves the renamed title and returns to the list', async () => {
    const router = renderEdit('/menus/m-1', [
      {
        request: {
          query: SalvarMenuDocument,
          variables: { id: 'm-1', menu: { ...menuInput, titulo: 'Avisos da rede' } },
        },
        result: { data: { salvarMenu: { ...entry, titulo: 'Avisos da rede', tituloChave: null } } },
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Editar Comunicados' })).toBeTruthy();
    expect(input('Título').value).toBe('Comunicados');
    expect(helperOf('Título')).toContain('route.comunicados');
    expect(screen.getByRole('button', { name: 'Inativar' })).toBeTruthy();
    type('Título', 'Avisos da rede');
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/menus'));
    expect(await screen.findByText('Menu salvo.', {}, { timeout: 5000 })).toBeTruthy();
  });

  it("shows the server's per-field error on its field", async () => {
    renderEdit('/menus/m-1', [
      {
        request: { query: SalvarMenuDocument, variables: { id: 'm-1', menu: { ...menuInput, parentId: 'c-2' } } },
        result: {
          errors: [
            new GraphQLError('Dados inválidos.', {
              extensions: { code: 'BAD_USER_INPUT', fields: { parentId: 'menus.validation.tooDeep' } },
            }),
          ],
        },
      },
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Editar Comunicados' });
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Menu pai' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Administração' }));
    save();
    expect(await screen.findByText('O menu tem no máximo três níveis: categoria, item e subitem.')).toBeTruthy();
  });
});
