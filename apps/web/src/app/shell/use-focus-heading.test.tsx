// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { useCallback, useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useFocusHeadingOnNavigate } from './use-focus-heading';

function Frame({ path, children }: { path: string; children: React.ReactNode }) {
  const ref = useRef<HTMLElement>(null);
  const main = useCallback(() => ref.current, []);
  useFocusHeadingOnNavigate(path, main);
  return (
    <>
      <a href="/x">menu</a>
      <main ref={ref}>{children}</main>
    </>
  );
}

describe('useFocusHeadingOnNavigate (issue 17 point 12)', () => {
  afterEach(() => cleanup());

  it('leaves the first load alone, then moves the focus to the new page’s heading', async () => {
    const { rerender } = render(
      <Frame path="/home">
        <h1>Início</h1>
      </Frame>,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(document.body);

    screen.getByRole('link', { name: 'menu' }).focus();
    rerender(
      <Frame path="/biblioteca">
        <h1>Biblioteca</h1>
      </Frame>,
    );
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Biblioteca' })));
  });

  it('keeps a focus the page put in its content itself', async () => {
    const { rerender } = render(
      <Frame path="/home">
        <h1>Início</h1>
      </Frame>,
    );
    rerender(
      <Frame path="/usuarios/novo">
        <h1>Novo usuário</h1>
        {/* biome-ignore lint/a11y/noAutofocus: the case under test */}
        <input aria-label="Nome" autoFocus />
      </Frame>,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Nome' }));
  });
});
