import { useApolloClient, useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { apiErrorMessage } from '../../app/apollo-client';
import { useBreadcrumbLabel } from '../../app/shell/breadcrumb-labels';
import { CenteredMessage } from '../../ui/CenteredMessage';
import { numberFormat } from '../../ui/intl';
import { LoadingView } from '../../ui/LoadingView';
import { ConfirmationsTable } from './ConfirmationsTable';
import { DASHBOARD_COMUNICADO } from './communications.documents';
import { ReadsOverTime, SliceTable, StatCard } from './DashboardParts';
import { comunicadoUrls } from './format';
import { isNotFound } from './not-found';
import { ReadersTable } from './ReadersTable';
import { ReminderPanel } from './ReminderPanel';
import { useLeiturasStream } from './use-leituras-stream';

/**
 * /comunicados/dashboard/:id (issue 5 point 7): recipients, delivered, read, unread and read rate;
 * reads per day; slices by dealer, dealer group, brand and user group; who has and has not read. Live:
 * each `leitura` of the SSE stream refetches (30 s polling when the stream fails).
 */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const id = useParams().id ?? '';
  const { pathname } = useLocation();
  const client = useApolloClient();
  const refresh = useCallback(
    () =>
      void client.refetchQueries({ include: ['DashboardComunicado', 'LeiturasComunicado', 'ConfirmacoesComunicado'] }),
    [client],
  );
  const pollInterval = useLeiturasStream(id, refresh);
  const { data, loading, error } = useQuery(DASHBOARD_COMUNICADO, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
    pollInterval,
  });
  const d = data?.dashboardComunicado;
  useBreadcrumbLabel(pathname, d?.comunicado.titulo);

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
  if (error && !d)
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="error">{apiErrorMessage(error, t('communicationsUi.dashboard.loadError'))}</Alert>
      </Box>
    );
  if (loading && !d) return <LoadingView />;
  if (!d) return null;

  const num = (n: number) => numberFormat(i18n.language).format(n);
  const rate = numberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(d.taxaLeitura);
  const percent = (n: number) => numberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(n);
  const cards: [string, string][] = [
    [t('communicationsUi.dashboard.recipients'), num(d.destinatarios)],
    [t('communicationsUi.dashboard.delivered'), num(d.entregues)],
    [t('communicationsUi.dashboard.read'), num(d.lidos)],
    [t('communicationsUi.dashboard.unread'), num(d.naoLidos)],
    [t('communicationsUi.dashboard.readRate'), rate],
    // Issue 17 point 4: confirmations beside reads, when the communication asks for them.
    ...(d.comunicado.exigeConfirmacao
      ? ([
          [t('communicationsConfirmation.confirmations'), num(d.confirmacoes)],
          [t('communicationsConfirmation.notConfirmed'), num(d.naoConfirmados)],
          [t('communicationsConfirmation.confirmationRate'), percent(d.taxaConfirmacao)],
        ] as [string, string][])
      : []),
  ];

  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1440, mx: 'auto' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { sm: 'center' } }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
          {t('communicationsUi.dashboard.title', { titulo: d.comunicado.titulo })}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          color={pollInterval ? 'default' : 'success'}
          label={t('communicationsUi.dashboard.live')}
        />
        <Button component={RouterLink} to={comunicadoUrls.visualizar(id)}>
          {d.comunicado.titulo}
        </Button>
        <ReminderPanel id={id} dashboard={d} />
      </Stack>
      <Grid container spacing={2} sx={{ mb: 3 }} aria-live="polite">
        {cards.map(([label, value]) => (
          <Grid key={label} size={{ xs: 6, sm: 4, md: 'grow' }}>
            <StatCard label={label} value={value} />
          </Grid>
        ))}
      </Grid>
      <Grid container spacing={2} sx={{ mb: 3 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ReadsOverTime days={d.leiturasPorDia} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <SliceTable title={t('communicationsUi.dashboard.byUserGroup')} rows={d.porGrupoUsuarios} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <SliceTable title={t('communicationsUi.dashboard.byDealer')} rows={d.porDealer} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <SliceTable title={t('communicationsUi.dashboard.byGroup')} rows={d.porGrupo} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <SliceTable title={t('communicationsUi.dashboard.byBrand')} rows={d.porMarca} />
        </Grid>
      </Grid>
      {d.comunicado.exigeConfirmacao && <ConfirmationsTable id={id} />}
      <ReadersTable id={id} />
    </Box>
  );
}
