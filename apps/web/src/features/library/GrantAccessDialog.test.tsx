// @vitest-environment jsdom
import { MockedProvider } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { SignedInUserContext } from '../../app/current-user/signed-in-user';
import { i18n } from '../../app/i18n';
import { ToastProvider } from '../../ui/toast';
import { GrantAccessDialog } from './GrantAccessDialog';
import { GRUPOS_USUARIOS_ATIVOS } from './library.documents';
import { PessoasGrupoUsuariosDocument } from './library.generated';
import { buildItem, buildUser, GROUPS } from './test-factories';

const folder = buildItem({ id: 'p1', nome: 'Campanhas', pasta: true, access: ['LEITURA_ESCRITA'] });
folder.permissoes = [
  {
    __typename: 'PermissaoItemBiblioteca',
    id: 'perm1',
    grupoUsuarios: { __typename: 'GrupoUsuarios', id: 'g1', nome: 'Rede Horizonte' },
    permissaoAcessoPasta: { __typename: 'PermissaoAcessoPasta', id: 'LEITURA', description: 'LEITURA' },
  },
] as never;

const mocks = [
  { request: { query: GRUPOS_USUARIOS_ATIVOS }, result: { data: { gruposUsuariosAtivos: GROUPS } } },
  {
    request: { query: PessoasGrupoUsuariosDocument, variables: { id: 'g1', busca: null, page: 0, rowsPerPage: 10 } },
    result: {
      data: {
        pessoasGrupoUsuarios: {
          __typename: 'UsuarioGrupoUsuariosPage',
          totalElements: 1,
          content: [
            { __typename: 'UsuarioGrupoUsuarios', id: 'u1', nome: 'Ana Souza', email: 'ana@rede.example', dealers: [] },
          ],
        },
      },
    },
  },
];

describe('GrantAccessDialog: who can see this', () => {
  afterEach(() => cleanup());

  it("lists each chosen group's level, kind and people, and opens the people of one", async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <ToastProvider>
          <SignedInUserContext value={buildUser(['PORTAL_GERENCIAR_BIBLIOTECA'])}>
            <MockedProvider mocks={mocks as never}>
              <GrantAccessDialog item={folder} onClose={() => {}} />
            </MockedProvider>
          </SignedInUserContext>
        </ToastProvider>
      </I18nextProvider>,
    );
    const section = await screen.findByRole('region', { name: 'Quem tem acesso' });
    expect(await within(section).findByText('Leitura · Público · 12 pessoas')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: 'Ver as pessoas de Rede Horizonte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pessoas com acesso por Rede Horizonte' });
    expect(await within(dialog).findByText('Ana Souza')).toBeTruthy();
  });
});
