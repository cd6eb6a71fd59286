import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { apiErrorMessage } from '../../app/apollo-client';
import { useBreadcrumbLabel } from '../../app/shell/breadcrumb-labels';
import { CenteredMessage } from '../../ui/CenteredMessage';
import { LoadingView } from '../../ui/LoadingView';
import { ComunicadoForm } from './ComunicadoForm';
import { COMUNICADO } from './communications.documents';
import { comunicadoUrls } from './format';
import { isNotFound } from './not-found';

/** /comunicados/novo. */
export function NovoComunicadoPage() {
  return <ComunicadoForm mode="novo" />;
}

/** /comunicados/editar/:id and /comunicados/errata/:id (the id of the original): load, then the form. */
function LoadedForm({ mode }: { mode: 'editar' | 'errata' }) {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const { pathname } = useLocation();
  const { data, loading, error } = useQuery(COMUNICADO, { variables: { id }, fetchPolicy: 'network-only' });
  const comunicado = data?.comunicado;
  useBreadcrumbLabel(pathname, comunicado?.titulo);

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
  if (error)
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error">{apiErrorMessage(error, t('communicationsUi.view.loadError'))}</Alert>
      </Box>
    );
  if (loading || !comunicado) return <LoadingView />;
  const allowed = mode === 'editar' ? comunicado.viewerCan.editar : comunicado.viewerCan.criarErrata;
  if (!allowed)
    return (
      <CenteredMessage
        title={t('error.forbidden')}
        action={
          <Button component={RouterLink} to={comunicadoUrls.visualizar(id)} variant="contained">
            {comunicado.titulo}
          </Button>
        }
      />
    );
  return <ComunicadoForm key={comunicado.id} mode={mode} comunicado={comunicado} />;
}

export function EditarComunicadoPage() {
  return <LoadedForm mode="editar" />;
}

export function ErrataComunicadoPage() {
  return <LoadedForm mode="errata" />;
}
