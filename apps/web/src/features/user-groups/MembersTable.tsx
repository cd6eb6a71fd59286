import { useMutation, useQuery } from '@apollo/client';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { type Column, DataTable } from '../../ui/list/DataTable';
import { useLocalListParams } from '../../ui/list/use-local-list-params';
import { StatusChip } from '../../ui/StatusChip';
import { USER_GROUPS_REFETCH } from './user-groups.documents';
import {
  RemoverUsuarioGrupoUsuariosDocument,
  type UsuarioGrupoUsuariosCamposFragment,
  UsuariosPorGrupoUsuariosDocument,
} from './user-groups.generated';

type Member = UsuarioGrupoUsuariosCamposFragment;

/**
 * A user group's users, paged and searched (name, e-mail, dealer) on the server with the state kept in
 * the component: the user-by-user-group dialog and the members section of the group's form. With
 * `removable`, each row has a remove button that asks for a confirmation first.
 */
export function MembersTable({ groupId, label, removable }: { groupId: string; label: string; removable?: boolean }) {
  const { t } = useTranslation();
  const list = useLocalListParams();
  const { data, previousData, loading, error } = useQuery(UsuariosPorGrupoUsuariosDocument, {
    variables: {
      id: groupId,
      busca: list.query.busca || null,
      page: list.query.page,
      rowsPerPage: list.query.rowsPerPage,
    },
    fetchPolicy: 'cache-and-network',
  });
  const [remover] = useMutation(RemoverUsuarioGrupoUsuariosDocument, {
    refetchQueries: USER_GROUPS_REFETCH,
    awaitRefetchQueries: true,
  });
  const [removing, setRemoving] = useState<Member | null>(null);
  const page = (data ?? previousData)?.usuariosPorGrupoUsuarios;

  const columns: Column<Member>[] = [
    { id: 'nome', label: t('userGroups.members.nome'), render: (m) => m.nome },
    { id: 'email', label: t('userGroups.members.email'), hideOnMobile: true, render: (m) => m.email },
    {
      id: 'dealers',
      label: t('userGroups.members.dealers'),
      hideOnMobile: true,
      render: (m) => m.dealers.join(', ') || '—',
    },
    {
      id: 'status',
      label: t('userGroups.field.status'),
      hideOnMobile: true,
      render: (m) => <StatusChip active={m.active} />,
    },
  ];

  return (
    <>
      <DataTable
        label={label}
        columns={columns}
        rows={page?.content}
        total={page?.totalElements ?? 0}
        getRowId={(m) => m.id}
        list={list}
        loading={loading}
        error={error}
        errorFallback={t('userGroups.members.loadError')}
        emptyText={t('userGroups.members.empty')}
        searchLabel={t('userGroups.members.search')}
        rowActions={
          removable
            ? (m) => (
                <Button
                  size="small"
                  color="error"
                  // The error colour on white is 4:1; its dark shade keeps small text readable (WCAG AA 4.5:1).
                  sx={{ color: 'error.dark' }}
                  onClick={() => setRemoving(m)}
                  aria-label={t('userGroups.members.remove', { name: m.nome })}
                >
                  {t('userGroups.members.removeShort')}
                </Button>
              )
            : undefined
        }
      />
      {removable && (
        <ConfirmDialog
          open={removing !== null}
          onClose={() => setRemoving(null)}
          title={t('userGroups.members.removeTitle', { name: removing?.nome ?? '' })}
          subtitle={t('userGroups.members.removeSubtitle')}
          confirmLabel={t('userGroups.members.removeShort')}
          successMessage={t('userGroups.members.removed')}
          onConfirm={() => remover({ variables: { id: groupId, idUsuario: removing?.id ?? '' } })}
        />
      )}
    </>
  );
}
