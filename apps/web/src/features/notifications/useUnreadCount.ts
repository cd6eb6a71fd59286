import { useQuery } from '@apollo/client';
import { UNREAD_COUNT_POLL_MS } from '@portal/domain';
import { useEffect, useState } from 'react';
import { COUNT_NOTIFICACOES_NAO_LIDAS } from './notifications.documents';

export const NOTIFICATIONS_STREAM_URL = '/api/notificacoes/stream';

/**
 * The bell's unread count, live: Server-Sent Events (`event: count`, `data: {"count":N}`) on connect
 * and on every change. When the stream fails (or the browser has no EventSource), the count is polled
 * every 60 s instead (docs/domains/notifications.md#live-count), and the stream is tried again after each interval.
 * `set` lets the bell show 0 at once after marking all seen.
 */
export function useUnreadCount() {
  const [streamed, setStreamed] = useState<number | null>(null);
  const [polling, setPolling] = useState(typeof EventSource === 'undefined');
  const { data, refetch } = useQuery(COUNT_NOTIFICACOES_NAO_LIDAS, {
    skip: !polling,
    pollInterval: UNREAD_COUNT_POLL_MS,
    fetchPolicy: 'network-only',
    nextFetchPolicy: 'network-only',
  });

  useEffect(() => {
    if (polling) return;
    const source = new EventSource(NOTIFICATIONS_STREAM_URL, { withCredentials: true });
    source.addEventListener('count', (event) => {
      try {
        const { count } = JSON.parse((event as MessageEvent<string>).data) as { count: number };
        if (typeof count === 'number') setStreamed(count);
      } catch {
        // A malformed event is ignored; the next one carries the whole count again.
      }
    });
    source.onerror = () => {
      source.close();
      setPolling(true);
    };
    return () => source.close();
  }, [polling]);

  // After a failure, poll for one interval, then try the live stream again (server restarted, network back).
  useEffect(() => {
    if (!polling || typeof EventSource === 'undefined') return;
    const retry = window.setTimeout(() => setPolling(false), UNREAD_COUNT_POLL_MS);
    return () => window.clearTimeout(retry);
  }, [polling]);

  const [override, setOverride] = useState<{ value: number; base: number | null } | null>(null);
  const current = polling ? (data?.countNotificacoesNaoLidas ?? null) : streamed;
  // A local value (after marking seen) holds until the server reports a new count.
  const count = override && override.base === current ? override.value : (current ?? 0);
  return {
    count,
    set: (value: number) => setOverride({ value, base: current }),
    refresh: () => {
      if (polling) void refetch();
    },
  };
}
