// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadableLazy } from './preloadable-lazy';

afterEach(cleanup);

function Greeting({ name }: { name: string }) {
  const [count] = useState(() => Math.random());
  return <p data-mount={count}>Olá {name}</p>;
}

describe('preloadableLazy', () => {
  it('renders at once, with no fallback, once preloaded', async () => {
    const Lazy = preloadableLazy(async () => Greeting);
    await Lazy.preload();
    render(
      <Suspense fallback={<p>carregando</p>}>
        <Lazy name="Ana" />
      </Suspense>,
    );
    // Synchronously: a React.lazy would show the fallback first and the text only after its promise settles.
    expect(screen.getByText('Olá Ana')).toBeTruthy();
    expect(screen.queryByText('carregando')).toBeNull();
  });

  it('is a lazy component under Suspense until its code is there, and loads it once', async () => {
    let resolve!: (c: typeof Greeting) => void;
    const load = vi.fn(() => new Promise<typeof Greeting>((r) => (resolve = r)));
    const Lazy = preloadableLazy(load);
    render(
      <Suspense fallback={<p>carregando</p>}>
        <Lazy name="Bia" />
      </Suspense>,
    );
    expect(screen.getByText('carregando')).toBeTruthy();
    void Lazy.preload();
    await act(async () => resolve(Greeting));
    expect(await screen.findByText('Olá Bia')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps a mount that started lazy as it is when its parent renders again (no remount)', async () => {
    let resolve!: (c: typeof Greeting) => void;
    const Lazy = preloadableLazy(() => new Promise<typeof Greeting>((r) => (resolve = r)));
    const { rerender } = render(
      <Suspense fallback={<p>carregando</p>}>
        <Lazy name="Caio" />
      </Suspense>,
    );
    await act(async () => resolve(Greeting));
    const mount = (await screen.findByText('Olá Caio')).dataset.mount;
    rerender(
      <Suspense fallback={<p>carregando</p>}>
        <Lazy name="Caio" />
      </Suspense>,
    );
    expect(screen.getByText('Olá Caio').dataset.mount).toBe(mount);
  });

  it('tries again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('network')).mockResolvedValueOnce(Greeting);
    const Lazy = preloadableLazy(load);
    await expect(Lazy.preload()).rejects.toThrow('network');
    await expect(Lazy.preload()).resolves.toBe(Greeting);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
