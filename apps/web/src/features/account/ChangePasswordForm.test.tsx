// @vitest-environment jsdom
import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { ToastProvider } from '../../ui/toast';
import { ALTERAR_SENHA } from './account.documents';
import { ChangePasswordForm } from './ChangePasswordForm';

function renderForm(mocks: MockedResponse[] = []) {
  return render(
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <MockedProvider mocks={mocks}>
          <ChangePasswordForm />
        </MockedProvider>
      </ToastProvider>
    </I18nextProvider>,
  );
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const fill = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Alterar senha' }));
const variables = { senhaAtual: 'Portal@2026', novaSenha: 'Trocada#2027', confirmacao: 'Trocada#2027' };

function fillValid() {
  fill('Senha atual', variables.senhaAtual);
  fill('Nova senha', variables.novaSenha);
  fill('Confirme a nova senha', variables.confirmacao);
}

describe('ChangePasswordForm', () => {
  afterEach(() => cleanup());

  it('shows errors only after a field is touched or a submit was attempted', () => {
    renderForm();
    fill('Nova senha', 'abc');
    expect(screen.queryByText('A senha deve ter um símbolo.')).toBeNull();
    fireEvent.blur(input('Nova senha'));
    expect(screen.getByText('A senha deve ter ao menos 8 caracteres.')).toBeTruthy();
    expect(screen.getByText('A senha deve ter um símbolo.')).toBeTruthy();
    expect(screen.queryByText('Campo obrigatório.')).toBeNull();

    submit();
    expect(screen.getAllByText('Campo obrigatório.')).toHaveLength(2);
  });

  it('shows the server field error on its field and keeps the form usable', async () => {
    renderForm([
      {
        request: { query: ALTERAR_SENHA, variables },
        result: {
          errors: [
            new GraphQLError('Senha atual inválida.', {
              extensions: { code: 'BAD_USER_INPUT', fields: { senhaAtual: 'error.invalidCurrentPassword' } },
            }),
          ],
        },
      },
    ]);
    fillValid();
    submit();
    expect(await screen.findByText('Senha atual inválida.')).toBeTruthy();
    expect(input('Senha atual').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('button', { name: 'Alterar senha' }).hasAttribute('disabled')).toBe(false);

    fill('Senha atual', 'Outra@2026');
    expect(screen.queryByText('Senha atual inválida.')).toBeNull();
  });

  it('shows the success toast and clears the form', async () => {
    renderForm([{ request: { query: ALTERAR_SENHA, variables }, result: { data: { alterarSenha: true } } }]);
    fillValid();
    submit();
    expect(await screen.findByText('Senha alterada.')).toBeTruthy();
    await waitFor(() => expect(input('Senha atual').value).toBe(''));
    expect(input('Nova senha').value).toBe('');
    expect(screen.queryByText('Campo obrigatório.')).toBeNull();
  });
});
