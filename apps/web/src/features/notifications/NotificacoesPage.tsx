import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { apiErrorMessage } from '../../app/apollo-client';
import { LoadingView } from '../../ui/LoadingView';
import { NotificationItem } from './NotificationItem';
import { NOTIFICACOES } from './notifications.documents';

export const ROWS_PER_PAGE = 10;

/** /notificacoes: every notification of the user, newest first, 10 per page (`?pagina=` 1-based). */
export function NotificacoesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get('pagina') ?? '1', 10) || 1);
  const { data, loading, error } = useQuery(NOTIFICACOES, {
    variables: { page: page - 1, rowsPerPage: ROWS_PER_PAGE },
    fetchPolicy: 'cache-and-network',
  });
  const result = data?.notificacoes;
  const pages = result ? Math.ceil(result.totalElements / ROWS_PER_PAGE) : 0;

  let body = <LoadingView />;
  if (result && result.content.length > 0) {
    body = (
      <Paper variant="outlined" sx={{ px: { xs: 2, sm: 3 } }}>
        {result.content.map((n, i) => (
          <Box key={n.id}>
            {i > 0 && <Divider />}
            <NotificationItem notificacao={n} />
          </Box>
        ))}
      </Paper>
    );
  } else if (result) {
    body = (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        {t('notifications.empty')}
      </Typography>
    );
  } else if (error && !loading) {
    body = <Alert severity="error">{apiErrorMessage(error, t('notifications.loadError'))}</Alert>;
  }

  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 960 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('notifications.title')}
      </Typography>
      {body}
      {pages > 1 && (
        <Pagination
          sx={{ mt: 2, display: 'flex', justifyContent: 'center' }}
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_, p) => setParams(p > 1 ? { pagina: String(p) } : {})}
        />
      )}
    </Box>
  );
}
