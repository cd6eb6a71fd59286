import { useMutation, useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { VisibilidadeGrupoUsuarios } from '../../generated/graphql';
import { ActivationButton } from '../../ui/ActivationButton';
import { formatDate } from '../../ui/format-date';
import { Guard } from '../../ui/Guard';
import { type Column, DataTable } from '../../ui/list/DataTable';
import { download } from '../../ui/list/download';
import { activeOf, exportHref, FilterSelect, ordenacaoOf, StatusFilter } from '../../ui/list/list-filters';
import { type ListQuery, useListParams } from '../../ui/list/use-list-params';
import { PageHeader } from '../../ui/PageHeader';
import { StatusChip } from '../../ui/StatusChip';
import { UsersByUserGroupDialog } from './UsersByUserGroupDialog';
import { PAGE, USER_GROUP_SORT_FIELDS, USER_GROUPS_REFETCH } from './user-groups.documents';
import {
  AtivarGrupoUsuariosDocument,
  GruposUsuariosDocument,
  type GrupoUsuariosCamposFragment,
  InativarGrupoUsuariosDocument,
} from './user-groups.generated';

type Group = GrupoUsuariosCamposFragment;

/** Filters kept in the URL: ?status=ATIVO|INATIVO&visibilidade=PUBLICO|PRIVADO. */
const FILTERS = ['status', 'visibilidade'] as const;

/** The list's URL state as the query's variables (also the export's parameters). */
export function listVariables(query: ListQuery) {
  const { status, visibilidade } = query.filters;
  return {
    busca: query.busca || null,
    active: activeOf(status),
    visibilidade:
      visibilidade === 'PUBLICO' || visibilidade === 'PRIVADO' ? (visibilidade as VisibilidadeGrupoUsuarios) : null,
    ordenacao: ordenacaoOf(query.sort),
    page: query.page,
    rowsPerPage: query.rowsPerPage,
  };
}

/** The address of the `.xlsx` export of what the list's filter shows (every page). */
export function exportUrl(query: ListQuery): string {
  const { busca, active, visibilidade, ordenacao } = listVariables(query);
  return exportHref('/api/gruposUsuarios.xlsx', { busca, active, visibilidade, ordenacao });
}

/**
 * /gruposUsuarios (PORTAL_MANUTENCAO_GRUPOS_USUARIOS): the user groups the user may see, paged,
 * searched, sorted and filtered on the server with the state in the URL, exported as .xlsx; each row
 * opens its edit screen, shows its users in the user-by-user-group dialog, and can be (in)activated.
 */
export function UserGroupsListPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams({ sortable: USER_GROUP_SORT_FIELDS, filters: FILTERS });
  const { data, previousData, loading, error } = useQuery(GruposUsuariosDocument, {
    variables: listVariables(list.query),
    fetchPolicy: 'cache-and-network',
  });
  const [ativar] = useMutation(AtivarGrupoUsuariosDocument, { refetchQueries: USER_GROUPS_REFETCH });
  const [inativar] = useMutation(InativarGrupoUsuariosDocument, { refetchQueries: USER_GROUPS_REFETCH });
  const [usersOf, setUsersOf] = useState<Group | null>(null);
  const page = (data ?? previousData)?.gruposUsuarios;
  const { filters } = list.query;

  const columns: Column<Group>[] = [
    { id: 'nome', label: t('userGroups.field.nome'), sortable: true, render: (g) => g.nome },
    {
      id: 'visibilidade',
      label: t('userGroups.field.visibilidade'),
      sortable: true,
      hideOnMobile: true,
      render: (g) => t(g.publico ? 'userGroups.visibility.PUBLICO' : 'userGroups.visibility.PRIVADO'),
    },
    {
      id: 'quantidadeUsuarios',
      label: t('userGroups.field.quantidadeUsuarios'),
      sortable: true,
      hideOnMobile: true,
      align: 'right',
      render: (g) => g.quantidadeUsuarios,
    },
    {
      id: 'createdAt',
      label: t('userGroups.field.createdAt'),
      sortable: true,
      hideOnMobile: true,
      render: (g) => formatDate(String(g.createdDateTime), i18n.language),
    },
    {
      id: 'active',
      label: t('userGroups.field.status'),
      sortable: true,
      render: (g) => <StatusChip active={g.active} />,
    },
  ];

  return (
    <Box sx={PAGE}>
      <Guard keys={['PORTAL_MANUTENCAO_GRUPOS_USUARIOS']} fallback>
        <PageHeader
          title={t('userGroups.list.title')}
          subtitle={t('userGroups.list.subtitle')}
          actions={
            <Button variant="contained" component={RouterLink} to="/gruposUsuarios/novo">
              {t('userGroups.list.new')}
            </Button>
          }
        />
        <DataTable
          label={t('userGroups.list.title')}
          columns={columns}
          rows={page?.content}
          total={page?.totalElements ?? 0}
          getRowId={(g) => g.id}
          list={list}
          loading={loading}
          error={error}
          errorFallback={t('userGroups.list.loadError')}
          emptyText={t('userGroups.list.empty')}
          searchLabel={t('userGroups.list.search')}
          onRowOpen={(g) => navigate(`/gruposUsuarios/${g.id}`)}
          onExport={(query) => download(exportUrl(query))}
          filters={
            <>
              <StatusFilter
                label={t('userGroups.field.status')}
                value={filters.status}
                onChange={(v) => list.setFilter('status', v)}
              />
              <FilterSelect
                name="visibilidade"
                label={t('userGroups.field.visibilidade')}
                value={filters.visibilidade ?? ''}
                onChange={(v) => list.setFilter('visibilidade', v || null)}
                options={(['PUBLICO', 'PRIVADO'] as const).map((v) => ({
                  value: v,
                  label: t(`userGroups.visibility.${v}`),
                }))}
              />
            </>
          }
          rowActions={(g) => (
            <>
              <Button
                size="small"
                onClick={() => setUsersOf(g)}
                aria-label={t('userGroups.list.users', { name: g.nome })}
              >
                {t('userGroups.list.usersShort')}
              </Button>
              <Button
                size="small"
                component={RouterLink}
                to={`/gruposUsuarios/${g.id}`}
                aria-label={t('userGroups.list.edit', { name: g.nome })}
                // On a phone a tap on the row opens it; the row keeps room for its other buttons.
                sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
              >
                {t('common.edit')}
              </Button>
              <ActivationButton
                active={g.active}
                name={g.nome}
                deactivateWarning={t('userGroups.form.deactivateWarning')}
                onChange={(active) => (active ? ativar : inativar)({ variables: { id: g.id } })}
              />
            </>
          )}
        />
        {usersOf && <UsersByUserGroupDialog group={usersOf} onClose={() => setUsersOf(null)} />}
      </Guard>
    </Box>
  );
}
