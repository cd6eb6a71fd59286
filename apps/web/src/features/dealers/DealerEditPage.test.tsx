// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setPortalLabels } from '../../app/i18n';
import { DealerEditPage } from './DealerEditPage';
import { DealerChavesEmUsoDocument, DealerDocument, SalvarDealerDocument } from './dealers.generated';
import { applyDemoLabels, buildDealer, optionsMock, renderScreen } from './test-factories';

beforeAll(() => import('../../ui/ToastHost'));
beforeAll(() => applyDemoLabels());
afterAll(() => setPortalLabels(null));

const loaded = {
  ...buildDealer(),
  cnpjsAdicionais: [],
  codigosAdicionais: ['X9'],
  logradouro: 'Avenida Principal, 100',
  bairro: 'Centro',
  cep: '01000000',
  complemento: null,
  produtos: [],
  dadosComplementares: [],
  contatos: [],
  usuarios: [
    {
      __typename: 'DealerUsuario',
      id: 'u-9',
      nome: 'Diego Dealer',
      email: 'dealer@portal.demo',
      active: true,
      gruposUsuarios: [{ __typename: 'GrupoUsuariosResumo', id: 'gu-1', nome: 'Rede Horizonte' }],
    },
  ],
};
const dealerMock = {
  request: { query: DealerDocument, variables: { id: 'd-1' } },
  result: { data: { dealer: loaded } },
  maxUsageCount: 5,
};

function renderEdit(url: string, mocks: unknown[] = []) {
  const path = url === '/dealers/novo' ? '/dealers/novo' : '/dealers/:id';
  const { view, router } = renderScreen({
    path,
    url,
    screen: <DealerEditPage />,
    mocks: [optionsMock, dealerMock, ...(mocks as never[])],
  });
  render(view);
  return router;
}

const input = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}\\s*\\*?$`), { selector: 'input' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const helperOf = (label: string) => document.getElementById(`${input(label).id}-helper-text`)?.textContent;
const next = () => fireEvent.click(screen.getByRole('button', { name: 'Próximo' }));
/** Next, then waits for step `step` of 5 (the steps with CNPJs and codes ask the server first). */
const nextTo = async (step: number) => {
  next();
  await screen.findByText(new RegExp(`Etapa ${step} de 5`));
};

/** `dealers(busca)` of the wizard's lookup: the dealers holding that CNPJ or code. */
const keysInUse = (busca: string, content: Record<string, unknown>[]) => ({
  request: { query: DealerChavesEmUsoDocument, variables: { busca } },
  result: {
    data: {
      dealers: {
        __typename: 'DealerPage',
        content: content.map((d) => ({
          __typename: 'Dealer',
          cnpjsAdicionais: [],
          codigosAdicionais: [],
          ...d,
        })),
      },
    },
  },
});

describe('DealerEditPage', () => {
  afterEach(() => cleanup());

  it('new: a CNPJ with wrong check digits keeps the first step with its message, and what was typed stays', async () => {
    renderEdit('/dealers/novo');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nova concessionária' })).toBeTruthy();
    type('Razão social', 'Curta');
    type('Nome de exibição', 'Pérola');
    type('CNPJ', '11444777000162');
    expect(input('CNPJ').value).toBe('11.444.777/0001-62');
    next();
    expect(helperOf('CNPJ')).toBe('Valor inválido.');
    expect(helperOf('Razão social')).toBe('A razão social deve ter ao menos 10 caracteres.');
    expect(input('Nome de exibição').value).toBe('Pérola');
    expect(screen.getByText(/Passo 1 de 5|1 de 5/)).toBeTruthy();
  });

  it('new: each contact shows its own problem on its field, and the step waits', async () => {
    renderEdit('/dealers/novo');
    await screen.findByRole('heading', { level: 1, name: 'Nova concessionária' });
    type('Razão social', 'Pérola Veículos Ltda');
    type('Nome de exibição', 'Pérola');
    type('CNPJ', '11444777000161');
    await nextTo(2);
    type('Código principal', 'P1');
    await nextTo(3);
    type('CEP', '01310100');
    expect(input('CEP').value).toBe('01310-100');
    next();
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar contato' }));
    type('Nome do contato', 'Ana');
    type('E-mail', 'ana@');
    next();
    expect(helperOf('E-mail')).toBe('Informe um e-mail válido.');
    expect(screen.getByText(/4 de 5/)).toBeTruthy();
  });

  it('edit: loads the dealer with its users and groups; a CNPJ taken by another shows on the last step', async () => {
    renderEdit('/dealers/d-1', [
      {
        request: { query: SalvarDealerDocument },
        variableMatcher: () => true,
        result: {
          errors: [
            new GraphQLError('organisation.cnpjTaken', {
              extensions: { code: 'BAD_USER_INPUT', fields: { cnpj: 'organisation.cnpjTaken' } },
            }),
          ],
        },
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Horizonte Centro' })).toBeTruthy();
    expect(input('CNPJ').value).toBe('11.444.777/0001-61');
    expect(screen.getByText('Diego Dealer')).toBeTruthy();
    expect(screen.getByText('Grupos de usuários: Rede Horizonte')).toBeTruthy();
    for (let step = 2; step <= 5; step++) await nextTo(step);
    fireEvent.click(await screen.findByRole('button', { name: 'Concluir' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('CNPJ: Este CNPJ já pertence a outro dealer.'),
    );
  });

  it('new: a CNPJ or a code another dealer holds is said at its own step, not at the end', async () => {
    renderEdit('/dealers/novo', [
      keysInUse('11444777000161', [{ id: 'd-9', cnpj: '11444777000161', codigoPrincipal: 'D009' }]),
      keysInUse('11222333000181', []),
      keysInUse('D001', [{ id: 'd-9', cnpj: '11444777000161', codigoPrincipal: 'D001' }]),
      keysInUse('D00', [{ id: 'd-9', cnpj: '11444777000161', codigoPrincipal: 'D001' }]),
    ]);
    await screen.findByRole('heading', { level: 1, name: 'Nova concessionária' });
    type('Razão social', 'Pérola Veículos Ltda');
    type('Nome de exibição', 'Pérola');
    type('CNPJ', '11444777000161');
    next();
    await waitFor(() => expect(helperOf('CNPJ')).toBe('Este CNPJ já pertence a outro dealer.'));
    expect(screen.getByText(/Etapa 1 de 5/)).toBeTruthy();
    type('CNPJ', '11222333000181');
    expect(helperOf('CNPJ')).toBeFalsy();
    await nextTo(2);
    type('Código principal', 'D001');
    next();
    await waitFor(() => expect(helperOf('Código principal')).toBe('Este código já pertence a outro dealer.'));
    // A code the other's only contains (the search finds by part) is free.
    type('Código principal', 'D00');
    await nextTo(3);
  });
});
