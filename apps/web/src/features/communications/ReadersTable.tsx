import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COMUNICADO_DEFAULT_PAGE_SIZE, COMUNICADO_PAGE_SIZES } from '@portal/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../app/apollo-client';
import { LoadingView } from '../../ui/LoadingView';
import { LEITURAS_COMUNICADO } from './communications.documents';
import { formatDateTime, SEARCH_DEBOUNCE_MS } from './format';
import { useDebounced } from './use-debounced';

type Filter = 'all' | 'read' | 'unread';

/**
 * Who has and has not read (leiturasComunicado): search, read/unread filter, paging, .xlsx export. The
 * dashboard refetches it (by operation name) on every live read.
 */
export function ReadersTable({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [text, setText] = useState('');
  const busca = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const [filter, setFilter] = useState<Filter>('all');
  const [paging, setPaging] = useState({ page: 0, rowsPerPage: COMUNICADO_DEFAULT_PAGE_SIZE as number });
  const { data, loading, error } = useQuery(LEITURAS_COMUNICADO, {
    variables: {
      id,
      busca: busca || undefined,
      lido: filter === 'all' ? undefined : filter === 'read',
      ...paging,
    },
    fetchPolicy: 'cache-and-network',
  });
  const page = data?.leiturasComunicado;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={headingId}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'center' } }}>
        <Typography id={headingId} variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('communicationsUi.dashboard.readers')}
        </Typography>
        <TextField
          size="small"
          type="search"
          label={t('communicationsUi.dashboard.search')}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setPaging((p) => ({ ...p, page: 0 }));
          }}
        />
        <TextField
          size="small"
          select
          label={t('communicationsUi.dashboard.filter')}
          value={filter}
          onChange={(e) => {
            setFilter(e.target.value as Filter);
            setPaging((p) => ({ ...p, page: 0 }));
          }}
          sx={{ minWidth: 140 }}
        >
          <MenuItem value="all">{t('communicationsUi.dashboard.all')}</MenuItem>
          <MenuItem value="read">{t('communicationsUi.dashboard.onlyRead')}</MenuItem>
          <MenuItem value="unread">{t('communicationsUi.dashboard.onlyUnread')}</MenuItem>
        </TextField>
        <Button variant="outlined" href={`/api/comunicados/${encodeURIComponent(id)}/leituras.xlsx`} download>
          {t('communicationsUi.dashboard.export')}
        </Button>
      </Stack>
      {error && <Alert severity="error">{apiErrorMessage(error, t('communicationsUi.dashboard.loadError'))}</Alert>}
      {!page && loading && <LoadingView />}
      {page && page.content.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {t('communicationsUi.dashboard.empty')}
        </Typography>
      )}
      {page && page.content.length > 0 && (
        <TableContainer tabIndex={0} role="region" aria-labelledby={headingId}>
          <Table size="small" aria-labelledby={headingId} sx={{ minWidth: 640 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('communicationsUi.dashboard.name')}</TableCell>
                <TableCell>{t('communicationsUi.dashboard.email')}</TableCell>
                <TableCell>{t('communicationsUi.dashboard.receivedAt')}</TableCell>
                <TableCell>{t('communicationsUi.dashboard.readAt')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {page.content.map((r) => (
                <TableRow key={r.usuario.id}>
                  <TableCell>{r.usuario.nome}</TableCell>
                  <TableCell>{r.usuario.email}</TableCell>
                  <TableCell>{formatDateTime(r.dataRecebimento, i18n.language)}</TableCell>
                  <TableCell>
                    {r.lido && r.dataLeitura
                      ? formatDateTime(r.dataLeitura, i18n.language)
                      : t('communicationsUi.dashboard.notRead')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePagination
        component="div"
        count={page?.totalElements ?? 0}
        page={paging.page}
        rowsPerPage={paging.rowsPerPage}
        rowsPerPageOptions={[...COMUNICADO_PAGE_SIZES]}
        onPageChange={(_, p) => setPaging((x) => ({ ...x, page: p }))}
        onRowsPerPageChange={(e) => setPaging({ page: 0, rowsPerPage: Number(e.target.value) })}
        labelRowsPerPage={t('communicationsUi.inbox.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) => t('communicationsUi.inbox.displayedRows', { from, to, count })}
      />
    </Paper>
  );
}
