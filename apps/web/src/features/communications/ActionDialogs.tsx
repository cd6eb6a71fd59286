import { useMutation, useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import { escolhaAgendamentoSchema, rejeicaoSchema, submissaoSchema } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../ui/form/FormDialog';
import { SelectInput, TextInput } from '../../ui/form/fields';
import { useZodForm } from '../../ui/form/use-zod-form';
import { useToast } from '../../ui/toast';
import {
  APROVADORES_COMUNICADO,
  APROVAR_COMUNICADO,
  COMUNICADOS_REFETCH,
  type Comunicado,
  ENVIAR_COMUNICADO,
  ENVIAR_PARA_APROVACAO,
  REJEITAR_COMUNICADO,
} from './communications.documents';
import { SchedulePicker } from './FormPickers';

type DialogProps = { comunicado: Comunicado; onClose: () => void };

/** Approve (the chosen approver) or send (a holder of the approval key): now or at a schedule ≥ 1 h ahead. */
export function ScheduleDialog({ comunicado, onClose, kind }: DialogProps & { kind: 'approve' | 'send' }) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useZodForm(escolhaAgendamentoSchema(new Date()), { agendar: false, dataHoraAgendamento: '' });
  const [busy, setBusy] = useState(false);
  const [aprovar] = useMutation(APROVAR_COMUNICADO, { refetchQueries: COMUNICADOS_REFETCH });
  const [enviar] = useMutation(ENVIAR_COMUNICADO, { refetchQueries: COMUNICADOS_REFETCH });
  const error = form.errorOf('dataHoraAgendamento');

  const submit = form.onSubmit(async (agendamento) => {
    const dataHoraAgendamento = agendamento ? agendamento.toISOString() : null;
    setBusy(true);
    try {
      if (kind === 'approve') await aprovar({ variables: { id: comunicado.id, dataHoraAgendamento } });
      else await enviar({ variables: { id: comunicado.id, dataHoraAgendamento } });
      toast.success(
        dataHoraAgendamento
          ? 'communicationsUi.form.scheduled'
          : kind === 'approve'
            ? 'communicationsUi.manage.approved'
            : 'communicationsUi.form.sent',
      );
      onClose();
    } catch (e) {
      if (!form.showServerErrors(e)) toast.error(e);
    } finally {
      setBusy(false);
    }
  });

  return (
    <FormDialog
      title={t(kind === 'approve' ? 'communicationsUi.manage.approveTitle' : 'communicationsUi.manage.sendTitle')}
      submitLabel={t(kind === 'approve' ? 'communicationsUi.manage.approve' : 'communicationsUi.manage.send')}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <SchedulePicker
        agendar={form.values.agendar}
        value={form.values.dataHoraAgendamento}
        onToggle={(on) => form.set('agendar', on)}
        onChange={(value) => form.set('dataHoraAgendamento', value)}
        onBlur={() => form.touch('dataHoraAgendamento')}
        error={error}
        disabled={busy}
      />
    </FormDialog>
  );
}

/** Reject, with a required reason. */
export function RejectDialog({ comunicado, onClose }: DialogProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const form = useZodForm(rejeicaoSchema, { motivoRejeicao: '' });
  const [busy, setBusy] = useState(false);
  const [rejeitar] = useMutation(REJEITAR_COMUNICADO, { refetchQueries: COMUNICADOS_REFETCH });

  const submit = form.onSubmit(async ({ motivoRejeicao }) => {
    setBusy(true);
    try {
      await rejeitar({ variables: { id: comunicado.id, motivoRejeicao } });
      toast.success('communicationsUi.manage.rejected');
      onClose();
    } catch (e) {
      if (!form.showServerErrors(e)) toast.error(e);
    } finally {
      setBusy(false);
    }
  });

  return (
    <FormDialog
      title={t('communicationsUi.manage.rejectTitle')}
      submitLabel={t('communicationsUi.manage.reject')}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <Box sx={{ pt: 1 }}>
        <TextInput
          {...form.bind('motivoRejeicao')}
          label={t('communicationsUi.manage.rejectReason')}
          disabled={busy}
          required
          multiline
          minRows={3}
          autoFocus
        />
      </Box>
    </FormDialog>
  );
}

/** Submit a saved draft (or a rejected one) to an approver. */
export function SubmitDialog({ comunicado, onClose, userId }: DialogProps & { userId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const aprovadores = useQuery(APROVADORES_COMUNICADO).data?.aprovadoresComunicado ?? [];
  const form = useZodForm(submissaoSchema(userId), { aprovadorId: comunicado.usuarioAprovador?.id ?? '' });
  const [busy, setBusy] = useState(false);
  const [submeter] = useMutation(ENVIAR_PARA_APROVACAO, { refetchQueries: COMUNICADOS_REFETCH });

  const submit = form.onSubmit(async ({ aprovadorId }) => {
    if (!aprovadorId) return;
    setBusy(true);
    try {
      await submeter({ variables: { id: comunicado.id, aprovadorId } });
      toast.success('communicationsUi.form.submitted');
      onClose();
    } catch (e) {
      if (!form.showServerErrors(e)) toast.error(e);
    } finally {
      setBusy(false);
    }
  });
  const aprovadorId = form.values.aprovadorId;

  return (
    <FormDialog
      title={t('communicationsUi.manage.submitTitle')}
      submitLabel={t('communicationsUi.manage.submitForApproval')}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <Box sx={{ pt: 1 }}>
        <SelectInput
          {...form.bind('aprovadorId')}
          value={aprovadores.some((a) => a.id === aprovadorId) ? aprovadorId : ''}
          label={t('communicationsUi.form.approver')}
          options={aprovadores.map((a) => ({ value: a.id, label: `${a.nome} (${a.email})` }))}
          disabled={busy}
          required
        />
      </Box>
    </FormDialog>
  );
}
