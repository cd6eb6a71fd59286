import { useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../ui/list/DataTable';
import { useListParams } from '../../ui/list/use-list-params';
import { PageHeader } from '../../ui/PageHeader';
import { NotificationItem } from './NotificationItem';
import type { Notificacao } from './notifications.documents';
import { NOTIFICACOES } from './notifications.documents';
import { useMarkRead } from './use-mark-read';

/**
 * /notificacoes: every notification of the user, newest first, on the kit's list (the shared page
 * sizes, 10 by default; `?pagina=` 1-based and `?itens=` in the URL), with 'mark all as read'. No search: the API
 * has none.
 */
export function NotificacoesPage() {
  const { t } = useTranslation();
  const list = useListParams();
  const { page, rowsPerPage } = list.query;
  const { data, previousData, loading, error } = useQuery(NOTIFICACOES, {
    variables: { page, rowsPerPage },
    fetchPolicy: 'cache-and-network',
  });
  const result = (data ?? previousData)?.notificacoes;
  const { markAllRead, markingAll } = useMarkRead();
  const columns: Column<Notificacao>[] = [
    { id: 'notificacao', label: t('notifications.title'), render: (n) => <NotificationItem notificacao={n} /> },
  ];

  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 960 }}>
      <PageHeader
        title={t('notifications.title')}
        actions={
          <Button onClick={() => void markAllRead()} disabled={markingAll || !result?.content.some((n) => !n.lida)}>
            {t('notifications.markAsRead')}
          </Button>
        }
      />
      <DataTable
        label={t('notifications.title')}
        columns={columns}
        rows={result?.content}
        total={result?.totalElements ?? 0}
        getRowId={(n) => n.id}
        list={list}
        loading={loading}
        error={error}
        emptyText={t('notifications.empty')}
        errorFallback={t('notifications.loadError')}
        searchLabel={false}
        hideHeader
      />
    </Box>
  );
}
