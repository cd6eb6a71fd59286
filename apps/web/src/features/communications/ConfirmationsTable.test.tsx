// @vitest-environment jsdom
import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { ConfirmationsTable } from './ConfirmationsTable';
import { ConfirmacoesComunicadoDocument as CONFIRMACOES } from './communications-confirmation.generated';

const row = (id: string, nome: string, confirmed: boolean) => ({
  __typename: 'LeituraDestinatario',
  usuario: { __typename: 'UsuarioComunicado', id, nome, email: `${id}@portal.test` },
  lido: confirmed,
  dataLeitura: confirmed ? '2026-03-02T13:00:00.000Z' : null,
  dataRecebimento: '2026-03-01T12:00:00.000Z',
  dataConfirmacao: confirmed ? '2026-03-02T13:00:00.000Z' : null,
});
const answer = (rows: ReturnType<typeof row>[]) => ({
  data: {
    confirmacoesComunicado: {
      __typename: 'LeituraDestinatarioPage',
      content: rows,
      totalElements: rows.length,
      totalLimitado: false,
    },
  },
});
const MOCKS: MockedResponse[] = [
  {
    request: { query: CONFIRMACOES, variables: { id: 'c1', confirmado: false, page: 0, rowsPerPage: 10 } },
    result: answer([row('u2', 'Bruno', false)]),
  },
  {
    request: { query: CONFIRMACOES, variables: { id: 'c1', confirmado: true, page: 0, rowsPerPage: 10 } },
    result: answer([row('u1', 'Ana', true)]),
  },
];

describe('ConfirmationsTable (issue 17 point 4)', () => {
  afterEach(() => cleanup());

  it('lists who has not confirmed first; the filter shows who has', async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <MockedProvider mocks={MOCKS}>
          <ConfirmationsTable id="c1" />
        </MockedProvider>
      </I18nextProvider>,
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'Quem não confirmou' })).toBeTruthy();
    expect(await screen.findByText('Bruno')).toBeTruthy();
    expect(screen.getAllByText('Não confirmaram').length).toBeGreaterThan(0);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Filtrar' }));
    fireEvent.click(screen.getByRole('option', { name: 'Confirmaram' }));
    expect(await screen.findByText('Ana')).toBeTruthy();
    expect(screen.queryByText('Bruno')).toBeNull();
    expect(screen.getAllByText(/^02\/03\/2026/).length).toBeGreaterThan(0);
  });
});
