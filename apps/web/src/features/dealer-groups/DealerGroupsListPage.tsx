import { useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { DEALER_GROUP_SORT_FIELDS } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { Guard } from '../../ui/Guard';
import { type Column, DataTable } from '../../ui/list/DataTable';
import { download } from '../../ui/list/download';
import { activeOf, exportHref, ordenacaoOf, StatusFilter } from '../../ui/list/list-filters';
import { type ListQuery, useListParams } from '../../ui/list/use-list-params';
import { PageHeader } from '../../ui/PageHeader';
import { StatusChip } from '../../ui/StatusChip';
import { GROUPS_KEYS, PAGE } from './dealer-groups.documents';
import { type GrupoCamposFragment, GruposDocument } from './dealer-groups.generated';
import { GroupActivationButton } from './GroupActivationButton';

/** Filters kept in the URL: ?status=ATIVO|INATIVO. */
const FILTERS = ['status'] as const;

/** The list's URL state as the query's variables (also the export's parameters). */
export function groupListVariables(query: ListQuery) {
  const { status } = query.filters;
  return {
    busca: query.busca || null,
    active: activeOf(status),
    ordenacao: ordenacaoOf(query.sort),
    page: query.page,
    rowsPerPage: query.rowsPerPage,
  };
}

/** The export's address for what the list's filter shows (same search, state and order). */
export function groupExportUrl(query: ListQuery): string {
  const { busca, active, ordenacao } = groupListVariables(query);
  return exportHref('/api/grupos.xlsx', { busca, active, ordenacao });
}

/**
 * /grupos (PORTAL_MANUTENCAO_DEALERS_GRUPO): the dealer groups, paged, searched (name, without case or
 * accents), filtered by state and sorted on the server with the state in the URL; exported as .xlsx.
 * Each row opens the group's page and can be inactivated (with the counts) or reactivated.
 */
export function DealerGroupsListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams({ sortable: DEALER_GROUP_SORT_FIELDS, filters: FILTERS });
  const { data, previousData, loading, error } = useQuery(GruposDocument, {
    variables: groupListVariables(list.query),
    fetchPolicy: 'cache-and-network',
  });
  const page = (data ?? previousData)?.grupos;

  const columns: Column<GrupoCamposFragment>[] = [
    { id: 'nome', label: t('dealerGroups.field.nome'), sortable: true, render: (g) => g.nome },
    {
      id: 'dealers',
      label: t('dealerGroups.list.dealers'),
      sortable: true,
      hideOnMobile: true,
      align: 'right',
      render: (g) => g.quantidadeDealers,
    },
    {
      id: 'active',
      label: t('dealerGroups.field.status'),
      sortable: true,
      render: (g) => <StatusChip active={g.active} />,
    },
  ];

  return (
    <Box sx={PAGE}>
      <Guard keys={GROUPS_KEYS} fallback>
        <PageHeader
          title={t('route.grupos')}
          subtitle={t('dealerGroups.list.subtitle')}
          actions={
            <Button variant="contained" component={RouterLink} to="/grupos/novo">
              {t('route.gruposNovo')}
            </Button>
          }
        />
        <DataTable
          label={t('route.grupos')}
          columns={columns}
          rows={page?.content}
          total={page?.totalElements ?? 0}
          getRowId={(g) => g.id}
          list={list}
          loading={loading}
          error={error}
          errorFallback={t('dealerGroups.list.loadError')}
          emptyText={t('dealerGroups.list.empty')}
          searchLabel={t('dealerGroups.list.search')}
          onRowOpen={(g) => navigate(`/grupos/${g.id}`)}
          onExport={(query) => download(groupExportUrl(query))}
          filters={
            <StatusFilter
              label={t('dealerGroups.field.status')}
              value={list.query.filters.status}
              onChange={(v) => list.setFilter('status', v)}
            />
          }
          rowActions={(g) => (
            <>
              <Button
                size="small"
                component={RouterLink}
                to={`/grupos/${g.id}`}
                aria-label={t('dealerGroups.list.edit', { name: g.nome })}
                // On a phone a tap on the row opens it; the row keeps room for its status button.
                sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
              >
                {t('common.edit')}
              </Button>
              <GroupActivationButton group={g} />
            </>
          )}
        />
      </Guard>
    </Box>
  );
}
