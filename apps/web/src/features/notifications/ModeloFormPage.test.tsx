// @vitest-environment jsdom
import { MockedProvider } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SignedInUserContext } from '../../app/current-user/signed-in-user';
import { i18n } from '../../app/i18n';
import { ToastProvider } from '../../ui/toast';
import { buildUser } from '../menus/test-factories';
import {
  type ModeloNotificacaoCamposFragment,
  ModeloNotificacaoDocument,
  SalvarModeloNotificacaoDocument,
} from './generic-notifications.generated';
import { ModeloFormPage } from './ModeloFormPage';

beforeAll(() => import('../../ui/ToastHost'));

const entry: ModeloNotificacaoCamposFragment = {
  __typename: 'ModeloNotificacao',
  id: 'm-1',
  nome: 'Boas-vindas',
  titulo: 'Olá {{nome}}',
  texto: '<p>Bem-vindo ao {{produto}}</p>',
  active: true,
  atualizadoEm: '2026-11-20T12:00:00.000Z',
  traducoes: [],
};

describe('ModeloFormPage', () => {
  afterEach(() => cleanup());

  it('adds a language version, starting from the default, and saves it with the template', async () => {
    let saved: unknown;
    const user = {
      ...buildUser('MONTADORA'),
      funcionalidades: [{ __typename: 'Funcionalidade' as const, chave: 'PORTAL_MANUTENCAO_MODELO' }],
    };
    const router = createMemoryRouter(
      [
        { path: '/modelosNotificacao/:id', element: <ModeloFormPage /> },
        { path: '/modelosNotificacao', element: <p>rota lista</p> },
      ],
      { initialEntries: ['/modelosNotificacao/m-1'] },
    );
    render(
      <I18nextProvider i18n={i18n}>
        <ToastProvider>
          <MockedProvider
            mocks={[
              {
                request: { query: ModeloNotificacaoDocument, variables: { id: 'm-1' } },
                result: { data: { modeloNotificacao: entry } },
                maxUsageCount: 3,
              },
              {
                request: { query: SalvarModeloNotificacaoDocument },
                variableMatcher: (variables: unknown) => {
                  saved = variables;
                  return true;
                },
                result: { data: { salvarModeloNotificacao: entry } },
              } as never,
            ]}
          >
            <SignedInUserContext value={user as never}>
              <RouterProvider router={router} />
            </SignedInUserContext>
          </MockedProvider>
        </ToastProvider>
      </I18nextProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Modelo: Boas-vindas' })).toBeTruthy();
    expect(screen.getByText('{{nome}}: nome do destinatário')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'English' }));
    const title = (await screen.findByRole('textbox', { name: /^Título \(English\)/ })) as HTMLInputElement;
    expect(title.value).toBe('Olá {{nome}}');
    fireEvent.change(title, { target: { value: 'Hello {{nome}}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('rota lista')).toBeTruthy();
    expect(saved).toEqual({
      id: 'm-1',
      modelo: {
        nome: 'Boas-vindas',
        titulo: 'Olá {{nome}}',
        texto: '<p>Bem-vindo ao {{produto}}</p>',
        traducoes: [{ idioma: 'EN', titulo: 'Hello {{nome}}', texto: '<p>Bem-vindo ao {{produto}}</p>' }],
      },
    });
  });
});
