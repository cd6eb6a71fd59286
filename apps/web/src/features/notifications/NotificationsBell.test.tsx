// @vitest-environment jsdom
import { MockedProvider } from '@apollo/client/testing';
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../app/i18n';
import { NotificationsBell } from './NotificationsBell';
import { COUNT_NOTIFICACOES_NAO_LIDAS } from './notifications.documents';

/** Stands in for the browser's EventSource (jsdom has none): the live count arrives through it. */
class FakeEventSource {
  static last: FakeEventSource | null = null;
  listeners = new Map<string, (event: MessageEvent<string>) => void>();
  onerror: (() => void) | null = null;
  constructor() {
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, listener);
  }
  close() {}
  emit(count: number) {
    this.listeners.get('count')?.({ data: JSON.stringify({ count }) } as MessageEvent<string>);
  }
}

const showBell = (count: number) => {
  render(
    <I18nextProvider i18n={i18n}>
      <MockedProvider
        mocks={[
          { request: { query: COUNT_NOTIFICACOES_NAO_LIDAS }, result: { data: { countNotificacoesNaoLidas: count } } },
        ]}
      >
        <NotificationsBell />
      </MockedProvider>
    </I18nextProvider>,
  );
  act(() => FakeEventSource.last?.emit(count));
};

describe('NotificationsBell: its accessible name contains its visible text', () => {
  beforeEach(() => vi.stubGlobal('EventSource', FakeEventSource));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each([
    [1, '1', 'Notificações: 1 não lida'],
    [7, '7', 'Notificações: 7 não lidas'],
    [120, '99+', 'Notificações: 99+ não lidas'],
  ])('%i unread: the badge says %s and the name holds it', async (count, badge, name) => {
    showBell(count);
    const bell = await screen.findByRole('button', { name });
    expect(bell.textContent).toBe(badge);
    expect(bell.getAttribute('aria-label')).toContain(bell.textContent);
  });

  it('says "Notificações" alone when nothing is unread', async () => {
    showBell(0);
    expect(await screen.findByRole('button', { name: 'Notificações' })).toBeTruthy();
  });
});
