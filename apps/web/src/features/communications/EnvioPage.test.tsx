// @vitest-environment jsdom
import type { MockedResponse } from '@apollo/client/testing';
import { cleanup, render, screen } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { COMUNICADO_ENVIO, MARCAR_ENVIO_COMO_LIDO } from './communications.documents';
import { EnvioPage } from './EnvioPage';
import { buildComunicado, buildEnvio, dealer, Providers } from './test-factories';

function renderPage(id: string, mocks: MockedResponse[]) {
  render(
    <Providers user={dealer()} mocks={mocks} path={`/comunicados/visualizarEnvio/${id}`}>
      <Routes>
        <Route path="/comunicados/visualizarEnvio/:id" element={<EnvioPage />} />
      </Routes>
    </Providers>,
  );
}

describe('EnvioPage', () => {
  afterEach(() => cleanup());

  it('marks the delivery read on opening and shows the read date; an errata shows its original', async () => {
    const original = buildComunicado({ titulo: 'Tabela de preços' });
    const envio = buildEnvio({
      original,
      comunicado: {
        ...buildEnvio().comunicado,
        id: 'c-err',
        titulo: 'Tabela de preços: errata',
        idParent: original.id,
        justificativa: 'O preço do item 3 estava errado.',
      },
    });
    const read = { ...envio, lido: true, dataLeitura: '2026-03-03T10:00:00.000Z' };
    let marked = 0;
    renderPage('c-err', [
      {
        request: { query: COMUNICADO_ENVIO, variables: { idComunicado: 'c-err' } },
        result: { data: { comunicadoEnvio: envio } },
      },
      {
        request: { query: MARCAR_ENVIO_COMO_LIDO, variables: { idComunicado: 'c-err' } },
        result: () => {
          marked += 1;
          return { data: { marcarEnvioComoLido: read } };
        },
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Tabela de preços: errata' })).toBeTruthy();
    expect(screen.getByText('O preço do item 3 estava errado.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Tabela de preços' })).toBeTruthy();
    expect(await screen.findByText(/Lido em/)).toBeTruthy();
    expect(marked).toBe(1);
  });

  it('answers a communication the user did not receive as not found', async () => {
    renderPage('c-x', [
      {
        request: { query: COMUNICADO_ENVIO, variables: { idComunicado: 'c-x' } },
        result: { errors: [new GraphQLError('Não encontrado.', { extensions: { code: 'NOT_FOUND' } })] },
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Comunicado não encontrado' })).toBeTruthy();
  });
});
