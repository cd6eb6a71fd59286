// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_CHECK_MS, useSessionCheck } from './use-session-check';

function session(authenticated: boolean) {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ authenticated }), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('useSessionCheck (SPEC §9: session-check interval 5 s)', () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks /auth/session every 5 s and sends to sign-in once the session is gone elsewhere', async () => {
    vi.useFakeTimers();
    const fetch = session(true);
    const onEnded = vi.fn();
    renderHook(() => useSessionCheck(onEnded));
    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_MS));
    expect(fetch).toHaveBeenCalledWith('/auth/session', expect.objectContaining({ credentials: 'same-origin' }));
    expect(onEnded).not.toHaveBeenCalled();

    session(false);
    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_MS));
    expect(onEnded).toHaveBeenCalledOnce();
  });

  it('a failed check (offline) waits for the next one', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    const onEnded = vi.fn();
    renderHook(() => useSessionCheck(onEnded));
    await act(() => vi.advanceTimersByTimeAsync(SESSION_CHECK_MS * 2));
    expect(onEnded).not.toHaveBeenCalled();
  });
});
