// @vitest-environment jsdom
import { ApolloError } from '@apollo/client';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../app/i18n';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
import { ToastProvider } from './toast';

type Props = Omit<ConfirmDialogProps, 'open' | 'onClose'> & { onClose?: () => void };

/** The dialog opened by a button, as screens use it. */
function Harness({ onClose, ...props }: Props) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      {...props}
      open={open}
      onClose={() => {
        setOpen(false);
        onClose?.();
      }}
    />
  );
}

function renderDialog(props: Props) {
  return render(
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <Harness {...props} />
      </ToastProvider>
    </I18nextProvider>,
  );
}

describe('ConfirmDialog', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows the default texts in the current language', () => {
    renderDialog({ onConfirm: vi.fn() });
    expect(screen.getByRole('dialog', { name: 'Você tem certeza?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirmar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
  });

  it('shows the given title, subtitle and labels', () => {
    renderDialog({
      onConfirm: vi.fn(),
      title: 'Excluir pasta?',
      subtitle: 'Os arquivos também serão excluídos.',
      confirmLabel: 'Excluir',
      cancelLabel: 'Manter',
    });
    expect(screen.getByRole('dialog', { name: 'Excluir pasta?' })).toBeTruthy();
    expect(screen.getByText('Os arquivos também serão excluídos.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Excluir' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Manter' })).toBeTruthy();
  });

  it('is loading while the action runs, then shows the success toast, closes and unmounts', async () => {
    let finish = () => {};
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    let closedAt = 0;
    const onClose = vi.fn(() => {
      closedAt = Date.now();
    });
    renderDialog({ onConfirm, onClose, successMessage: 'Pasta excluída.' });

    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Confirmar' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Cancelar' }).hasAttribute('disabled')).toBe(true);

    await act(async () => finish());
    expect(await screen.findByText('Pasta excluída.')).toBeTruthy();
    expect(onClose).toHaveBeenCalledOnce();
    // Still in the page during the exit transition, gone 1000 ms after closing (the toast, loaded
    // with the first one shown, may have taken part of that time).
    expect(document.querySelector('.MuiDialog-root')).not.toBeNull();
    await waitFor(() => expect(document.querySelector('.MuiDialog-root')).toBeNull(), { timeout: 3000 });
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(900);
  });

  it('shows the default success text when none is given', async () => {
    renderDialog({ onConfirm: async () => {} });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Operação realizada com sucesso.')).toBeTruthy();
  });

  it("shows the server's message when the action fails, and still closes", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onClose = vi.fn();
    const error = new ApolloError({ graphQLErrors: [{ message: 'Não é possível realizar a ação.' }] });
    renderDialog({ onConfirm: () => Promise.reject(error), onClose });

    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Não é possível realizar a ação.')).toBeTruthy();
    expect(onClose).toHaveBeenCalledOnce();
    expect(console.error).toHaveBeenCalledWith(error);
  });

  it('shows the given error text, or the generic one for a network failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderDialog({ onConfirm: () => Promise.reject(new Error('offline')) });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(i18n.t('error.internal'))).toBeTruthy();
    cleanup();

    renderDialog({ onConfirm: () => Promise.reject(new Error('offline')), errorMessage: 'Falhou.' });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText('Falhou.')).toBeTruthy();
  });

  it('cancels with the button or Esc without confirming', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const onClose = vi.fn();
    renderDialog({ onConfirm, onCancel, onClose });
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onClose).toHaveBeenCalledOnce();
    cleanup();

    renderDialog({ onConfirm, onCancel, onClose });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms with Enter', async () => {
    const onConfirm = vi.fn(async () => {});
    const onClose = vi.fn();
    renderDialog({ onConfirm, onClose });
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Enter' });
    expect(onConfirm).toHaveBeenCalledOnce();
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });
});
