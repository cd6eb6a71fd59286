// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AfterIdle, whenIdle } from './when-idle';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenIdle', () => {
  it('waits for the browser to be idle, and can be cancelled', () => {
    const callbacks: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => callbacks.push(cb));
    vi.stubGlobal('cancelIdleCallback', (id: number) => {
      callbacks[id - 1] = () => {};
    });
    const work = vi.fn();
    const other = vi.fn();
    whenIdle(work);
    const cancel = whenIdle(other);
    cancel();
    expect(work).not.toHaveBeenCalled();
    for (const cb of callbacks) cb();
    expect(work).toHaveBeenCalledOnce();
    expect(other).not.toHaveBeenCalled();
  });

  it('AfterIdle shows its children only once the browser was idle (a timer where there is no idle callback)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    render(
      <AfterIdle>
        <p>depois</p>
      </AfterIdle>,
    );
    expect(screen.queryByText('depois')).toBeNull();
    act(() => vi.runAllTimers());
    expect(screen.getByText('depois')).toBeTruthy();
  });
});
