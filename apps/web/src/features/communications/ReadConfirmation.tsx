import { useMutation, useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui/format-date';
import { useToast } from '../../ui/toast';
import {
  ConfirmacaoEnvioDocument as CONFIRMACAO_ENVIO,
  ConfirmarLeituraComunicadoDocument as CONFIRMAR_LEITURA,
} from './communications-confirmation.generated';

/**
 * The recipient's read confirmation (issue 17 point 4): for a communication that asks for it, an "I have read and
 * understood" button; once confirmed, when. A failure shows its message and keeps the button.
 */
export function ReadConfirmation({ idComunicado }: { idComunicado: string }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { data } = useQuery(CONFIRMACAO_ENVIO, { variables: { idComunicado }, fetchPolicy: 'cache-and-network' });
  const [confirmar, { loading }] = useMutation(CONFIRMAR_LEITURA, { refetchQueries: ['ComunicadoEnvios'] });
  const confirmedAt = data?.comunicadoEnvio.dataConfirmacao;
  if (!data) return null;
  if (confirmedAt)
    return (
      <Alert severity="success" sx={{ mb: 3 }}>
        {t('communicationsConfirmation.confirmedAt', { data: formatDateTime(confirmedAt, i18n.language) })}
      </Alert>
    );
  const confirm = async () => {
    try {
      await confirmar({ variables: { idComunicado } });
      toast.success('communicationsConfirmation.confirmed');
    } catch (error) {
      toast.error(error);
    }
  };
  return (
    <Alert severity="info" sx={{ mb: 3 }}>
      <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <span>{t('communicationsConfirmation.ask')}</span>
        <Button variant="contained" onClick={() => void confirm()} disabled={loading}>
          {t('communicationsConfirmation.confirm')}
        </Button>
      </Stack>
    </Alert>
  );
}
