// @vitest-environment jsdom
import type { MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { ComunicadoViewPage } from './ComunicadoViewPage';
import { APROVAR_COMUNICADO, COMUNICADO, type Comunicado } from './communications.documents';
import { approver, buildComunicado, creator, Providers } from './test-factories';

const text = (key: string, params?: Record<string, unknown>) => i18n.t(key, params);
const status = (id: Comunicado['status']['id']) => ({ __typename: 'StatusComunicado' as const, id, description: id });

function renderView(user: ReturnType<typeof creator>, id: string, mocks: MockedResponse[]) {
  render(
    <Providers user={user} mocks={mocks} path={`/comunicados/visualizar/${id}`}>
      <Routes>
        <Route path="/comunicados/visualizar/:id" element={<ComunicadoViewPage />} />
      </Routes>
    </Providers>,
  );
}

const answer = (c: Comunicado, maxUsageCount = 1): MockedResponse => ({
  request: { query: COMUNICADO, variables: { id: c.id } },
  result: { data: { comunicado: c } },
  maxUsageCount,
});

describe('ComunicadoViewPage: the state as it is (issue 17 point 3)', () => {
  afterEach(() => cleanup());

  it('a draft says "created by", never "sent by", and shows no sent summary', async () => {
    const draft = buildComunicado({ titulo: 'Rascunho' });
    renderView(creator(), draft.id, [answer(draft)]);
    expect(await screen.findByText(/Criado por:/)).toBeTruthy();
    expect(screen.queryByText(/Enviado por/)).toBeNull();
    expect(screen.queryByTestId('state-notice')).toBeNull();
  });

  it('after approval the view shows it sent, with its time and recipients, without a reload', async () => {
    const waiting = buildComunicado({
      titulo: 'Para aprovar',
      status: status('EM_APROVACAO'),
      viewerCan: { aprovar: true, rejeitar: true },
    });
    const approved = { ...waiting, status: status('APROVADO'), viewerCan: { ...waiting.viewerCan, aprovar: false } };
    const sent: Comunicado = {
      ...approved,
      status: status('ENVIADO'),
      envioDateTime: '2026-03-05T15:30:00.000Z',
      entregues: 12,
    };
    renderView(approver(), waiting.id, [
      answer(waiting),
      {
        request: { query: APROVAR_COMUNICADO, variables: { id: waiting.id, dataHoraAgendamento: null } },
        result: { data: { aprovarComunicado: approved } },
      },
      answer(sent, 10),
    ]);
    expect(await screen.findByText(/Criado por:/)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: text('communicationsUi.manage.approve') }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: text('communicationsUi.manage.approve') }));
    const notice = await screen.findByText(/para 12 destinatários/, undefined, { timeout: 5000 });
    expect(notice.textContent).toMatch(/^Enviado em .*2026/);
    expect(screen.getByText(/Enviado por:/)).toBeTruthy();
  });

  it('a scheduled one says when it will go', async () => {
    const scheduled = buildComunicado({ status: status('AGENDADO'), dataHoraAgendamento: '2026-03-06T12:00:00.000Z' });
    renderView(creator(), scheduled.id, [answer(scheduled)]);
    const notice = await screen.findByTestId('state-notice');
    expect(notice.textContent).toMatch(/^Agendado para .*2026/);
    expect(screen.queryByText(/Enviado por/)).toBeNull();
  });
});
