// @vitest-environment jsdom
import { MockedProvider } from '@apollo/client/testing';
import { UNREAD_COUNT_POLL_MS } from '@portal/domain';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNT_NOTIFICACOES_NAO_LIDAS } from './notifications.documents';
import { useUnreadCount } from './useUnreadCount';

/** Stands in for the browser's EventSource (jsdom has none): records each connection. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  listeners = new Map<string, (event: MessageEvent<string>) => void>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  emit(count: number) {
    this.listeners.get('count')?.({ data: JSON.stringify({ count }) } as MessageEvent<string>);
  }
}

const countMock = (value: number) => ({
  request: { query: COUNT_NOTIFICACOES_NAO_LIDAS },
  result: { data: { countNotificacoesNaoLidas: value } },
});

describe('useUnreadCount', () => {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('follows the stream; after a failure it polls, then opens the stream again', async () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MockedProvider mocks={[countMock(4), countMock(4)]}>{children}</MockedProvider>
    );
    const { result } = renderHook(() => useUnreadCount(), { wrapper });
    expect(FakeEventSource.opened).toHaveLength(1);
    act(() => FakeEventSource.opened[0]!.emit(2));
    expect(result.current.count).toBe(2);

    act(() => FakeEventSource.opened[0]!.onerror?.());
    expect(FakeEventSource.opened[0]!.closed).toBe(true);
    await vi.waitFor(() => expect(result.current.count).toBe(4));

    await act(async () => {
      await vi.advanceTimersByTimeAsync(UNREAD_COUNT_POLL_MS);
    });
    expect(FakeEventSource.opened).toHaveLength(2);
    act(() => FakeEventSource.opened[1]!.emit(5));
    expect(result.current.count).toBe(5);
  });
});
