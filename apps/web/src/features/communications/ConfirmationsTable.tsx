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
import { useLocalListParams } from '../../ui/list/use-local-list-params';
import { ConfirmacoesComunicadoDocument as CONFIRMACOES_COMUNICADO } from './communications-confirmation.generated';

const FILTER = 'confirmacao';
const CONFIRMADO: Record<string, boolean | undefined> = { pendentes: false, confirmados: true, todos: undefined };

/**
 * Who has not confirmed (issue 17 point 4): the recipients of a communication that asks for a read confirmation, not
 * confirmed first by default (a filter shows the confirmed or everyone), searchable and paged like the readers' list;
 * its state is the component's (the readers' list owns the URL). The dashboard refetches it on every live read.
 */
export function ConfirmationsTable({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const list = useLocalListParams({ pageSizes: COMUNICADO_PAGE_SIZES });
  const { busca, page, rowsPerPage, filters } = list.query;
  const filter = filters[FILTER] ?? 'pendentes';
  const { data, loading, error } = useQuery(CONFIRMACOES_COMUNICADO, {
    variables: { id, busca: busca || undefined, confirmado: CONFIRMADO[filter], page, rowsPerPage },
    fetchPolicy: 'cache-and-network',
  });
  const result = data?.confirmacoesComunicado;
  type Row = NonNullable<typeof result>['content'][number];
  const columns: Column<Row>[] = [
    { id: 'nome', label: t('communicationsUi.dashboard.name'), render: (r) => r.usuario.nome },
    { id: 'email', label: t('communicationsUi.dashboard.email'), render: (r) => r.usuario.email, hideOnMobile: true },
    {
      id: 'lido',
      label: t('communicationsUi.dashboard.readAt'),
      hideOnMobile: true,
      render: (r) =>
        r.lido && r.dataLeitura
          ? formatDateTime(r.dataLeitura, i18n.language)
          : t('communicationsUi.dashboard.notRead'),
    },
    {
      id: 'confirmado',
      label: t('communicationsConfirmation.confirmedOn'),
      render: (r) =>
        r.dataConfirmacao
          ? formatDateTime(r.dataConfirmacao, i18n.language)
          : t('communicationsConfirmation.notConfirmed'),
    },
  ];

  return (
    // Not a landmark itself: the DataTable inside is the region of that name (one landmark per name).
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('communicationsConfirmation.pending')}
      </Typography>
      <DataTable
        label={t('communicationsConfirmation.pending')}
        columns={columns}
        rows={result?.content}
        total={result?.totalElements ?? 0}
        totalCapped={result?.totalLimitado ?? false}
        getRowId={(r) => r.usuario.id}
        list={list}
        loading={loading}
        error={error}
        emptyText={
          filter === 'pendentes' ? t('communicationsConfirmation.nobodyPending') : t('communicationsUi.dashboard.empty')
        }
        errorFallback={t('communicationsConfirmation.loadError')}
        searchLabel={t('communicationsConfirmation.search')}
        filters={
          <TextField
            size="small"
            select
            label={t('communicationsUi.dashboard.filter')}
            value={filter}
            onChange={(e) => list.setFilter(FILTER, e.target.value === 'pendentes' ? null : e.target.value)}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="pendentes">{t('communicationsConfirmation.notConfirmed')}</MenuItem>
            <MenuItem value="confirmados">{t('communicationsConfirmation.confirmations')}</MenuItem>
            <MenuItem value="todos">{t('communicationsUi.dashboard.all')}</MenuItem>
          </TextField>
        }
      />
    </Paper>
  );
}
