import { useMutation, useQuery } from '@apollo/client';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { agendamentoSchema, approverProblem, rejeicaoSchema } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../ui/form/FormDialog';
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
  const [agendar, setAgendar] = useState(false);
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [aprovar] = useMutation(APROVAR_COMUNICADO, { refetchQueries: COMUNICADOS_REFETCH });
  const [enviar] = useMutation(ENVIAR_COMUNICADO, { refetchQueries: COMUNICADOS_REFETCH });
  const check = agendamentoSchema(new Date()).safeParse({ dataHoraAgendamento: value || undefined });
  const error =
    agendar && touched && !check.success ? t(check.error.issues[0]?.message ?? 'validation.invalid') : undefined;

  const submit = async () => {
    setTouched(true);
    if (agendar && !check.success) return;
    const dataHoraAgendamento = agendar && check.success ? check.data.dataHoraAgendamento.toISOString() : null;
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
      toast.error(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={t(kind === 'approve' ? 'communicationsUi.manage.approveTitle' : 'communicationsUi.manage.sendTitle')}
      submitLabel={t(kind === 'approve' ? 'communicationsUi.manage.approve' : 'communicationsUi.manage.send')}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <SchedulePicker
        agendar={agendar}
        value={value}
        onToggle={setAgendar}
        onChange={setValue}
        onBlur={() => setTouched(true)}
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
  const [motivo, setMotivo] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [rejeitar] = useMutation(REJEITAR_COMUNICADO, { refetchQueries: COMUNICADOS_REFETCH });
  const check = rejeicaoSchema.safeParse({ motivoRejeicao: motivo });
  const error = touched && !check.success ? t(check.error.issues[0]?.message ?? 'validation.required') : undefined;

  const submit = async () => {
    setTouched(true);
    if (!check.success) return;
    setBusy(true);
    try {
      await rejeitar({ variables: { id: comunicado.id, motivoRejeicao: check.data.motivoRejeicao } });
      toast.success('communicationsUi.manage.rejected');
      onClose();
    } catch (e) {
      toast.error(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={t('communicationsUi.manage.rejectTitle')}
      submitLabel={t('communicationsUi.manage.reject')}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <TextField
        label={t('communicationsUi.manage.rejectReason')}
        value={motivo}
        onChange={(e) => setMotivo(e.target.value)}
        onBlur={() => setTouched(true)}
        error={Boolean(error)}
        helperText={error}
        disabled={busy}
        required
        multiline
        minRows={3}
        fullWidth
        autoFocus
        sx={{ mt: 1 }}
      />
    </FormDialog>
  );
}

/** Submit a saved draft (or a rejected one) to an approver. */
export function SubmitDialog({ comunicado, onClose, userId }: DialogProps & { userId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const aprovadores = useQuery(APROVADORES_COMUNICADO).data?.aprovadoresComunicado ?? [];
  const [aprovadorId, setAprovadorId] = useState<string | null>(comunicado.usuarioAprovador?.id ?? null);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [submeter] = useMutation(ENVIAR_PARA_APROVACAO, { refetchQueries: COMUNICADOS_REFETCH });
  const problem = approverProblem(userId, aprovadorId);
  const error = touched && problem ? t(problem) : undefined;

  const submit = async () => {
    setTouched(true);
    if (problem || !aprovadorId) return;
    setBusy(true);
    try {
      await submeter({ variables: { id: comunicado.id, aprovadorId } });
      toast.success('communicationsUi.form.submitted');
      onClose();
    } catch (e) {
      toast.error(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={t('communicationsUi.manage.submitTitle')}
      submitLabel={t('communicationsUi.manage.submitForApproval')}
      busy={busy}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      <TextField
        select
        label={t('communicationsUi.form.approver')}
        value={aprovadores.some((a) => a.id === aprovadorId) ? aprovadorId : ''}
        onChange={(e) => setAprovadorId(e.target.value || null)}
        onBlur={() => setTouched(true)}
        error={Boolean(error)}
        helperText={error}
        disabled={busy}
        required
        fullWidth
        sx={{ mt: 1 }}
      >
        {aprovadores.map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.nome} ({a.email})
          </MenuItem>
        ))}
      </TextField>
    </FormDialog>
  );
}
