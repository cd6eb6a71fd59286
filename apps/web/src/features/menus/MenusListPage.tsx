import { useMutation, useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { MENU_SORT_FIELDS } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { TipoMenu } from '../../generated/graphql';
import { ActivationButton } from '../../ui/ActivationButton';
import { Guard } from '../../ui/Guard';
import { type Column, DataTable } from '../../ui/list/DataTable';
import { activeOf, FilterSelect, ordenacaoOf, StatusFilter } from '../../ui/list/list-filters';
import { type ListQuery, useListParams } from '../../ui/list/use-list-params';
import { PageHeader } from '../../ui/PageHeader';
import { StatusChip } from '../../ui/StatusChip';
import { MENUS_REFETCH, PAGE } from './menus.documents';
import {
  AtivarMenuDocument,
  InativarMenuDocument,
  type MenuAdministracaoCamposFragment,
  MenusAdministracaoDocument,
  OpcoesMenuAdministracaoDocument,
} from './menus.generated';

type Entry = MenuAdministracaoCamposFragment;

/** Filters kept in the URL: ?tipo=CATEGORIA|ITEM&status=ATIVO|INATIVO&pai=<id>. */
const FILTERS = ['tipo', 'status', 'pai'] as const;

/** The list's URL state as the query's variables. */
function variables(query: ListQuery) {
  const { tipo, status, pai } = query.filters;
  return {
    busca: query.busca || null,
    tipo: tipo === 'CATEGORIA' || tipo === 'ITEM' ? (tipo as TipoMenu) : null,
    active: activeOf(status),
    idPai: pai || null,
    ordenacao: ordenacaoOf(query.sort),
    page: query.page,
    rowsPerPage: query.rowsPerPage,
  };
}

/**
 * /menus (TECSINAPSE): the menu's categories and items, paged, searched, sorted and filtered on the
 * server with the state in the URL; each row opens its edit screen and can be activated or inactivated.
 */
export function MenusListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams({ sortable: MENU_SORT_FIELDS, filters: FILTERS });
  const { data, previousData, loading, error } = useQuery(MenusAdministracaoDocument, {
    variables: variables(list.query),
    fetchPolicy: 'cache-and-network',
  });
  const parents = useQuery(OpcoesMenuAdministracaoDocument).data?.opcoesMenuAdministracao.pais ?? [];
  const [ativar] = useMutation(AtivarMenuDocument, { refetchQueries: MENUS_REFETCH });
  const [inativar] = useMutation(InativarMenuDocument, { refetchQueries: MENUS_REFETCH });
  const page = (data ?? previousData)?.menusAdministracao;
  const { filters } = list.query;

  const columns: Column<Entry>[] = [
    { id: 'titulo', label: t('menus.field.titulo'), sortable: true, render: (e) => e.titulo },
    {
      id: 'tipo',
      label: t('menus.list.kind'),
      hideOnMobile: true,
      render: (e) => t(e.pai ? 'menus.list.ITEM' : 'menus.list.CATEGORIA'),
    },
    { id: 'pai', label: t('menus.field.pai'), sortable: true, hideOnMobile: true, render: (e) => e.pai?.titulo ?? '—' },
    {
      id: 'uri',
      label: t('menus.field.uri'),
      sortable: true,
      hideOnMobile: true,
      render: (e) => <Box sx={{ maxWidth: 280, overflowWrap: 'anywhere' }}>{e.uri ?? '—'}</Box>,
    },
    {
      id: 'ordem',
      label: t('menus.field.ordem'),
      sortable: true,
      hideOnMobile: true,
      align: 'right',
      render: (e) => e.ordem,
    },
    {
      id: 'status',
      label: t('menus.field.status'),
      render: (e) => <StatusChip active={e.active} />,
    },
  ];

  return (
    <Box sx={PAGE}>
      <Guard types={['TECSINAPSE']} fallback>
        <PageHeader
          title={t('menus.list.title')}
          subtitle={t('menus.list.subtitle')}
          actions={
            <Button variant="contained" component={RouterLink} to="/menus/novo">
              {t('menus.list.new')}
            </Button>
          }
        />
        <DataTable
          label={t('menus.list.title')}
          columns={columns}
          rows={page?.content}
          total={page?.totalElements ?? 0}
          getRowId={(e) => e.id}
          list={list}
          loading={loading}
          error={error}
          errorFallback={t('menus.list.loadError')}
          emptyText={t('menus.list.empty')}
          searchLabel={t('menus.list.search')}
          onRowOpen={(e) => navigate(`/menus/${e.id}`)}
          filters={
            <>
              <FilterSelect
                name="tipo"
                label={t('menus.list.kind')}
                value={filters.tipo ?? ''}
                onChange={(v) => list.setFilter('tipo', v || null)}
                options={(['CATEGORIA', 'ITEM'] as const).map((v) => ({ value: v, label: t(`menus.list.${v}`) }))}
              />
              <StatusFilter
                label={t('menus.field.status')}
                value={filters.status}
                onChange={(v) => list.setFilter('status', v)}
              />
              <FilterSelect
                name="pai"
                label={t('menus.field.pai')}
                value={parents.some((p) => p.id === filters.pai) ? (filters.pai ?? '') : ''}
                onChange={(v) => list.setFilter('pai', v || null)}
                options={parents.map((p) => ({ value: p.id, label: p.titulo }))}
              />
            </>
          }
          rowActions={(e) => (
            <>
              <Button
                size="small"
                component={RouterLink}
                to={`/menus/${e.id}`}
                aria-label={t('menus.list.edit', { name: e.titulo })}
                // On a phone a tap on the row opens it; the row keeps room for its status button.
                sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
              >
                {t('common.edit')}
              </Button>
              <ActivationButton
                active={e.active}
                name={e.titulo}
                deactivateWarning={t('menus.form.deactivateWarning')}
                onChange={(active) => (active ? ativar : inativar)({ variables: { id: e.id } })}
              />
            </>
          )}
        />
      </Guard>
    </Box>
  );
}
