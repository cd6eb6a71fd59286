import { useEffect } from 'react';
import { reportApiReachable } from '../offline/network-status';

/** SPEC §9: the session-check interval. */
export const SESSION_CHECK_MS = 5_000;

/**
 * Open tabs notice a sign-out or an expired session elsewhere (issue 17 point 12): while the tab is visible it asks
 * `/auth/session` every SESSION_CHECK_MS (and at once when it becomes visible again), and calls `onEnded` (sign in
 * again) when the session is gone. A failed check (offline, a deploy) waits for the next one; whether the server
 * answered at all feeds the offline banner.
 */
export function useSessionCheck(onEnded: () => void, intervalMs = SESSION_CHECK_MS): void {
  useEffect(() => {
    let stopped = false;
    const check = async () => {
      if (document.visibilityState !== 'visible') return;
      try {
        const response = await fetch('/auth/session', {
          credentials: 'same-origin',
          headers: { accept: 'application/json' },
        });
        reportApiReachable(true);
        if (!response.ok) return;
        const body = (await response.json()) as { authenticated?: unknown };
        if (!stopped && body.authenticated === false) onEnded();
      } catch {
        // Not reachable now (the offline banner): the next check tells.
        reportApiReachable(false);
      }
    };
    const timer = setInterval(() => void check(), intervalMs);
    const onVisible = () => void check();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [onEnded, intervalMs]);
}
