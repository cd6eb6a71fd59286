import { useEffect, useRef } from 'react';
import { IMPORT_STREAM_URL } from './user-import.documents';

/** At most one refetch per this many ms, however fast the imports move. */
export const STREAM_THROTTLE_MS = 1000;

/**
 * Live progress (design "Progress"): an EventSource on /api/importacoes/stream calls `onChange` on each
 * `importacao` event, throttled to once a second (a burst of chunks ends in one trailing call). The
 * browser reconnects a dropped stream itself; the screen's 30 s poll covers a stream that cannot open.
 */
export function useImportStream(onChange: () => void) {
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(IMPORT_STREAM_URL, { withCredentials: true });
    let last = 0;
    let timer: number | undefined;
    const fire = () => {
      timer = undefined;
      last = Date.now();
      latest.current();
    };
    source.addEventListener('importacao', () => {
      if (timer !== undefined) return;
      const wait = last + STREAM_THROTTLE_MS - Date.now();
      if (wait <= 0) fire();
      else timer = window.setTimeout(fire, wait);
    });
    return () => {
      source.close();
      window.clearTimeout(timer);
    };
  }, []);
}
