import { useState } from 'react';
import { useLiveCount } from '../../ui/use-live-count';
import { COUNT_NOTIFICACOES_NAO_LIDAS } from './notifications.documents';
import type { CountNotificacoesNaoLidasQuery } from './notifications.generated';

export const NOTIFICATIONS_STREAM_URL = '/api/notificacoes/stream';

/**
 * The bell's unread count, live (`useLiveCount`: Server-Sent Events, a 60 s poll while the stream fails;
 * docs/domains/notifications.md#live-count). `set` lets the bell show 0 at once after marking all seen.
 */
export function useUnreadCount() {
  const live = useLiveCount<CountNotificacoesNaoLidasQuery>({
    streamUrl: NOTIFICATIONS_STREAM_URL,
    query: COUNT_NOTIFICACOES_NAO_LIDAS,
    pick: (data) => data.countNotificacoesNaoLidas,
  });
  const current = live.count;
  const [override, setOverride] = useState<{ value: number; base: number | null } | null>(null);
  // A local value (after marking seen) holds until the server reports a new count.
  const count = override && override.base === current ? override.value : (current ?? 0);
  return {
    count,
    set: (value: number) => setOverride({ value, base: current }),
    refresh: live.refetch,
  };
}
