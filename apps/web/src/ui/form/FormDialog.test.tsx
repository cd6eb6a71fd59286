// @vitest-environment jsdom
import TextField from '@mui/material/TextField';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { FormDialog } from './FormDialog';

function renderDialog(props: { dirty?: boolean } = {}) {
  const onClose = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <FormDialog title="Nova pasta" submitLabel="Criar" busy={false} onClose={onClose} onSubmit={() => {}} {...props}>
        <TextField label="Nome" />
      </FormDialog>
    </I18nextProvider>,
  );
  return onClose;
}

const pressEscape = () => fireEvent.keyDown(screen.getByRole('dialog', { name: 'Nova pasta' }), { key: 'Escape' });
const backdrop = () => {
  const node = document.querySelector('.MuiBackdrop-root');
  if (!node) throw new Error('no backdrop');
  fireEvent.click(node);
};

describe('FormDialog', () => {
  afterEach(() => cleanup());

  it('closes on Esc or a click outside when nothing was typed', () => {
    const onClose = renderDialog();
    pressEscape();
    expect(onClose).toHaveBeenCalledTimes(1);
    backdrop();
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('asks before Esc throws typed content away; keep editing keeps it, discard closes', async () => {
    const onClose = renderDialog();
    fireEvent.input(screen.getByLabelText('Nome'), { target: { value: 'Contratos' } });
    pressEscape();
    expect(onClose).not.toHaveBeenCalled();
    const ask = await screen.findByRole('alertdialog', { name: 'Descartar o que você digitou?' });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(ask).toBeTruthy();
    expect((screen.getByLabelText('Nome') as HTMLInputElement).value).toBe('Contratos');
    expect(onClose).not.toHaveBeenCalled();

    backdrop();
    await screen.findByRole('alertdialog');
    fireEvent.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('Cancel never asks; a form that knows it is dirty says so', async () => {
    const onClose = renderDialog({ dirty: true });
    pressEscape();
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
