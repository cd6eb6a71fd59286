import { describe, expect, it, vi } from 'vitest';
import { subscribeBrowser, unsubscribeBrowser, vapidKeyBytes } from './push-subscription';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

function fakeSubscription(applicationServerKey: ArrayBuffer | null, calls: string[]) {
  return {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    options: { applicationServerKey },
    toJSON: () => ({ keys: { auth: 'auth-secret', p256dh: 'p256dh-key' } }),
    unsubscribe: vi.fn(async () => {
      calls.push('unsubscribe');
      return true;
    }),
  };
}

describe('push subscription', () => {
  it('reads the base64url VAPID key as the 65 bytes of an uncompressed P-256 point', () => {
    const bytes = vapidKeyBytes(KEY);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
  });

  it('subscribes with the key and hands endpoint, auth and p256dh (as key) to gerarPushSubscription', async () => {
    const calls: string[] = [];
    const subscription = fakeSubscription(vapidKeyBytes(KEY).buffer, calls);
    const pushManager = { getSubscription: vi.fn(async () => null), subscribe: vi.fn(async () => subscription) };
    const save = vi.fn(async () => true);
    await subscribeBrowser({ pushManager } as unknown as ServiceWorkerRegistration, KEY, save);
    expect(pushManager.subscribe).toHaveBeenCalledWith({
      userVisibleOnly: true,
      applicationServerKey: vapidKeyBytes(KEY),
    });
    expect(save).toHaveBeenCalledWith({ endpoint: subscription.endpoint, auth: 'auth-secret', key: 'p256dh-key' });
  });

  it('replaces a subscription made with another key', async () => {
    const calls: string[] = [];
    const old = fakeSubscription(new Uint8Array(65).buffer, calls);
    const fresh = fakeSubscription(vapidKeyBytes(KEY).buffer, calls);
    const pushManager = { getSubscription: vi.fn(async () => old), subscribe: vi.fn(async () => fresh) };
    await subscribeBrowser({ pushManager } as unknown as ServiceWorkerRegistration, KEY, async () => true);
    expect(old.unsubscribe).toHaveBeenCalled();
    expect(pushManager.subscribe).toHaveBeenCalled();
  });

  it('on sign-out removes the subscription on the server first, then in the browser', async () => {
    const calls: string[] = [];
    const subscription = fakeSubscription(null, calls);
    const registration = { pushManager: { getSubscription: async () => subscription } };
    const remove = vi.fn(async (endpoint: string) => void calls.push(`remove ${endpoint}`));
    await unsubscribeBrowser(remove, { getRegistration: async () => registration } as never);
    expect(calls).toEqual([`remove ${subscription.endpoint}`, 'unsubscribe']);
  });

  it('does nothing on sign-out where the browser has no subscription or no worker', async () => {
    const remove = vi.fn(async () => true);
    await unsubscribeBrowser(remove, { getRegistration: async () => undefined } as never);
    await unsubscribeBrowser(remove, null);
    expect(remove).not.toHaveBeenCalled();
  });
});
