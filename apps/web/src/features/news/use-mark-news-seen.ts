import { useApolloClient } from '@apollo/client';
import { useEffect, useRef } from 'react';
import { MarcarNovidadesVistasDocument } from './news.generated';

/**
 * Moves the news marker (marcarNovidadesVistas) to `ate`, the moment the page's data was read, once the
 * user leaves the page: when the screen unmounts or the tab is closed (`pagehide`, sent with keepalive).
 * Nothing is sent before data was shown, so a failed or aborted load keeps everything new.
 */
export function useMarkNewsSeen(ate: string | undefined) {
  const client = useApolloClient();
  const shown = useRef<string | null>(null);
  useEffect(() => {
    shown.current = ate ?? null;
  }, [ate]);
  useEffect(() => {
    const mark = () => {
      const until = shown.current;
      if (!until) return;
      shown.current = null;
      client
        .mutate({
          mutation: MarcarNovidadesVistasDocument,
          variables: { ate: until },
          context: { fetchOptions: { keepalive: true } },
        })
        // Best effort: a marker that did not move shows the same items again next time.
        .catch(() => undefined);
    };
    window.addEventListener('pagehide', mark);
    return () => {
      window.removeEventListener('pagehide', mark);
      mark();
    };
  }, [client]);
}
