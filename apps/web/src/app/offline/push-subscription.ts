/** This browser's push subscription as `gerarPushSubscription` takes it (`key` is the browser's p256dh). */
export type PushSubscriptionInput = { endpoint: string; auth: string; key: string };

/**
 * Whether this browser can receive web push at all: service workers, the Push API and notifications. False in Safari
 * tabs on iPhone and iPad and in old Safari on macOS (decision 0035), where the portal never asks.
 */
export function canPush(): boolean {
  return 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The VAPID public key (base64url, as `chavePublicaPush` gives it) as the bytes `subscribe` takes. */
export function vapidKeyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((byte, i) => byte === b[i]);

/**
 * Subscribes this browser (permission already granted) with the server's VAPID key and hands the subscription to
 * `save` (`gerarPushSubscription`). A subscription made with another key (the keys changed) is replaced.
 */
export async function subscribeBrowser(
  registration: ServiceWorkerRegistration,
  publicKey: string,
  save: (input: PushSubscriptionInput) => Promise<unknown>,
): Promise<void> {
  const key = vapidKeyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const { keys } = subscription.toJSON();
  if (!keys?.auth || !keys.p256dh) throw new Error('push subscription without keys');
  await save({ endpoint: subscription.endpoint, auth: keys.auth, key: keys.p256dh });
}

/**
 * Sign-out: removes this browser's subscription on the server (`remove`: `removerPushSubscription`, while the session
 * is still valid), then in the browser, so the next user of the browser gets none of this one's pushes.
 */
export async function unsubscribeBrowser(
  remove: (endpoint: string) => Promise<unknown>,
  container: Pick<ServiceWorkerContainer, 'getRegistration'> | null | undefined = navigator.serviceWorker,
): Promise<void> {
  const registration = await container?.getRegistration('/');
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  await remove(subscription.endpoint).catch(() => {});
  await subscription.unsubscribe();
}
