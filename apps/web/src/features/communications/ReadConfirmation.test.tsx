// @vitest-environment jsdom
import type { MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ConfirmacaoEnvioDocument as CONFIRMACAO_ENVIO,
  ConfirmarLeituraComunicadoDocument as CONFIRMAR_LEITURA,
} from './communications-confirmation.generated';
import { ReadConfirmation } from './ReadConfirmation';
import { dealer, Providers } from './test-factories';

const envio = (dataConfirmacao: string | null) => ({
  __typename: 'ComunicadoEnvio',
  id: 'c1',
  lido: true,
  dataLeitura: '2026-03-02T13:00:00.000Z',
  dataConfirmacao,
});
const state = (dataConfirmacao: string | null): MockedResponse => ({
  request: { query: CONFIRMACAO_ENVIO, variables: { idComunicado: 'c1' } },
  result: { data: { comunicadoEnvio: envio(dataConfirmacao) } },
});

function renderIt(mocks: MockedResponse[]) {
  render(
    <Providers user={dealer()} mocks={mocks}>
      <ReadConfirmation idComunicado="c1" />
    </Providers>,
  );
}

describe('ReadConfirmation (issue 17 point 4)', () => {
  afterEach(() => cleanup());

  it('asks the recipient to confirm; confirming shows when, and the button goes', async () => {
    let confirmed = 0;
    renderIt([
      state(null),
      {
        request: { query: CONFIRMAR_LEITURA, variables: { idComunicado: 'c1' } },
        result: () => {
          confirmed += 1;
          return { data: { confirmarLeituraComunicado: envio('2026-03-02T13:05:00.000Z') } };
        },
      },
    ]);
    expect(
      await screen.findByText('O remetente pede que você confirme que leu e entendeu este comunicado.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Li e entendi' }));
    expect(await screen.findByText(/^Você confirmou em \d{2}\/\d{2}\/\d{4}/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Li e entendi' })).toBeNull();
    expect(confirmed).toBe(1);
    expect(await screen.findByText('Leitura confirmada.', {}, { timeout: 5_000 })).toBeTruthy();
  });

  it('shows the date of an earlier confirmation, without the button', async () => {
    renderIt([state('2026-03-01T09:30:00.000Z')]);
    expect(await screen.findByText(/^Você confirmou em 01\/03\/2026/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Li e entendi' })).toBeNull();
  });

  it("shows the server's message when confirming fails, and keeps the button", async () => {
    renderIt([
      state(null),
      {
        request: { query: CONFIRMAR_LEITURA, variables: { idComunicado: 'c1' } },
        result: {
          errors: [
            new GraphQLError('Este comunicado não pede confirmação de leitura.', { extensions: { code: 'CONFLICT' } }),
          ],
        },
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Li e entendi' }));
    expect(
      await screen.findByText('Este comunicado não pede confirmação de leitura.', {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Li e entendi' })).toBeTruthy();
  });
});
