// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter, Link, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { i18n } from '../../app/i18n';
import { ToastProvider } from '../toast';
import { TextInput } from './fields';
import { LeaveGuardDialog } from './LeaveGuardDialog';
import { installLeaveGuard } from './leave-guard';
import { useZodForm } from './use-zod-form';

const schema = z.object({ nome: z.string() });

function FormPage() {
  const form = useZodForm(schema, { nome: '' });
  return (
    <form>
      <TextInput label="Nome" {...form.bind('nome')} />
      <button type="button" onClick={form.saved}>
        salvo
      </button>
      <Link to="/outra">Outra página</Link>
    </form>
  );
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderApp(path: string) {
  window.history.replaceState(null, '', '/inicio');
  window.history.pushState(null, '', path);
  return render(
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <BrowserRouter>
          <Routes>
            <Route path="/form" element={<FormPage />} />
            <Route path="*" element={<p>outra</p>} />
          </Routes>
          <Where />
          <LeaveGuardDialog />
        </BrowserRouter>
      </ToastProvider>
    </I18nextProvider>,
  );
}

const where = () => screen.getByTestId('where').textContent;
const type = (text: string) => fireEvent.change(screen.getByLabelText('Nome'), { target: { value: text } });

describe('leaving a form with changes asks first (leave-guard.ts)', () => {
  beforeAll(() => installLeaveGuard());
  afterEach(() => cleanup());

  it('a clean form lets a link go at once', () => {
    renderApp('/form');
    fireEvent.click(screen.getByRole('link', { name: 'Outra página' }));
    expect(where()).toBe('/outra');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('with changes a link asks: keep editing stays with the text, leaving goes', async () => {
    renderApp('/form');
    type('Ana');
    fireEvent.click(screen.getByRole('link', { name: 'Outra página' }));
    await screen.findByRole('dialog', { name: 'Sair sem salvar?' });
    fireEvent.click(screen.getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(where()).toBe('/form');
    expect((screen.getByLabelText('Nome') as HTMLInputElement).value).toBe('Ana');

    fireEvent.click(screen.getByRole('link', { name: 'Outra página' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sair sem salvar' }));
    await waitFor(() => expect(where()).toBe('/outra'));
  });

  it('with changes the browser’s back asks: staying puts the address back, leaving goes back', async () => {
    renderApp('/form');
    type('Bia');
    act(() => window.history.back());
    await screen.findByRole('dialog', { name: 'Sair sem salvar?' });
    // Held before the router: the form is still there.
    expect(where()).toBe('/form');
    fireEvent.click(screen.getByRole('button', { name: 'Continuar editando' }));
    await waitFor(() => expect(window.location.pathname).toBe('/form'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText('Nome') as HTMLInputElement).value).toBe('Bia');

    act(() => window.history.back());
    fireEvent.click(await screen.findByRole('button', { name: 'Sair sem salvar' }));
    await waitFor(() => expect(where()).toBe('/inicio'));
  });

  it('once saved, leaving no longer asks', () => {
    renderApp('/form');
    type('Cris');
    fireEvent.click(screen.getByRole('button', { name: 'salvo' }));
    fireEvent.click(screen.getByRole('link', { name: 'Outra página' }));
    expect(where()).toBe('/outra');
  });
});
