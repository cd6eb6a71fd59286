import { createContext, type ReactNode, use } from 'react';
import { useLiveCount } from '../../ui/use-live-count';
import {
  ContagemComunicadosAAprovarDocument as CONTAGEM_COMUNICADOS_A_APROVAR,
  type ContagemComunicadosAAprovarQuery,
} from './approvals-count.generated';

export const APPROVALS_STREAM_URL = '/api/comunicados/aprovacoes/stream';

/** How many communications wait for the signed-in approver (null: not an approver, or not known yet). */
const ApprovalsCountContext = createContext<number | null>(null);

/**
 * The approver's to-approve count, live (decision 0032), shared by the menu and the /comunicados tab: one stream
 * (`useLiveCount`: Server-Sent Events on connect and whenever a submission, approval or rejection concerns the
 * approver; a 60 s poll of `contagemComunicadosAAprovar` while it fails, as the bell does). Nothing runs when
 * `enabled` is false (no approval key).
 */
export function ApprovalsCountProvider({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const { count } = useLiveCount<ContagemComunicadosAAprovarQuery>({
    streamUrl: APPROVALS_STREAM_URL,
    query: CONTAGEM_COMUNICADOS_A_APROVAR,
    pick: (data) => data.contagemComunicadosAAprovar,
    enabled,
  });
  return <ApprovalsCountContext value={count}>{children}</ApprovalsCountContext>;
}

/** The live to-approve count of the signed-in approver; null for others or until it is known. */
export function useApprovalsCount(): number | null {
  return use(ApprovalsCountContext);
}
