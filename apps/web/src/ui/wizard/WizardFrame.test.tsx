// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { i18n } from '../../app/i18n';
import { TextInput } from '../form/fields';
import { useZodForm } from '../form/use-zod-form';
import { ToastProvider } from '../toast';
import { WizardFrame, type WizardStep } from './WizardFrame';

// notistack loads with the first toast; load it before the clock of findBy starts on a busy machine.
beforeAll(() => import('../ToastHost'));

function renderWizard(steps: WizardStep[]) {
  return renderScreen(
    <WizardFrame title="Novo usuário" steps={steps} closeTo="/usuarios" successMessage="Usuário salvo." />,
  );
}

function renderScreen(screenElement: ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/usuarios', element: <h1>Lista</h1> },
      { path: '/usuarios/novo', element: screenElement },
    ],
    { initialEntries: ['/usuarios', '/usuarios/novo'] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </I18nextProvider>,
  );
  return router;
}

const userSchema = z.object({
  nome: z.string().min(1, 'validation.required'),
  email: z.string().min(1, 'validation.required'),
});
/** A wizard whose first step has two required fields, as a screen builds one. */
function UserWizard() {
  const form = useZodForm(userSchema, { nome: '', email: '' });
  const data = (
    <>
      <TextInput {...form.bind('nome')} label="Nome" />
      <TextInput {...form.bind('email')} label="E-mail" />
    </>
  );
  return (
    <WizardFrame
      title="Novo usuário"
      closeTo="/usuarios"
      successMessage="Usuário salvo."
      steps={[
        { label: 'Dados', content: data, validate: () => form.attempt() },
        { label: 'Permissões', content: <p>Passo de permissões</p> },
      ]}
    />
  );
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

describe('WizardFrame', () => {
  afterEach(() => cleanup());

  it('validates each step, keeps the id of a partial submit and returns to the list when finished', async () => {
    let valid = false;
    const saveData = vi.fn(async () => 'user-1');
    const savePermissions = vi.fn(async (id: string | null) => id);
    const router = renderWizard([
      { label: 'Dados', content: <p>Passo de dados</p>, validate: () => valid, submit: saveData },
      { label: 'Permissões', content: <p>Passo de permissões</p>, submit: savePermissions },
    ]);
    expect(screen.getByRole('heading', { name: 'Novo usuário' })).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');

    click('Próximo');
    expect(await screen.findByText('Verifique os campos destacados antes de continuar.')).toBeTruthy();
    expect(saveData).not.toHaveBeenCalled();

    valid = true;
    click('Próximo');
    expect(await screen.findByText('Passo de permissões')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    click('Voltar');
    expect(screen.getByText('Passo de dados')).toBeTruthy();
    click('Próximo');
    await screen.findByText('Passo de permissões');
    expect(saveData).toHaveBeenLastCalledWith('user-1');

    click('Concluir');
    await waitFor(() => expect(router.state.location.pathname).toBe('/usuarios'));
    expect(savePermissions).toHaveBeenCalledWith('user-1');
    expect(await screen.findByText('Usuário salvo.')).toBeTruthy();
  });

  it('a validation that asks the server keeps the buttons waiting, then stays or moves on', async () => {
    let answer: (valid: boolean) => void = () => {};
    renderWizard([
      {
        label: 'Dados',
        content: <p>Passo de dados</p>,
        validate: () => new Promise<boolean>((resolve) => (answer = resolve)),
      },
      { label: 'Permissões', content: <p>Passo de permissões</p> },
    ]);
    click('Próximo');
    await waitFor(() =>
      expect((screen.getByRole('button', { name: 'Próximo' }) as HTMLButtonElement).disabled).toBe(true),
    );
    answer(false);
    expect(await screen.findByText('Verifique os campos destacados antes de continuar.')).toBeTruthy();
    expect(screen.getByText('Passo de dados')).toBeTruthy();
    click('Próximo');
    answer(true);
    expect(await screen.findByText('Passo de permissões')).toBeTruthy();
  });

  it('stays on the step after a failed save, and cancel returns to the list', async () => {
    const router = renderWizard([
      {
        label: 'Dados',
        content: <p>Passo de dados</p>,
        submit: async () => {
          throw new Error('offline');
        },
      },
      { label: 'Permissões', content: <p>Passo de permissões</p> },
    ]);
    click('Próximo');
    expect(await screen.findByText(/Erro ao processar a solicitação/)).toBeTruthy();
    expect(screen.getByText('Passo de dados')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Próximo' }).hasAttribute('disabled')).toBe(false);
    click('Cancelar');
    await waitFor(() => expect(router.state.location.pathname).toBe('/usuarios'));
  });

  it('takes focus to the first wrong field, shows the error once however often Next is pressed, and to the new step', async () => {
    renderScreen(<UserWizard />);
    const next = screen.getByRole('button', { name: 'Próximo' });
    next.focus();
    click('Próximo');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Nome')));
    click('Próximo');
    click('Próximo');
    await screen.findByText('Verifique os campos destacados antes de continuar.');
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.getAllByText('Verifique os campos destacados antes de continuar.')).toHaveLength(1);

    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Ana' } });
    click('Próximo');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('E-mail')));
    fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'ana@x.com' } });
    click('Próximo');
    await screen.findByText('Passo de permissões');
    expect(document.activeElement?.textContent).toBe('Etapa 2 de 2: Permissões');
  });
});
