// @vitest-environment jsdom
import { MockedProvider } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SignedInUserContext } from '../../app/current-user/signed-in-user';
import { i18n } from '../../app/i18n';
import { ToastProvider } from '../../ui/toast';
import { buildUser } from '../menus/test-factories';
import {
  CancelarNotificacaoGenericaDocument,
  type NotificacaoGenericaCamposFragment,
  NotificacoesGenericasDocument,
} from './generic-notifications.generated';
import { NotificacoesGenericasListPage } from './NotificacoesGenericasListPage';

beforeAll(() => import('../../ui/ToastHost'));

const option = (id: string, nome: string) => ({ __typename: 'OpcaoAudiencia' as const, id, nome });
const build = (overrides: Partial<NotificacaoGenericaCamposFragment>): NotificacaoGenericaCamposFragment => ({
  __typename: 'NotificacaoGenerica',
  id: 'g-1',
  tipo: 'modelo',
  titulo: 'Campanha',
  texto: '<p>x</p>',
  link: null,
  status: 'ENVIADA',
  dataAgendamento: null,
  enviadaEm: '2026-11-20T12:00:00.000Z',
  criadaEm: '2026-11-20T12:00:00.000Z',
  destinatarios: 42,
  lidas: 7,
  modelo: null,
  audiencia: {
    __typename: 'AudienciaNotificacao',
    usuarios: [],
    gruposUsuarios: [option('ug-1', 'Pós-venda'), option('ug-2', 'Vendas')],
    tiposUsuario: ['MONTADORA'],
    grupos: [],
    dealers: [option('d-1', 'Loja 1')],
  },
  ...overrides,
});

const sent = build({});
const scheduled = build({
  id: 'g-2',
  tipo: 'comModelo',
  titulo: 'Revisão',
  status: 'AGENDADA',
  enviadaEm: null,
  dataAgendamento: '2026-12-01T12:00:00.000Z',
  destinatarios: 0,
  lidas: 0,
  modelo: { __typename: 'ModeloNotificacao', id: 'm-1', nome: 'Boas-vindas' },
});
const listMock = {
  request: { query: NotificacoesGenericasDocument, variables: { page: 0, rowsPerPage: 10 } },
  result: {
    data: {
      notificacoesGenericas: { __typename: 'NotificacaoGenericaPage', content: [sent, scheduled], totalElements: 2 },
    },
  },
  maxUsageCount: 5,
};

function renderList(mocks = [listMock]) {
  const user = {
    ...buildUser('MONTADORA'),
    funcionalidades: [{ __typename: 'Funcionalidade' as const, chave: 'PORTAL_NOTIFICACOES_GENERICAS' }],
  };
  const router = createMemoryRouter([{ path: '/notificacoesGenericas', element: <NotificacoesGenericasListPage /> }], {
    initialEntries: ['/notificacoesGenericas'],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <MockedProvider mocks={mocks}>
          <SignedInUserContext value={user as never}>
            <RouterProvider router={router} />
          </SignedInUserContext>
        </MockedProvider>
      </ToastProvider>
    </I18nextProvider>,
  );
}

describe('NotificacoesGenericasListPage', () => {
  afterEach(() => cleanup());

  it('lists each with its source, audience summary, recipients, reads and status; only a scheduled one has actions', async () => {
    renderList();
    const row = (await screen.findByText('Campanha')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Escrita do zero')).toBeTruthy();
    expect(within(row).getByText(/2 grupos de usuários, 1 tipo de usuário, 1 /)).toBeTruthy();
    expect(within(row).getByText('42')).toBeTruthy();
    expect(within(row).getByText('7')).toBeTruthy();
    expect(within(row).getByText('Enviada')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: /Cancelar/ })).toBeNull();
    const other = screen.getByText('Revisão').closest('tr') as HTMLElement;
    expect(within(other).getByText('Modelo: Boas-vindas')).toBeTruthy();
    expect(within(other).getByText('Agendada')).toBeTruthy();
    expect(within(other).getByRole('link', { name: 'Editar Revisão' }).getAttribute('href')).toBe(
      '/notificacoesGenericas/editar/comModelo/g-2',
    );
    expect(screen.getByRole('link', { name: 'Nova notificação' }).getAttribute('href')).toBe(
      '/notificacoesGenericas/nova/modelo',
    );
    expect(screen.queryByRole('link', { name: 'Modelos de notificação' })).toBeNull();
  });

  it('cancels a scheduled one only after a confirmation', async () => {
    let cancelled = false;
    renderList([
      listMock,
      {
        request: { query: CancelarNotificacaoGenericaDocument, variables: { id: 'g-2' } },
        result: () => {
          cancelled = true;
          return {
            data: {
              cancelarNotificacaoGenerica: { __typename: 'NotificacaoGenerica', id: 'g-2', status: 'CANCELADA' },
            },
          };
        },
      } as never,
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancelar Revisão' }));
    const dialog = await screen.findByRole('dialog', { name: /Cancelar o envio de "Revisão"/ });
    expect(cancelled).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await screen.findByText('Envio cancelado.');
    expect(cancelled).toBe(true);
  });
});
