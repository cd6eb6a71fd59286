import { useQuery } from '@apollo/client';
import { UNREAD_COUNT_POLL_MS } from '@portal/domain';
import { createContext, type ReactNode, use, useEffect, useState } from 'react';
import { CONTAGEM_COMUNICADOS_A_APROVAR } from './communications.documents';

export const APPROVALS_STREAM_URL = '/api/comunicados/aprovacoes/stream';

/** How many communications wait for the signed-in approver (null: not an approver, or not known yet). */
const ApprovalsCountContext = createContext<number | null>(null);

/**
 * The approver's to-approve count, live (decision 0032), shared by the menu and the /comunicados tab: one
 * Server-Sent Events stream (`event: count`, `data: {"count":N}`) on connect and whenever a submission, approval or
 * rejection concerns the approver. When the stream fails, `contagemComunicadosAAprovar` is polled every 60 s and the
 * stream tried again after each interval, as the bell does. Nothing runs when `enabled` is false (no approval key).
 */
export function ApprovalsCountProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const [streamed, setStreamed] = useState<number | null>(null);
  const [polling, setPolling] = useState(typeof EventSource === 'undefined');
  const { data } = useQuery(CONTAGEM_COMUNICADOS_A_APROVAR, {
    skip: !enabled || !polling,
    pollInterval: UNREAD_COUNT_POLL_MS,
    fetchPolicy: 'network-only',
    nextFetchPolicy: 'network-only',
  });

  useEffect(() => {
    if (!enabled || polling) return;
    const source = new EventSource(APPROVALS_STREAM_URL, { withCredentials: true });
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
  }, [enabled, polling]);

  useEffect(() => {
    if (!enabled || !polling || typeof EventSource === 'undefined') return;
    const retry = window.setTimeout(() => setPolling(false), UNREAD_COUNT_POLL_MS);
    return () => window.clearTimeout(retry);
  }, [enabled, polling]);

  const count = !enabled ? null : polling ? (data?.contagemComunicadosAAprovar ?? streamed) : streamed;
  return <ApprovalsCountContext value={count}>{children}</ApprovalsCountContext>;
}

/** The live to-approve count of the signed-in approver; null for others or until it is known. */
export function useApprovalsCount(): number | null {
  return use(ApprovalsCountContext);
}
