import type { ApolloClient } from '@apollo/client';
import { whenOfflineCache } from '../../app/offline/offline-cache-loader';
import { RemoverPushSubscriptionDocument } from '../../app/offline/push.generated';
import { unsubscribeBrowser } from '../../app/offline/push-subscription';

let redirecting = false;

/** Sends the browser to sign in at the provider; it comes back to the current page. */
export function redirectToSignIn(): void {
  if (redirecting) return;
  redirecting = true;
  window.location.assign(
    `/auth/login?returnTo=${encodeURIComponent(window.location.pathname + window.location.search)}`,
  );
}

/** The service worker's caches (apps/web/sw/sw-portal.js). */
const SHELL_CACHE_PREFIX = 'portal-shell-';

/** What the browser keeps of a user: cleared on sign-out (docs/domains/sign-in-and-sessions.md#signing-out). */
export async function clearBrowserState(client: Pick<ApolloClient<unknown>, 'clearStore'>): Promise<void> {
  await client.clearStore();
  await (await whenOfflineCache())?.wipe();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // The service worker's caches hold only public files (the built app and the portal properties): kept, so the
  // portal still opens offline for the next user; anything else cached is dropped.
  if ('caches' in window) {
    for (const name of await window.caches.keys()) {
      if (!name.startsWith(SHELL_CACHE_PREFIX)) await window.caches.delete(name);
    }
  }
}

/**
 * Ends the portal session (after removing this browser's push subscription), clears what the browser keeps of the
 * user, then leaves for the provider to end its own session; it returns to the site origin (`/`).
 */
export async function signOut(client: Pick<ApolloClient<unknown>, 'clearStore' | 'mutate'>): Promise<void> {
  // While the session is valid: this browser's push subscription leaves the server, then the browser (decision 0035).
  await unsubscribeBrowser((endpoint) =>
    client.mutate({ mutation: RemoverPushSubscriptionDocument, variables: { endpoint } }),
  ).catch(() => {});
  const response = await fetch('/auth/logout', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`POST /auth/logout answered ${response.status}`);
  const { logoutUrl } = (await response.json()) as { logoutUrl: string };
  await clearBrowserState(client);
  window.location.assign(logoutUrl);
}
