// @vitest-environment jsdom
import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { ToastProvider } from '../../ui/toast';
import { CRIAR_NOVA_PASTA, GRUPOS_USUARIOS_ATIVOS, PASTAS_COM_PERMISSAO_ESCRITA } from './library.documents';
import { NewFolderDialog } from './NewFolderDialog';
import { buildItem, GROUPS } from './test-factories';

const contratos = buildItem({ id: 'pasta-1', nome: 'Contratos', pasta: true, access: ['LEITURA_ESCRITA'] });
const baseMocks: MockedResponse[] = [
  {
    request: { query: PASTAS_COM_PERMISSAO_ESCRITA },
    result: { data: { pastasComPermissaoEscrita: [contratos] } },
    maxUsageCount: 5,
  },
  { request: { query: GRUPOS_USUARIOS_ATIVOS }, result: { data: { gruposUsuariosAtivos: GROUPS } }, maxUsageCount: 5 },
];

function renderDialog(mocks: MockedResponse[] = []) {
  render(
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <MockedProvider mocks={[...baseMocks, ...mocks]}>
          <NewFolderDialog open onClose={() => {}} currentFolderId={null} />
        </MockedProvider>
      </ToastProvider>
    </I18nextProvider>,
  );
}

const ROOT_RULE = 'Uma pasta na raiz da biblioteca precisa de ao menos um grupo com acesso.';

async function chooseGroup(label: string, name: string) {
  const input = screen.getByRole('combobox', { name: label });
  fireEvent.mouseDown(input);
  fireEvent.change(input, { target: { value: name.slice(0, 4) } });
  fireEvent.click(await screen.findByRole('option', { name }));
}

async function chooseLocation(name: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Local' }));
  fireEvent.click(await within(await screen.findByRole('listbox')).findByRole('option', { name }));
}

const chips = () => screen.queryAllByRole('button').filter((b) => b.classList.contains('MuiChip-root'));

describe('NewFolderDialog', () => {
  afterEach(() => cleanup());

  it('says before saving how a name with a slash is stored', () => {
    renderDialog();
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Vendas/2026' } });
    expect(screen.getByText('Será salvo como “Vendas_2026”.')).toBeTruthy();
  });

  it('shows errors only after touch or submit; in the root a group is required', async () => {
    renderDialog();
    expect(screen.queryByText('Informe o nome.')).toBeNull();
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Manuais' } });
    expect(screen.queryByText(ROOT_RULE)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Criar pasta' }));
    expect(await screen.findByText(ROOT_RULE)).toBeTruthy();

    await chooseGroup('Grupos com leitura', 'Rede Horizonte');
    expect(screen.queryByText(ROOT_RULE)).toBeNull();
  });

  it('needs no group inside a folder, and changing the location clears both group lists', async () => {
    renderDialog([
      {
        request: {
          query: CRIAR_NOVA_PASTA,
          variables: { novaPasta: { nome: 'Manuais', idPai: 'pasta-1', idsGrupoAcesso: [], tiposAcesso: [] } },
        },
        result: { data: { criarNovaPasta: buildItem({ nome: 'Manuais', pasta: true }) } },
      },
    ]);
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Manuais' } });
    await chooseGroup('Grupos com leitura', 'Rede Horizonte');
    await chooseGroup('Grupos com leitura e escrita', 'Pós-venda');
    expect(chips().map((c) => c.textContent)).toEqual(['Rede Horizonte', 'Pós-venda']);

    await chooseLocation('Biblioteca / Contratos');
    expect(chips()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Criar pasta' }));
    expect(screen.queryByText(ROOT_RULE)).toBeNull();
    expect(await screen.findByText('Pasta criada.')).toBeTruthy();
  });

  it('offers the root and the writable folders as locations', async () => {
    renderDialog();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Local' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Biblioteca', 'Biblioteca / Contratos']);
  });

  it('shows a folder name already used at that level on the name field, and keeps the dialog open', async () => {
    renderDialog([
      {
        request: {
          query: CRIAR_NOVA_PASTA,
          variables: { novaPasta: { nome: 'contratos', idPai: 'pasta-1', idsGrupoAcesso: [], tiposAcesso: [] } },
        },
        result: {
          errors: [
            new GraphQLError('taken', {
              extensions: { code: 'BAD_USER_INPUT', fields: { nome: 'library.folderNameTaken' } },
            }),
          ],
        },
      },
    ]);
    await chooseLocation('Biblioteca / Contratos');
    const name = screen.getByLabelText('Nome');
    fireEvent.change(name, { target: { value: 'contratos' } });
    fireEvent.click(screen.getByRole('button', { name: 'Criar pasta' }));
    const message = await screen.findByText(/Já existe uma pasta com este nome aqui/);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe(message.id);
    fireEvent.change(name, { target: { value: 'contratos 2' } });
    expect(screen.queryByText(/Já existe uma pasta com este nome aqui/)).toBeNull();
  });
});
