// @vitest-environment jsdom
import type { MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { RejectDialog } from './ActionDialogs';
import { REJEITAR_COMUNICADO } from './communications.documents';
import { buildComunicado, creator, Providers } from './test-factories';

const text = (key: string) => i18n.t(key);

describe('RejectDialog', () => {
  afterEach(() => cleanup());

  it('needs a reason before it rejects, and shows a reason the server refuses on the field', async () => {
    const comunicado = buildComunicado();
    const refused: MockedResponse = {
      request: { query: REJEITAR_COMUNICADO },
      variableMatcher: () => true,
      result: {
        errors: [
          new GraphQLError('error.badUserInput', {
            extensions: { code: 'BAD_USER_INPUT', fields: { motivoRejeicao: 'communications.reasonTooLong' } },
          }),
        ],
      },
    };
    const onClose = vi.fn();
    render(
      <Providers user={creator()} mocks={[refused]}>
        <RejectDialog comunicado={comunicado} onClose={onClose} />
      </Providers>,
    );
    const submit = screen.getByRole('button', { name: text('communicationsUi.manage.reject') });
    fireEvent.click(submit);
    expect(await screen.findByText(text('communications.rejectionReasonRequired'))).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: /Motivo da rejeição/ }), {
      target: { value: 'Prazo errado' },
    });
    fireEvent.click(submit);
    expect(await screen.findByText(text('communications.reasonTooLong'))).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
