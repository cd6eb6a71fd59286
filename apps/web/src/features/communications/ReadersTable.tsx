import { useQuery } from '@apollo/client';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COMUNICADO_PAGE_SIZES } from '@portal/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../ui/format-date';
import { type Column, DataTable } from '../../ui/list/DataTable';
import { download } from '../../ui/list/download';
import { useListParams } from '../../ui/list/use-list-params';
import { LEITURAS_COMUNICADO } from './communications.documents';

/** The read filter in the URL (`?leitura=lidos`); none is everyone. */
const READ_FILTER = 'leitura';
const LIST_OPTIONS = { pageSizes: COMUNICADO_PAGE_SIZES, filters: [READ_FILTER] };
const LIDO = { lidos: true, naoLidos: false } as Record<string, boolean | undefined>;

/**
 * Who has and has not read (leiturasComunicado): search, read/unread filter, paging, .xlsx export, on
 * the kit's list (state in the URL). The dashboard refetches it (by operation name) on every live read.
 */
export function ReadersTable({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const list = useListParams(LIST_OPTIONS);
  const { busca, page, rowsPerPage, filters } = list.query;
  const { data, loading, error } = useQuery(LEITURAS_COMUNICADO, {
    variables: { id, busca: busca || undefined, lido: LIDO[filters[READ_FILTER] ?? ''], page, rowsPerPage },
    fetchPolicy: 'cache-and-network',
  });
  const result = data?.leiturasComunicado;
  type Reader = NonNullable<typeof result>['content'][number];
  const columns: Column<Reader>[] = [
    { id: 'nome', label: t('communicationsUi.dashboard.name'), render: (r) => r.usuario.nome },
    // At 375 px the name and the read date stay (issue 17 point 10); e-mail and receipt hide.
    { id: 'email', label: t('communicationsUi.dashboard.email'), render: (r) => r.usuario.email, hideOnMobile: true },
    {
      id: 'recebido',
      hideOnMobile: true,
      label: t('communicationsUi.dashboard.receivedAt'),
      render: (r) => formatDateTime(r.dataRecebimento, i18n.language),
    },
    {
      id: 'lido',
      label: t('communicationsUi.dashboard.readAt'),
      render: (r) =>
        r.lido && r.dataLeitura
          ? formatDateTime(r.dataLeitura, i18n.language)
          : t('communicationsUi.dashboard.notRead'),
    },
  ];

  return (
    // Not a landmark itself: the DataTable inside is the region of that name (one landmark per name).
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('communicationsUi.dashboard.readers')}
      </Typography>
      <DataTable
        label={t('communicationsUi.dashboard.readers')}
        columns={columns}
        rows={result?.content}
        total={result?.totalElements ?? 0}
        totalCapped={result?.totalLimitado ?? false}
        getRowId={(r) => r.usuario.id}
        list={list}
        loading={loading}
        error={error}
        emptyText={t('communicationsUi.dashboard.empty')}
        errorFallback={t('communicationsUi.dashboard.loadError')}
        searchLabel={t('communicationsUi.dashboard.search')}
        filters={
          <TextField
            size="small"
            select
            label={t('communicationsUi.dashboard.filter')}
            value={filters[READ_FILTER] ?? 'todos'}
            onChange={(e) => list.setFilter(READ_FILTER, e.target.value === 'todos' ? null : e.target.value)}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="todos">{t('communicationsUi.dashboard.all')}</MenuItem>
            <MenuItem value="lidos">{t('communicationsUi.dashboard.onlyRead')}</MenuItem>
            <MenuItem value="naoLidos">{t('communicationsUi.dashboard.onlyUnread')}</MenuItem>
          </TextField>
        }
        onExport={() => download(`/api/comunicados/${encodeURIComponent(id)}/leituras.xlsx`)}
      />
    </Paper>
  );
}
