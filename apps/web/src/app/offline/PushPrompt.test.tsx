// @vitest-environment jsdom
import { MockedProvider, type MockedResponse } from '@apollo/client/testing';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../ui/toast';
import { i18n } from '../i18n';
import { PushPrompt } from './PushPrompt';
import { ChavePublicaPushDocument, GerarPushSubscriptionDocument } from './push.generated';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc';

const keyMock = (key: string | null): MockedResponse => ({
  request: { query: ChavePublicaPushDocument },
  result: { data: { chavePublicaPush: key } },
});
const gerar = vi.fn(() => ({ data: { gerarPushSubscription: true } }));
const gerarMock: MockedResponse = {
  request: { query: GerarPushSubscriptionDocument, variables: { input: { endpoint: ENDPOINT, auth: 'a', key: 'p' } } },
  result: gerar,
};

function stubBrowser(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  const subscription = {
    endpoint: ENDPOINT,
    options: { applicationServerKey: null },
    toJSON: () => ({ keys: { auth: 'a', p256dh: 'p' } }),
  };
  const pushManager = { getSubscription: vi.fn(async () => null), subscribe: vi.fn(async () => subscription) };
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal('Notification', { permission, requestPermission });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve({ pushManager }) },
  });
  return { requestPermission, pushManager };
}

const renderPrompt = (mocks: MockedResponse[]) =>
  render(
    <I18nextProvider i18n={i18n}>
      <ToastProvider>
        <MockedProvider mocks={mocks}>
          <PushPrompt />
        </MockedProvider>
      </ToastProvider>
    </I18nextProvider>,
  );

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  gerar.mockClear();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('PushPrompt', () => {
  it('asks for permission only when clicked, then subscribes with the key and stores the subscription', async () => {
    const { requestPermission, pushManager } = stubBrowser('default');
    renderPrompt([keyMock(KEY), gerarMock]);
    const enable = await screen.findByRole('button', { name: i18n.t('shell.pushEnable') });
    expect(requestPermission).not.toHaveBeenCalled();
    fireEvent.click(enable);
    await waitFor(() => expect(gerar).toHaveBeenCalled());
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(pushManager.subscribe).toHaveBeenCalledWith(expect.objectContaining({ userVisibleOnly: true }));
    await waitFor(() => expect(screen.queryByRole('button', { name: i18n.t('shell.pushEnable') })).toBeNull());
  });

  it('floats over the page instead of pushing it down when it appears', async () => {
    stubBrowser('default');
    renderPrompt([keyMock(KEY)]);
    const prompt = await screen.findByRole('region', { name: i18n.t('shell.pushEnable') });
    expect(getComputedStyle(prompt).position).toBe('fixed');
  });

  it('is dismissed for this browser with "not now"', async () => {
    stubBrowser('default');
    renderPrompt([keyMock(KEY)]);
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('shell.pushDismiss') }));
    expect(screen.queryByRole('button', { name: i18n.t('shell.pushEnable') })).toBeNull();
    cleanup();
    renderPrompt([keyMock(KEY)]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: i18n.t('shell.pushEnable') })).toBeNull();
  });

  it('shows nothing when the server has no VAPID key (push off)', async () => {
    stubBrowser('default');
    renderPrompt([keyMock(null)]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: i18n.t('shell.pushEnable') })).toBeNull();
  });

  it('subscribes again without asking when permission was granted before', async () => {
    const { requestPermission } = stubBrowser('granted');
    renderPrompt([keyMock(KEY), gerarMock]);
    await waitFor(() => expect(gerar).toHaveBeenCalled());
    expect(requestPermission).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: i18n.t('shell.pushEnable') })).toBeNull();
  });

  it('never asks where the browser cannot push (no Push API)', async () => {
    vi.stubGlobal('Notification', { permission: 'default', requestPermission: vi.fn() });
    renderPrompt([keyMock(KEY)]);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.queryByRole('button', { name: i18n.t('shell.pushEnable') })).toBeNull();
  });
});
