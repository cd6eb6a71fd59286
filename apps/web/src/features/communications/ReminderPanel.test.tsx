// @vitest-environment jsdom
import type { MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it } from 'vitest';
import { EnviarLembreteComunicadoDocument as ENVIAR_LEMBRETE } from './communications-confirmation.generated';
import { ReminderPanel } from './ReminderPanel';
import { creator, Providers } from './test-factories';

type Dashboard = Parameters<typeof ReminderPanel>[0]['dashboard'];
const dashboard = (overrides: Partial<Dashboard> = {}): Dashboard => ({
  naoLidos: 3,
  naoConfirmados: 5,
  proximoLembreteEm: null,
  ultimoLembrete: null,
  comunicado: {
    exigeConfirmacao: true,
    status: { __typename: 'StatusComunicado', id: 'ENVIADO', description: 'Enviado' },
  },
  ...overrides,
});

function renderIt(d: Dashboard, mocks: MockedResponse[] = []) {
  render(
    <Providers user={creator()} mocks={mocks}>
      <ReminderPanel id="c1" dashboard={d} />
    </Providers>,
  );
}

describe('ReminderPanel (issue 17 point 5)', () => {
  afterEach(() => cleanup());

  it('asks to whom, with the counts, and sends to those who have not confirmed', async () => {
    let sent = 0;
    renderIt(dashboard(), [
      {
        request: { query: ENVIAR_LEMBRETE, variables: { id: 'c1', alvo: 'NAO_CONFIRMADOS' } },
        result: () => {
          sent += 1;
          return {
            data: {
              enviarLembreteComunicado: {
                __typename: 'LembreteComunicado',
                alvo: 'NAO_CONFIRMADOS',
                enviadoEm: '2026-03-02T13:00:00.000Z',
                destinatarios: 5,
              },
            },
          };
        },
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar lembrete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar um lembrete' }, { timeout: 5_000 });
    expect(within(dialog).getByRole('button', { name: 'Quem não leu (3)' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quem não confirmou (5)' }));
    // The toasts load lazily: give them time on a busy machine.
    expect(await screen.findByText('Lembrete enviado a 5 destinatários.', {}, { timeout: 5_000 })).toBeTruthy();
    expect(sent).toBe(1);
  });

  it('offers only the unread when the communication does not ask for confirmation', async () => {
    renderIt(dashboard({ comunicado: { ...dashboard().comunicado, exigeConfirmacao: false } }));
    fireEvent.click(screen.getByRole('button', { name: 'Enviar lembrete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enviar um lembrete' }, { timeout: 5_000 });
    expect(within(dialog).queryByRole('button', { name: /^Quem não confirmou/ })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Quem não leu (3)' })).toBeTruthy();
  });

  it('is off during the interval and says from when the next one is possible', () => {
    renderIt(
      dashboard({
        proximoLembreteEm: '2026-03-03T13:00:00.000Z',
        ultimoLembrete: {
          __typename: 'LembreteComunicado',
          alvo: 'NAO_LIDOS',
          enviadoEm: '2026-03-02T13:00:00.000Z',
          destinatarios: 1,
        },
      }),
    );
    const button = screen.getByRole('button', { name: 'Enviar lembrete' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const description = document.getElementById(button.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toMatch(/^Próximo lembrete possível a partir de 03\/03\/2026, \d{2}:\d{2}\./);
    expect(description?.textContent).toMatch(/Último lembrete em 02\/03\/2026, .+, para 1 destinatário\.$/);
  });

  it('is off when nobody is pending, and absent once archived', () => {
    renderIt(dashboard({ naoLidos: 0, naoConfirmados: 0 }));
    expect((screen.getByRole('button', { name: 'Enviar lembrete' }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderIt(
      dashboard({
        comunicado: {
          exigeConfirmacao: true,
          status: { __typename: 'StatusComunicado', id: 'ARQUIVADO', description: 'Arquivado' },
        },
      }),
    );
    expect(screen.queryByRole('button', { name: 'Enviar lembrete' })).toBeNull();
  });

  it("shows the server's refusal", async () => {
    renderIt(dashboard({ comunicado: { ...dashboard().comunicado, exigeConfirmacao: false } }), [
      {
        request: { query: ENVIAR_LEMBRETE, variables: { id: 'c1', alvo: 'NAO_LIDOS' } },
        result: {
          errors: [
            new GraphQLError('Um lembrete foi enviado há pouco. O painel mostra quando o próximo será possível.', {
              extensions: { code: 'CONFLICT' },
            }),
          ],
        },
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Enviar lembrete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Quem não leu (3)' }));
    expect(
      await screen.findByText(
        'Um lembrete foi enviado há pouco. O painel mostra quando o próximo será possível.',
        {},
        { timeout: 5_000 },
      ),
    ).toBeTruthy();
  });
});
