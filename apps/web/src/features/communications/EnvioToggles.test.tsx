// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARQUIVAR_ENVIO, FAVORITAR_ENVIO } from './communications.documents';
import { EnvioToggles } from './EnvioToggles';
import { buildEnvio, dealer, Providers } from './test-factories';

describe('EnvioToggles', () => {
  afterEach(() => cleanup());
  // notistack loads with the first toast; load it before the clock of findBy starts on a busy machine.
  beforeAll(() => import('../../ui/ToastHost'));

  it('shows "error updating favourite, try again" when favouriting fails, and keeps the toggle off', async () => {
    render(
      <Providers
        user={dealer()}
        mocks={[
          {
            request: { query: FAVORITAR_ENVIO, variables: { idComunicado: 'c-9', favorito: true } },
            result: { errors: [new GraphQLError('Falhou')] },
          },
        ]}
      >
        <EnvioToggles idComunicado="c-9" favorito={false} arquivado={false} />
      </Providers>,
    );
    const star = screen.getByRole('button', { name: 'Marcar como favorito' });
    fireEvent.click(star);
    expect(await screen.findByText('Erro ao atualizar favorito, tente novamente.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Marcar como favorito' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('marks a favourite', async () => {
    const envio = buildEnvio({ favorito: true });
    let called = false;
    render(
      <Providers
        user={dealer()}
        mocks={[
          {
            request: { query: FAVORITAR_ENVIO, variables: { idComunicado: 'c-9', favorito: true } },
            result: () => {
              called = true;
              return { data: { favoritarEnvio: envio } };
            },
          },
        ]}
      >
        <EnvioToggles idComunicado="c-9" favorito={false} arquivado={false} />
      </Providers>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Marcar como favorito' }));
    await screen.findByRole('button', { name: 'Marcar como favorito' });
    await new Promise((r) => setTimeout(r, 20));
    expect(called).toBe(true);
    expect(screen.queryByText('Erro ao atualizar favorito, tente novamente.')).toBeNull();
  });

  const UNDOABLE = [
    {
      action: 'archiving',
      query: ARQUIVAR_ENVIO,
      field: 'arquivado',
      answerField: 'arquivarEnvio',
      button: 'Arquivar',
      toast: 'Comunicado arquivado.',
    },
    {
      action: 'favouriting',
      query: FAVORITAR_ENVIO,
      field: 'favorito',
      answerField: 'favoritarEnvio',
      button: 'Marcar como favorito',
      toast: 'Adicionado aos favoritos.',
    },
  ] as const;

  it.each(UNDOABLE)(
    '$action answers with a toast that offers to undo it, which reverts it (issue 17 point 10)',
    async ({ query, field, answerField, button, toast }) => {
      const calls: boolean[] = [];
      const answer = (value: boolean) => ({
        request: { query, variables: { idComunicado: 'c-9', [field]: value } },
        result: () => {
          calls.push(value);
          return { data: { [answerField]: buildEnvio({ [field]: value }) } };
        },
      });
      render(
        <Providers user={dealer()} mocks={[answer(true), answer(false)]}>
          <EnvioToggles idComunicado="c-9" favorito={false} arquivado={false} />
        </Providers>,
      );
      fireEvent.click(screen.getByRole('button', { name: button }));
      expect(await screen.findByText(toast, undefined, { timeout: 5_000 })).toBeTruthy();
      fireEvent.click(await screen.findByRole('button', { name: 'Desfazer' }));
      await waitFor(() => expect(calls).toEqual([true, false]));
    },
  );
});
