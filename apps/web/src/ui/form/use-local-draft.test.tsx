// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DRAFT_WRITE_MS, useLocalDraft } from './use-local-draft';
import { useZodForm } from './use-zod-form';

const schema = z.object({ titulo: z.string() });

function DraftForm({ onSaved }: { onSaved?: () => void }) {
  const form = useZodForm(schema, { titulo: '' });
  const draft = useLocalDraft('teste:u1:novo', form);
  return (
    <form>
      {draft.offer && (
        <p>
          rascunho de {draft.offer.savedAt.getFullYear()}
          <button type="button" onClick={draft.restore}>
            restaurar
          </button>
          <button type="button" onClick={draft.discard}>
            descartar
          </button>
        </p>
      )}
      <label>
        Título
        <input value={form.values.titulo} onChange={(e) => form.set('titulo', e.target.value)} />
      </label>
      <button
        type="button"
        onClick={() => {
          draft.clear();
          onSaved?.();
        }}
      >
        salvar
      </button>
    </form>
  );
}

const title = () => screen.getByLabelText('Título') as HTMLInputElement;

function typeAndLeave(text: string) {
  vi.useFakeTimers();
  render(<DraftForm />);
  fireEvent.change(title(), { target: { value: text } });
  act(() => vi.advanceTimersByTime(DRAFT_WRITE_MS + 10));
  vi.useRealTimers();
  cleanup();
}

describe('useLocalDraft (issue 17 point 8: the communication form keeps a local draft)', () => {
  afterEach(() => {
    cleanup();
    window.localStorage.clear();
  });

  it('keeps what was typed and offers it back on the next visit; restoring fills the form', () => {
    typeAndLeave('Campanha de verão');
    render(<DraftForm />);
    expect(screen.getByText(/rascunho de \d{4}/)).toBeTruthy();
    expect(title().value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'restaurar' }));
    expect(title().value).toBe('Campanha de verão');
    expect(screen.queryByText(/rascunho de/)).toBeNull();
  });

  it('discarding drops it for good; a saved form leaves none behind', () => {
    typeAndLeave('Descartável');
    render(<DraftForm />);
    fireEvent.click(screen.getByRole('button', { name: 'descartar' }));
    cleanup();
    render(<DraftForm />);
    expect(screen.queryByText(/rascunho de/)).toBeNull();
    cleanup();

    typeAndLeave('Salvo');
    render(<DraftForm />);
    fireEvent.click(screen.getByRole('button', { name: 'salvar' }));
    cleanup();
    render(<DraftForm />);
    expect(screen.queryByText(/rascunho de/)).toBeNull();
  });
});
