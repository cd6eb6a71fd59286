import { useMutation, useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ActivationButton } from '../../ui/ActivationButton';
import { formatDateTime } from '../../ui/format-date';
import { Guard } from '../../ui/Guard';
import { type Column, DataTable } from '../../ui/list/DataTable';
import { activeOf, StatusFilter } from '../../ui/list/list-filters';
import { useListParams } from '../../ui/list/use-list-params';
import { PageHeader } from '../../ui/PageHeader';
import { StatusChip } from '../../ui/StatusChip';
import { MODELOS_REFETCH, PAGE } from './generic-notifications.documents';
import {
  AtivarModeloNotificacaoDocument,
  InativarModeloNotificacaoDocument,
  type ModeloNotificacaoCamposFragment,
  ModelosNotificacaoDocument,
} from './generic-notifications.generated';

type Entry = ModeloNotificacaoCamposFragment;

/**
 * /modelosNotificacao (PORTAL_MANUTENCAO_MODELO): the notification templates by name, searched and filtered
 * by status on the server with the state in the URL; each row opens its editor and can be activated or
 * inactivated after a confirmation.
 */
export function ModelosListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams({ filters: ['status'] });
  const { data, previousData, loading, error } = useQuery(ModelosNotificacaoDocument, {
    variables: {
      busca: list.query.busca || null,
      active: activeOf(list.query.filters.status),
      page: list.query.page,
      rowsPerPage: list.query.rowsPerPage,
    },
    fetchPolicy: 'cache-and-network',
  });
  const [ativar] = useMutation(AtivarModeloNotificacaoDocument, { refetchQueries: MODELOS_REFETCH });
  const [inativar] = useMutation(InativarModeloNotificacaoDocument, { refetchQueries: MODELOS_REFETCH });
  const page = (data ?? previousData)?.modelosNotificacao;

  const columns: Column<Entry>[] = [
    { id: 'nome', label: t('genericNotifications.template.nome'), render: (e) => e.nome },
    { id: 'titulo', label: t('genericNotifications.template.titulo'), hideOnMobile: true, render: (e) => e.titulo },
    {
      id: 'idiomas',
      label: t('genericNotifications.template.languages'),
      hideOnMobile: true,
      render: (e) => e.traducoes.map((v) => t(`idioma.${v.idioma}`)).join(', ') || '—',
    },
    {
      id: 'atualizadoEm',
      label: t('genericNotifications.template.updated'),
      hideOnMobile: true,
      render: (e) => formatDateTime(e.atualizadoEm, i18n.language),
    },
    {
      id: 'status',
      label: t('genericNotifications.status'),
      render: (e) => <StatusChip active={e.active} />,
    },
  ];

  return (
    <Box sx={PAGE}>
      <Guard keys={['PORTAL_MANUTENCAO_MODELO']} fallback>
        <PageHeader
          title={t('genericNotifications.template.listTitle')}
          subtitle={t('genericNotifications.template.listSubtitle')}
          actions={
            <Button variant="contained" component={RouterLink} to="/modelosNotificacao/novo">
              {t('genericNotifications.template.new')}
            </Button>
          }
        />
        <DataTable
          label={t('genericNotifications.template.listTitle')}
          columns={columns}
          rows={page?.content}
          total={page?.totalElements ?? 0}
          getRowId={(e) => e.id}
          list={list}
          loading={loading}
          error={error}
          errorFallback={t('genericNotifications.template.loadError')}
          emptyText={t('genericNotifications.template.empty')}
          searchLabel={t('genericNotifications.template.search')}
          onRowOpen={(e) => navigate(`/modelosNotificacao/${e.id}`)}
          filters={
            <StatusFilter
              label={t('genericNotifications.status')}
              value={list.query.filters.status}
              onChange={(v) => list.setFilter('status', v)}
            />
          }
          rowActions={(e) => (
            <>
              <Button
                size="small"
                component={RouterLink}
                to={`/modelosNotificacao/${e.id}`}
                aria-label={t('genericNotifications.template.edit', { name: e.nome })}
                sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
              >
                {t('common.edit')}
              </Button>
              <ActivationButton
                active={e.active}
                name={e.nome}
                deactivateWarning={t('genericNotifications.template.deactivateWarning')}
                onChange={(active) => (active ? ativar : inativar)({ variables: { id: e.id } })}
              />
            </>
          )}
        />
      </Guard>
    </Box>
  );
}
