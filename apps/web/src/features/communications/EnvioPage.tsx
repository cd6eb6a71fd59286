import { useMutation, useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { apiErrorMessage } from '../../app/apollo-client';
import { useBreadcrumbLabel } from '../../app/shell/breadcrumb-labels';
import { CenteredMessage } from '../../ui/CenteredMessage';
import { LoadingView } from '../../ui/LoadingView';
import { ComunicadoBody, EnvioMeta } from './ComunicadoBody';
import { COMUNICADO_ENVIO, MARCAR_ENVIO_COMO_LIDO } from './communications.documents';
import { EnvioToggles } from './EnvioToggles';
import { comunicadoUrls } from './format';
import { isNotFound } from './not-found';
import { ReadConfirmation } from './ReadConfirmation';

/**
 * /comunicados/visualizarEnvio/:id (id: the communication's): the delivery as its recipient reads it.
 * Opening it marks it read (the read date shows); an errata is shown with its original below.
 */
export function EnvioPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const { pathname } = useLocation();
  const { data, loading, error } = useQuery(COMUNICADO_ENVIO, {
    variables: { idComunicado: id },
    fetchPolicy: 'cache-and-network',
  });
  const [marcarLido] = useMutation(MARCAR_ENVIO_COMO_LIDO, { refetchQueries: ['ComunicadoEnvios'] });
  const envio = data?.comunicadoEnvio;
  useBreadcrumbLabel(pathname, envio?.comunicado.titulo);

  const marked = useRef<string | null>(null);
  useEffect(() => {
    if (!envio || envio.lido || marked.current === id) return;
    marked.current = id;
    marcarLido({ variables: { idComunicado: id } }).catch(() => {
      // The delivery stays unread; the next visit tries again.
      marked.current = null;
    });
  }, [envio, id, marcarLido]);

  if (isNotFound(error))
    return (
      <CenteredMessage
        title={t('communicationsUi.view.notFound')}
        text={t('communicationsUi.view.notFoundText')}
        action={
          <Button component={RouterLink} to={comunicadoUrls.inbox} variant="contained">
            {t('communicationsUi.view.back')}
          </Button>
        }
      />
    );
  if (error && !envio)
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error">{apiErrorMessage(error, t('communicationsUi.view.loadError'))}</Alert>
      </Box>
    );
  if (loading && !envio) return <LoadingView />;
  if (!envio) return null;

  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 960, mx: 'auto' }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2 }}>
        <Button component={RouterLink} to={comunicadoUrls.inbox}>
          {t('communicationsUi.view.back')}
        </Button>
        <EnvioToggles idComunicado={id} favorito={envio.favorito} arquivado={envio.arquivado} />
      </Stack>
      {envio.comunicado.exigeConfirmacao && <ReadConfirmation idComunicado={id} />}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <ComunicadoBody
          comunicado={envio.comunicado}
          errata={Boolean(envio.comunicado.idParent)}
          meta={<EnvioMeta dataRecebimento={envio.dataRecebimento} dataLeitura={envio.dataLeitura} />}
        />
        {envio.original && (
          <>
            <Divider sx={{ my: 4 }}>{t('communicationsUi.view.original')}</Divider>
            <Box component="section" aria-label={t('communicationsUi.view.original')} sx={{ opacity: 0.85 }}>
              <ComunicadoBody comunicado={envio.original} headingLevel="h2" />
            </Box>
          </>
        )}
      </Paper>
    </Box>
  );
}
