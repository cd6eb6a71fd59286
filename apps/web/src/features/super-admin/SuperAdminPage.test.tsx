// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SignedInUser } from '../../app/current-user/current-user.documents';
import { buildUser, renderScreen } from '../dealer-groups/test-factories';
import { SuperAdminPage } from './SuperAdminPage';
import {
  EditarProdutoDocument,
  SincronizarGruposDocument,
  SincronizarIdentityProviderDocument,
  SuperAdminProdutosDocument,
} from './super-admin.generated';

beforeAll(() => import('../../ui/ToastHost'));
afterEach(cleanup);

const P1 = '11111111-1111-4111-8111-111111111111';
const staff: SignedInUser = {
  ...buildUser([]),
  tipo: { ...buildUser([]).tipo, id: 'TECSINAPSE' as SignedInUser['tipo']['id'] },
};
const produtos = {
  request: { query: SuperAdminProdutosDocument },
  result: {
    data: {
      produtos: [
        { __typename: 'Produto', id: P1, nome: 'CRM Rede', baseUriHomolog: 'https://crm-homolog.portal.demo' },
      ],
    },
  },
  maxUsageCount: 5,
};
const edit = (baseUriHomolog: string, result: object) => ({
  request: { query: EditarProdutoDocument, variables: { id: P1, baseUriHomolog } },
  ...result,
});

function renderPage(mocks: unknown[], user: SignedInUser = staff) {
  const { view } = renderScreen({
    path: '/superAdmin',
    url: '/superAdmin',
    screen: <SuperAdminPage />,
    mocks: [produtos, ...(mocks as never[])],
    user,
  });
  render(view);
}

describe('SuperAdminPage', () => {
  it("edits a product's base address after a confirmation and answers 'Edição finalizada!'", async () => {
    renderPage([
      edit('https://crm.example.com', {
        result: {
          data: { editarProduto: { __typename: 'Produto', id: P1, baseUriHomolog: 'https://crm.example.com' } },
        },
      }),
    ]);
    const field = await screen.findByLabelText('Endereço base');
    expect((field as HTMLInputElement).value).toBe('https://crm-homolog.portal.demo');
    fireEvent.change(field, { target: { value: 'https://crm.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar endereço' }));
    await screen.findByText('Alterar o endereço base de CRM Rede para https://crm.example.com?');
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Edição finalizada!')).toBeTruthy();
  });

  it("shows the server's refusal on the field", async () => {
    renderPage([
      edit('http://crm.example.com', {
        result: {
          errors: [
            new GraphQLError('superAdmin.product.invalidUri', {
              extensions: { code: 'BAD_USER_INPUT', fields: { baseUriHomolog: 'superAdmin.product.invalidUri' } },
            }),
          ],
        },
      }),
    ]);
    const field = await screen.findByLabelText('Endereço base');
    fireEvent.change(field, { target: { value: 'http://crm.example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar endereço' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
    await waitFor(() =>
      expect(
        screen.getAllByText('Informe uma URL https absoluta (ou localhost em desenvolvimento), sem parâmetros.').length,
      ).toBeGreaterThan(0),
    );
  });

  it('is TECSINAPSE only: another user type sees the no-access notice and no product', async () => {
    renderPage([], buildUser(['PORTAL_MANUTENCAO_USUARIOS']));
    expect(await screen.findByText(/acesso/i)).toBeTruthy();
    expect(screen.queryByLabelText('Endereço base')).toBeNull();
  });

  describe('synchronisation tab', () => {
    const result = (itens: { tipo: string; quantidade: number }[]) => ({
      __typename: 'ResultadoSincronizacao',
      alteracoes: itens.reduce((n, i) => n + i.quantidade, 0),
      itens: itens.map((i) => ({ __typename: 'AlteracaoSincronizacao', ...i })),
    });
    const openTab = async () => {
      fireEvent.click(await screen.findByRole('tab', { name: 'Sincronização' }));
    };

    it('runs a synchronisation after a confirmation and lists what it changed', async () => {
      renderPage([
        {
          request: { query: SincronizarGruposDocument },
          result: {
            data: {
              sincronizarGrupos: result([
                { tipo: 'dealersInativados', quantidade: 3 },
                { tipo: 'usuariosInativados', quantidade: 1 },
              ]),
            },
          },
        },
      ]);
      await openTab();
      const [groups] = await screen.findAllByRole('region', { name: /^Sincronizar / });
      fireEvent.click(groups.querySelector('button') as HTMLButtonElement);
      await screen.findByText('Executar esta sincronização?');
      fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
      expect(await screen.findByText('Sincronização finalizada com sucesso!')).toBeTruthy();
      expect(await screen.findByText('Usuários inativados: 1')).toBeTruthy();
    });

    it('asks for a valid e-mail before the identity provider run and shows an unknown one on the field', async () => {
      renderPage([
        {
          request: { query: SincronizarIdentityProviderDocument, variables: { emailUsuario: 'ninguem@x.example' } },
          result: {
            errors: [
              new GraphQLError('superAdmin.sync.userNotFound', {
                extensions: { code: 'BAD_USER_INPUT', fields: { emailUsuario: 'superAdmin.sync.userNotFound' } },
              }),
            ],
          },
        },
      ]);
      await openTab();
      const provider = await screen.findByRole('region', { name: 'Sincronizar provedor de identidade' });
      const run = provider.querySelector('button') as HTMLButtonElement;
      fireEvent.click(run);
      expect(screen.queryByText('Executar esta sincronização?')).toBeNull();
      fireEvent.change(screen.getByLabelText(/E-mail do usuário/), { target: { value: 'ninguem@x.example' } });
      fireEvent.click(run);
      fireEvent.click(await screen.findByRole('button', { name: 'Confirmar' }));
      await waitFor(() => expect(screen.getAllByText('Nenhum usuário com este e-mail.').length).toBeGreaterThan(0));
    });
  });
});
