import { useMutation } from '@apollo/client';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlvoLembrete } from '../../generated/graphql';
import { ChoiceDialog } from '../../ui/ChoiceDialog';
import { formatDateTime } from '../../ui/format-date';
import { useToast } from '../../ui/toast';
import type { DashboardComunicado } from './communications.documents';
import { EnviarLembreteComunicadoDocument as ENVIAR_LEMBRETE } from './communications-confirmation.generated';

type Props = {
  id: string;
  dashboard: Pick<DashboardComunicado, 'naoLidos' | 'naoConfirmados' | 'proximoLembreteEm' | 'ultimoLembrete'> & {
    comunicado: Pick<DashboardComunicado['comunicado'], 'exigeConfirmacao' | 'status'>;
  };
};

/**
 * The dashboard's reminder (issue 17 point 5): "Send reminder" asks to whom (those who have not read, or, when the
 * communication asks for it, not confirmed: each with its count) and sends a notification, an e-mail and a push.
 * While the interval since the last one runs, the button is off and says from when the next is possible.
 */
export function ReminderPanel({ id, dashboard: d }: Props) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const describedBy = useId();
  const [asking, setAsking] = useState(false);
  const [enviar, { loading }] = useMutation(ENVIAR_LEMBRETE, { refetchQueries: ['DashboardComunicado'] });
  if (d.comunicado.status.id !== 'ENVIADO') return null;

  const choices = [
    { value: 'NAO_LIDOS' as const, count: d.naoLidos },
    ...(d.comunicado.exigeConfirmacao ? [{ value: 'NAO_CONFIRMADOS' as const, count: d.naoConfirmados }] : []),
  ]
    .filter((c) => c.count > 0)
    .map((c, i) => ({
      value: c.value,
      label: t(`communicationsConfirmation.remind${c.value}`, { count: c.count }),
      primary: i === 0,
    }));
  const waiting = Boolean(d.proximoLembreteEm);

  const send = async (alvo: AlvoLembrete) => {
    setAsking(false);
    try {
      const result = await enviar({ variables: { id, alvo } });
      const count = result.data?.enviarLembreteComunicado.destinatarios ?? 0;
      toast.success(t('communicationsConfirmation.remindSent', { count }));
    } catch (error) {
      toast.error(error);
    }
  };

  return (
    <Stack spacing={0.5} sx={{ alignItems: { xs: 'stretch', sm: 'flex-end' } }}>
      <Button
        variant="outlined"
        onClick={() => setAsking(true)}
        disabled={loading || waiting || choices.length === 0}
        aria-describedby={describedBy}
      >
        {t('communicationsConfirmation.remind')}
      </Button>
      <Typography id={describedBy} variant="body2" color="text.secondary" sx={{ textAlign: { sm: 'right' } }}>
        {d.proximoLembreteEm &&
          t('communicationsConfirmation.remindNext', { data: formatDateTime(d.proximoLembreteEm, i18n.language) })}
        {d.proximoLembreteEm && d.ultimoLembrete && ' '}
        {d.ultimoLembrete &&
          t('communicationsConfirmation.remindLast', {
            data: formatDateTime(d.ultimoLembrete.enviadoEm, i18n.language),
            count: d.ultimoLembrete.destinatarios,
          })}
      </Typography>
      {asking && (
        <ChoiceDialog
          title={t('communicationsConfirmation.remindTitle')}
          text={t('communicationsConfirmation.remindHow')}
          choices={choices}
          onChoose={(alvo) => void send(alvo)}
          onCancel={() => setAsking(false)}
          cancelLabel={t('common.cancel')}
        />
      )}
    </Stack>
  );
}
