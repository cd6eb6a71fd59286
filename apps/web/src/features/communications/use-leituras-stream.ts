import { useEffect, useState } from 'react';

/** Polling interval of the dashboard when its live stream fails. */
export const DASHBOARD_POLL_MS = 30_000;

/**
 * Live dashboard (issue 5 point 7): SSE `GET /api/comunicados/{id}/leituras/stream`; every `leitura`
 * event calls `onRead` (refetch). On a stream error it closes and answers a polling interval instead
 * (30 s), trying the stream again after one interval.
 */
export function useLeiturasStream(id: string, onRead: () => void): number | undefined {
  const [failed, setFailed] = useState(typeof EventSource === 'undefined');

  useEffect(() => {
    if (failed || !id) return;
    const source = new EventSource(`/api/comunicados/${encodeURIComponent(id)}/leituras/stream`, {
      withCredentials: true,
    });
    source.addEventListener('leitura', () => onRead());
    source.onerror = () => {
      source.close();
      setFailed(true);
    };
    return () => source.close();
  }, [failed, id, onRead]);

  useEffect(() => {
    if (!failed || typeof EventSource === 'undefined') return;
    const retry = window.setTimeout(() => setFailed(false), DASHBOARD_POLL_MS);
    return () => window.clearTimeout(retry);
  }, [failed]);

  return failed ? DASHBOARD_POLL_MS : undefined;
}
