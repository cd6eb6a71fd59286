import { useMutation, useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { apiErrorMessage } from '../../app/apollo-client';
import { useSignedInUser } from '../../app/current-user/signed-in-user';
import { useBreadcrumbLabel } from '../../app/shell/breadcrumb-labels';
import { AuditLink } from '../../ui/AuditLink';
import { CenteredMessage } from '../../ui/CenteredMessage';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatDateTime } from '../../ui/format-date';
import { LoadingView } from '../../ui/LoadingView';
import { RejectDialog, ScheduleDialog, SubmitDialog } from './ActionDialogs';
import { ComunicadoBody } from './ComunicadoBody';
import { ChangesSinceRejection, HistoryList } from './ComunicadoHistory';
import {
  ARQUIVAR_COMUNICADO,
  COMUNICADO,
  COMUNICADOS_REFETCH,
  type Comunicado,
  type ComunicadoHistorico,
  DESARQUIVAR_COMUNICADO,
} from './communications.documents';
import { comunicadoUrls } from './format';
import { isNotFound } from './not-found';
import { StatusTag } from './Tag';

type Open = null | 'approve' | 'send' | 'reject' | 'submit' | 'archive' | 'unarchive';

/** The buttons `viewerCan` allows (issue 5 point 6); destructive ones confirm first. */
function Actions({ comunicado, onOpen }: { comunicado: Comunicado; onOpen: (d: Open) => void }) {
  const { t } = useTranslation();
  const can = comunicado.viewerCan;
  const id = comunicado.id;
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      role="group"
      aria-label={t('communicationsUi.manage.actions')}
      sx={{ flexWrap: 'wrap' }}
    >
      {can.editar && (
        <Button component={RouterLink} to={comunicadoUrls.editar(id)} variant="outlined">
          {t('communicationsUi.manage.edit')}
        </Button>
      )}
      {can.enviarParaAprovacao && (
        <Button variant="contained" onClick={() => onOpen('submit')}>
          {t('communicationsUi.manage.submitForApproval')}
        </Button>
      )}
      {can.aprovar && (
        <Button variant="contained" color="success" onClick={() => onOpen('approve')}>
          {t('communicationsUi.manage.approve')}
        </Button>
      )}
      {can.rejeitar && (
        // The text in the darker error shade: #e6433f on white is below 4.5:1 (axe color-contrast).
        <Button variant="outlined" color="error" sx={{ color: 'error.dark' }} onClick={() => onOpen('reject')}>
          {t('communicationsUi.manage.reject')}
        </Button>
      )}
      {can.enviar && (
        <Button variant="contained" onClick={() => onOpen('send')}>
          {t('communicationsUi.manage.send')}
        </Button>
      )}
      {can.arquivar && (
        <Button variant="outlined" onClick={() => onOpen('archive')}>
          {t('communicationsUi.manage.archive')}
        </Button>
      )}
      {can.desarquivar && (
        <Button variant="outlined" onClick={() => onOpen('unarchive')}>
          {t('communicationsUi.manage.unarchive')}
        </Button>
      )}
      {can.criarErrata && (
        <Button component={RouterLink} to={comunicadoUrls.errata(id)} variant="outlined">
          {t('communicationsUi.manage.errata')}
        </Button>
      )}
      {can.verDashboard && (
        <Button component={RouterLink} to={comunicadoUrls.dashboard(id)} variant="outlined">
          {t('communicationsUi.manage.dashboard')}
        </Button>
      )}
      <AuditLink entidade="comunicado" id={id} />
    </Stack>
  );
}

/** While approved and being sent (the fan-out job runs), the view asks again this often until it is sent. */
export const SENDING_POLL_MS = 2_000;

/** Whether the communication was sent (archived ones were too). */
const wasSent = (c: Comunicado) => c.status.id === 'ENVIADO' || c.status.id === 'ARQUIVADO';

/** The state as it really is, at once (issue 17 point 3): sent (when, to how many), being sent, or scheduled. */
function StateNotice({ comunicado: c }: { comunicado: Comunicado }) {
  const { t, i18n } = useTranslation();
  if (wasSent(c) && c.envioDateTime)
    return (
      <Alert severity="success" data-testid="state-notice">
        {t('communicationsUi.manage.sentSummary', {
          data: formatDateTime(c.envioDateTime, i18n.language),
          count: c.entregues ?? 0,
        })}
      </Alert>
    );
  if (c.status.id === 'APROVADO')
    return (
      <Alert severity="info" data-testid="state-notice">
        {t('communicationsUi.manage.sending')}
      </Alert>
    );
  if (c.status.id === 'AGENDADO' && c.dataHoraAgendamento)
    return (
      <Alert severity="info" data-testid="state-notice">
        {t('communicationsUi.manage.historyScheduled', { data: formatDateTime(c.dataHoraAgendamento, i18n.language) })}
      </Alert>
    );
  return null;
}

/** Status, people, dates, rejection reason and the history that keeps every step (decision 0041). */
function Facts({ comunicado: c }: { comunicado: Comunicado & ComunicadoHistorico }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2">{t('communicationsUi.manage.status')}:</Typography>
        <StatusTag status={c.status.id} size="medium" />
      </Stack>
      <StateNotice comunicado={c} />
      {c.status.id === 'REJEITADO' && c.motivoRejeicao && (
        <Alert severity="error">
          <strong>{t('communicationsUi.manage.rejectionReason')}:</strong> {c.motivoRejeicao}
        </Alert>
      )}
      <div>
        <Typography variant="subtitle2" component="h2">
          {t('communicationsUi.manage.audience')}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
          {[...c.grupos, ...c.gruposDealers].map((g) => (
            <Chip key={g.id} size="small" label={g.nome} />
          ))}
          {c.emailsAvulsos.map((e) => (
            <Chip key={e} size="small" variant="outlined" label={e} />
          ))}
        </Stack>
      </div>
      <HistoryList historico={c.historico} />
    </Stack>
  );
}

/** /comunicados/visualizar/:id: the communication for its creator and approver, with its actions. */
export function ComunicadoViewPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const id = useParams().id ?? '';
  const { pathname } = useLocation();
  const { data, loading, error, startPolling, stopPolling } = useQuery(COMUNICADO, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const [arquivar] = useMutation(ARQUIVAR_COMUNICADO, { refetchQueries: COMUNICADOS_REFETCH });
  const [desarquivar] = useMutation(DESARQUIVAR_COMUNICADO, { refetchQueries: COMUNICADOS_REFETCH });
  const [open, setOpen] = useState<Open>(null);
  // The confirm dialog keeps its texts while it closes (its exit transition outlives `open`).
  const [confirmKind, setConfirmKind] = useState<'archive' | 'unarchive'>('archive');
  const openDialog = (next: Open) => {
    if (next === 'archive' || next === 'unarchive') setConfirmKind(next);
    setOpen(next);
  };
  const c = data?.comunicado;
  useBreadcrumbLabel(pathname, c?.titulo);
  // Approved is "being sent": the mutation's answer says so at once, and the view follows until the job has sent it.
  const sending = c?.status.id === 'APROVADO';
  useEffect(() => {
    if (!sending) return;
    startPolling(SENDING_POLL_MS);
    return () => stopPolling();
  }, [sending, startPolling, stopPolling]);

  if (isNotFound(error))
    return (
      <CenteredMessage
        title={t('communicationsUi.view.notFound')}
        action={
          <Button component={RouterLink} to={comunicadoUrls.inbox} variant="contained">
            {t('communicationsUi.view.back')}
          </Button>
        }
      />
    );
  if (error && !c)
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error">{apiErrorMessage(error, t('communicationsUi.view.loadError'))}</Alert>
      </Box>
    );
  if (loading && !c) return <LoadingView />;
  if (!c) return null;

  const close = () => setOpen(null);
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1440, mx: 'auto' }}>
      <Stack spacing={2} sx={{ mb: 3 }}>
        <Button component={RouterLink} to={`${comunicadoUrls.inbox}?aba=ENVIADOS`} sx={{ alignSelf: 'flex-start' }}>
          {t('communicationsUi.view.back')}
        </Button>
        <Actions comunicado={c} onOpen={openDialog} />
      </Stack>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
            <ComunicadoBody comunicado={c} errata={Boolean(c.idParent)} sent={wasSent(c)} />
            {c.erratas.map((e) => (
              <Box key={e.id}>
                <Divider sx={{ my: 3 }} />
                <ComunicadoBody comunicado={e} errata headingLevel="h2" />
              </Box>
            ))}
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <Stack spacing={2}>
            {c.status.id === 'EM_APROVACAO' && c.alteracoesDesdeRejeicao && (
              // A resubmission: what changed since the rejected version, and why it was rejected (issue 17 point 2).
              // Beside the content (after its h1, so headings stay in order).
              <ChangesSinceRejection alteracoes={c.alteracoesDesdeRejeicao} historico={c.historico} />
            )}
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              <Facts comunicado={c} />
            </Paper>
          </Stack>
        </Grid>
      </Grid>
      {(open === 'approve' || open === 'send') && <ScheduleDialog kind={open} comunicado={c} onClose={close} />}
      {open === 'reject' && <RejectDialog comunicado={c} onClose={close} />}
      {open === 'submit' && <SubmitDialog comunicado={c} onClose={close} userId={user.id} />}
      <ConfirmDialog
        open={open === 'archive' || open === 'unarchive'}
        title={t(
          confirmKind === 'unarchive'
            ? 'communicationsUi.manage.confirmUnarchive'
            : 'communicationsUi.manage.confirmArchive',
        )}
        successMessage={t(
          confirmKind === 'unarchive' ? 'communicationsUi.manage.unarchived' : 'communicationsUi.manage.archived',
        )}
        onConfirm={() =>
          confirmKind === 'unarchive' ? desarquivar({ variables: { id: c.id } }) : arquivar({ variables: { id: c.id } })
        }
        onClose={close}
      />
    </Box>
  );
}
