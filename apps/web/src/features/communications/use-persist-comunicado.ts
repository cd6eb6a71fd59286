import { useMutation } from '@apollo/client';
import { useCallback } from 'react';
import {
  COMUNICADOS_REFETCH,
  type Comunicado,
  type ComunicadoInputVariables,
  CRIAR_ERRATA,
  ENVIAR_COMUNICADO,
  ENVIAR_PARA_APROVACAO,
  SALVAR_COMUNICADO,
} from './communications.documents';
import type { FormIntent } from './comunicado-form';

export type PersistOptions = {
  intent: FormIntent;
  input: ComunicadoInputVariables;
  /** The communication edited, or the original of an errata; none for a new one. */
  comunicado?: Comunicado;
  justificativa?: string;
  aprovadorId?: string | null;
  dataHoraAgendamento?: string | null;
};

/**
 * The form's moves as API calls: an errata is created (criarErrata); anything else is saved first
 * (salvarComunicado), then submitted to the approver or sent (now or scheduled). Answers the id of
 * the communication to show next, and the success text's key; rejects with the API's error.
 */
export function usePersistComunicado() {
  const [salvar] = useMutation(SALVAR_COMUNICADO, { refetchQueries: COMUNICADOS_REFETCH });
  const [submeter] = useMutation(ENVIAR_PARA_APROVACAO, { refetchQueries: COMUNICADOS_REFETCH });
  const [enviar] = useMutation(ENVIAR_COMUNICADO, { refetchQueries: COMUNICADOS_REFETCH });
  const [criarErrata] = useMutation(CRIAR_ERRATA, { refetchQueries: COMUNICADOS_REFETCH });

  return useCallback(
    async (o: PersistOptions): Promise<{ id: string; message: string }> => {
      if (o.intent === 'errata' && o.comunicado) {
        const { data } = await criarErrata({
          variables: { idOriginal: o.comunicado.id, justificativa: o.justificativa?.trim() ?? '', comunicado: o.input },
        });
        if (!data) throw new Error('criarErrata answered no data');
        return { id: data.criarErrata.id, message: 'communicationsUi.form.errataCreated' };
      }
      const saved = await salvar({ variables: { id: o.comunicado?.id ?? null, comunicado: o.input } });
      const id = saved.data?.salvarComunicado.id;
      if (!id) throw new Error('salvarComunicado answered no id');
      if (o.intent === 'submit' && o.aprovadorId) {
        await submeter({ variables: { id, aprovadorId: o.aprovadorId } });
        return { id, message: 'communicationsUi.form.submitted' };
      }
      if (o.intent === 'send') {
        const dataHoraAgendamento = o.dataHoraAgendamento ?? null;
        await enviar({ variables: { id, dataHoraAgendamento } });
        return { id, message: dataHoraAgendamento ? 'communicationsUi.form.scheduled' : 'communicationsUi.form.sent' };
      }
      return { id, message: 'communicationsUi.form.saved' };
    },
    [salvar, submeter, enviar, criarErrata],
  );
}
