import { useMutation } from '@apollo/client';
import { useCallback } from 'react';
import {
  MARCAR_NOTIFICACAO_COMO_LIDA,
  MARCAR_TODAS_NOTIFICACOES_COMO_LIDAS,
  NOTIFICACOES,
  NOTIFICACOES_MENU,
} from './notifications.documents';

/**
 * Marking read (issue 17 point 9): `markRead(id)` when a notification is opened (the cache updates it in place),
 * `markAllRead()` at any time (the lists are fetched again). Failures leave the marks as they were: the next
 * opening tries again.
 */
export function useMarkRead() {
  const [markOne] = useMutation(MARCAR_NOTIFICACAO_COMO_LIDA);
  const [markAll, { loading: markingAll }] = useMutation(MARCAR_TODAS_NOTIFICACOES_COMO_LIDAS, {
    refetchQueries: [NOTIFICACOES_MENU, NOTIFICACOES],
  });
  const markRead = useCallback((id: string) => void markOne({ variables: { id } }).catch(() => {}), [markOne]);
  const markAllRead = useCallback(async () => {
    try {
      await markAll();
    } catch {
      // Nothing changed; the button stays.
    }
  }, [markAll]);
  return { markRead, markAllRead, markingAll };
}
