import { useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { DEALER_GROUP_SORT_FIELDS } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { SelectInput } from '../../ui/form/fields';
import { Guard } from '../../ui/Guard';
import { type Column, DataTable } from '../../ui/list/DataTable';
import { download } from '../../ui/list/download';
import { type ListQuery, useListParams } from '../../ui/list/use-list-params';
import { PageHeader } from '../../ui/PageHeader';
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
    active: status === 'ATIVO' ? true : status === 'INATIVO' ? false : null,
    ordenacao: query.sort ? `${query.sort.direction === 'desc' ? '-' : ''}${query.sort.field}` : null,
    page: query.page,
    rowsPerPage: query.rowsPerPage,
  };
}

/** The export's address for what the list's filter shows (same search, state and order). */
export function groupExportUrl(query: ListQuery): string {
  const { busca, active, ordenacao } = groupListVariables(query);
  const params = new URLSearchParams();
  if (busca) params.set('busca', busca);
  if (active !== null) params.set('active', String(active));
  if (ordenacao) params.set('ordenacao', ordenacao);
  const text = params.toString();
  return `/api/grupos.xlsx${text ? `?${text}` : ''}`;
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
  const status = list.query.filters.status ?? '';

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
      render: (g) => (
        <Chip
          size="small"
          color={g.active ? 'success' : 'default'}
          label={t(g.active ? 'common.active' : 'common.inactive')}
        />
      ),
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
            <Box sx={{ minWidth: { sm: 180 } }}>
              <SelectInput
                size="small"
                name="status"
                label={t('dealerGroups.field.status')}
                value={status}
                onChange={(v) => list.setFilter('status', v || null)}
                onBlur={() => {}}
                options={[
                  { value: '', label: t('dealerGroups.list.all') },
                  { value: 'ATIVO', label: t('common.active') },
                  { value: 'INATIVO', label: t('common.inactive') },
                ]}
              />
            </Box>
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
