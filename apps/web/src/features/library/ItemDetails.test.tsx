// @vitest-environment jsdom
import { MockedProvider } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SignedInUser } from '../../app/current-user/current-user.documents';
import { SignedInUserContext } from '../../app/current-user/signed-in-user';
import { i18n } from '../../app/i18n';
import { FileDetails, FolderDetails } from './ItemDetails';
import { CONTAGEM_CONTEUDO_BIBLIOTECA, GRUPOS_USUARIOS_ATIVOS, type ItemBiblioteca } from './library.documents';
import { PessoasGrupoUsuariosDocument } from './library.generated';
import { buildItem, buildUser, GROUPS } from './test-factories';

describe('FileDetails', () => {
  afterEach(cleanup);

  const renderDetails = (item = buildItem({ nome: 'Metas 2026.xlsx', tamanho: 1_500_000 })) => {
    const onDownload = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <FileDetails file={item} onClose={vi.fn()} onDownload={onDownload} />
      </I18nextProvider>,
    );
    return { item, onDownload };
  };

  it('shows the kind, size, type, owner and dates, and downloads', () => {
    const { item, onDownload } = renderDetails();
    const dialog = screen.getByRole('dialog', { name: 'Metas 2026.xlsx' });
    expect(dialog.querySelector('[data-kind="spreadsheet"]')).toBeTruthy();
    const text = dialog.textContent ?? '';
    expect(text).toContain('Planilha');
    expect(text).toMatch(/1,5\sMB/);
    expect(text).toContain('Maria Montadora');
    expect(text).toContain('Criado em');
    expect(text).toContain('Modificado em');
    fireEvent.click(screen.getByRole('button', { name: 'Baixar' }));
    expect(onDownload).toHaveBeenCalledWith(item);
  });

  it('offers no download to whom the file does not allow it', () => {
    const base = buildItem({ nome: 'Outro.bin' });
    renderDetails({ ...base, viewerCan: { ...base.viewerCan, baixar: false } });
    expect(screen.getByText('Arquivo')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Baixar' })).toBeNull();
  });
});

describe('FolderDetails: who can see this (docs/domains/library.md#who-can-see-this)', () => {
  afterEach(cleanup);

  const withGroups = (item: ItemBiblioteca, levels: [string, 'LEITURA' | 'LEITURA_ESCRITA'][]): ItemBiblioteca => ({
    ...item,
    permissoes: levels.map(([id, level]) => ({
      __typename: 'PermissaoItemBiblioteca',
      id: `perm-${id}`,
      grupoUsuarios: { __typename: 'GrupoUsuariosResumo', id, nome: GROUPS.find((g) => g.id === id)?.nome ?? id },
      permissaoAcessoPasta: { __typename: 'PermissaoAcessoPasta', id: level as never, description: level },
    })),
  });
  const folder = withGroups(buildItem({ id: 'p1', nome: 'Campanhas', pasta: true, access: ['LEITURA'] }), [
    ['g1', 'LEITURA'],
    ['g2', 'LEITURA_ESCRITA'],
  ]);
  const mocks = (item: ItemBiblioteca) => [
    { request: { query: GRUPOS_USUARIOS_ATIVOS }, result: { data: { gruposUsuariosAtivos: GROUPS } } },
    {
      request: { query: CONTAGEM_CONTEUDO_BIBLIOTECA, variables: { ids: [item.id] } },
      result: {
        data: { contagemConteudoBiblioteca: { __typename: 'ContagemConteudoBiblioteca', arquivos: 7, pastas: 2 } },
      },
    },
    {
      request: { query: PessoasGrupoUsuariosDocument, variables: { id: 'g2', busca: null, page: 0, rowsPerPage: 10 } },
      result: {
        data: {
          pessoasGrupoUsuarios: {
            __typename: 'UsuarioGrupoUsuariosPage',
            totalElements: 1,
            content: [
              {
                __typename: 'UsuarioGrupoUsuarios',
                id: 'u1',
                nome: 'Bruno Pós',
                email: 'bruno@rede.example',
                dealers: [],
              },
            ],
          },
        },
      },
    },
  ];
  const renderFolder = (item: ItemBiblioteca, user: SignedInUser) =>
    render(
      <I18nextProvider i18n={i18n}>
        <SignedInUserContext value={user}>
          <MockedProvider mocks={mocks(item) as never}>
            <FolderDetails folder={item} onClose={vi.fn()} />
          </MockedProvider>
        </SignedInUserContext>
      </I18nextProvider>,
    );

  it('shows what the folder holds, each group with its level, kind and people, and opens the people of one', async () => {
    renderFolder(folder, buildUser(['PORTAL_GERENCIAR_BIBLIOTECA']));
    const dialog = screen.getByRole('dialog', { name: 'Campanhas' });
    expect(await within(dialog).findByText('7 arquivo(s) e 2 subpasta(s)')).toBeTruthy();
    const section = within(dialog).getByRole('region', { name: 'Quem tem acesso' });
    expect(await within(section).findByText('Leitura · Público · 12 pessoas')).toBeTruthy();
    expect(within(section).getByText('Leitura e escrita · Privado · 1 pessoa')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Ver as pessoas de Pós-venda' }));
    const people = await screen.findByRole('dialog', { name: 'Pessoas com acesso por Pós-venda' });
    expect(await within(people).findByText('Bruno Pós')).toBeTruthy();
  });

  it('shows a reader the groups and counts but not the people, which their keys do not open', async () => {
    renderFolder(folder, buildUser([]));
    const section = screen.getByRole('region', { name: 'Quem tem acesso' });
    expect(await within(section).findByText('Leitura · Público · 12 pessoas')).toBeTruthy();
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('says when no group has access', async () => {
    renderFolder(withGroups(folder, []), buildUser(['PORTAL_GERENCIAR_BIBLIOTECA']));
    expect(
      await screen.findByText('Nenhum grupo tem acesso: só quem administra a biblioteca vê esta pasta.'),
    ).toBeTruthy();
  });
});
