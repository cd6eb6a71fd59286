import { type DocumentNode, useQuery } from '@apollo/client';
import { UNREAD_COUNT_POLL_MS } from '@portal/domain';
import { useEffect, useState } from 'react';

/**
 * A count kept live by the server (the bell's unread count, an approver's to-approve count): Server-Sent Events at
 * `streamUrl` (`event: count`, `data: {"count":N}`) on connect and on every change. When the stream fails (or the
 * browser has no EventSource), `query` is polled every 60 s instead and the stream is tried again after each
 * interval (docs/domains/notifications.md#live-count). Nothing runs while `enabled` is false. `count` is null until
 * known; `refetch` asks again while polling.
 */
export function useLiveCount<Q>(options: {
  streamUrl: string;
  query: DocumentNode;
  /** The count in the query's answer. */
  pick: (data: Q) => number;
  enabled?: boolean;
}): { count: number | null; polling: boolean; refetch: () => void } {
  const { streamUrl, query, pick, enabled = true } = options;
  const [streamed, setStreamed] = useState<number | null>(null);
  const [polling, setPolling] = useState(typeof EventSource === 'undefined');
  const { data, refetch } = useQuery<Q>(query, {
    skip: !enabled || !polling,
    pollInterval: UNREAD_COUNT_POLL_MS,
    fetchPolicy: 'network-only',
    nextFetchPolicy: 'network-only',
  });

  useEffect(() => {
    if (!enabled || polling) return;
    const source = new EventSource(streamUrl, { withCredentials: true });
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
  }, [enabled, polling, streamUrl]);

  // After a failure, poll for one interval, then try the live stream again (server restarted, network back).
  useEffect(() => {
    if (!enabled || !polling || typeof EventSource === 'undefined') return;
    const retry = window.setTimeout(() => setPolling(false), UNREAD_COUNT_POLL_MS);
    return () => window.clearTimeout(retry);
  }, [enabled, polling]);

  const polled = data ? pick(data) : null;
  return {
    count: !enabled ? null : polling ? (polled ?? streamed) : streamed,
    polling,
    refetch: () => {
      if (polling) void refetch();
    },
  };
}
