// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STREAM_THROTTLE_MS, useImportStream } from './use-import-stream';

/** A stand-in for the browser's EventSource: the test sends the events. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  listeners = new Map<string, () => void>();
  closed = false;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  emit(type: string) {
    this.listeners.get(type)?.();
  }
}

describe('useImportStream', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('refetches on importacao events at most once a second, with one trailing call, and closes on unmount', () => {
    const onChange = vi.fn();
    const { unmount } = renderHook(() => useImportStream(onChange));
    const source = FakeEventSource.last as FakeEventSource;
    expect(source.url).toBe('/api/importacoes/stream');
    expect(source.init?.withCredentials).toBe(true);

    act(() => source.emit('importacao'));
    expect(onChange).toHaveBeenCalledTimes(1);
    act(() => {
      source.emit('importacao');
      source.emit('importacao');
      source.emit('importacao');
    });
    expect(onChange).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(STREAM_THROTTLE_MS));
    expect(onChange).toHaveBeenCalledTimes(2);
    act(() => vi.advanceTimersByTime(5 * STREAM_THROTTLE_MS));
    expect(onChange).toHaveBeenCalledTimes(2);

    unmount();
    expect(source.closed).toBe(true);
  });
});
