import { useSyncExternalStore } from 'react';

let apiUnreachable = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/**
 * What the API client saw last: a request that got no answer at all (a network failure, not an HTTP error) marks the
 * API unreachable until a request gets through. The browser's own `online`/`offline` events are heard too.
 */
export function reportApiReachable(reachable: boolean): void {
  if (apiUnreachable === !reachable) return;
  apiUnreachable = !reachable;
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onOnline = () => {
    apiUnreachable = false;
    listener();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the portal is offline now: the browser says so, or the API's last request failed for network reasons. */
export function isOffline(): boolean {
  return !navigator.onLine || apiUnreachable;
}

/** `isOffline()` as React state: the offline banner. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline);
}
