import { useApolloClient, useQuery } from '@apollo/client';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { UserType } from '@portal/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { type Column, DataTable } from '../../ui/list/DataTable';
import { useLocalListParams } from '../../ui/list/use-local-list-params';
import { ViewDialog } from '../../ui/ViewDialog';
import {
  UserFormPermissoesDeDocument,
  type UserFormPermissoesDeQuery,
  UserFormUsuariosParaClonarDocument,
  type UserFormUsuariosParaClonarQuery,
} from './user-form.generated';

type Candidate = UserFormUsuariosParaClonarQuery['usuariosByTipoUsuario'][number];
export type ClonedUser = UserFormPermissoesDeQuery['usuario'];

/** SPEC §2 / §9: the clone dialog is 70vw wide and at most 80vh high. */
const CLONE_DIALOG_SIZE = { width: '70vw', maxHeight: '80vh' };

type Props = {
  /** The product whose card opened the dialog (its name in the texts). */
  productName: string;
  tipo: UserType;
  /** The dealers selected in the form: the users shown have at least one of them (none: no dealer filter). */
  dealerIds: string[];
  /** The user being edited, left out of the list. */
  excludeId: string | null;
  /** Copies the chosen user's permissions into the form (which stays editable). */
  onClone: (source: ClonedUser) => void;
  onClose: () => void;
};

/**
 * The clone dialog (SPEC §2): active users of the chosen type at the selected dealers (`usuariosByTipoUsuario`),
 * searched on the server and paged here; choosing one asks for confirmation in a sub-dialog, then loads that
 * user's permissions (`usuario(id)`) and hands them to the form. An empty list says so.
 */
export function CloneDialog({ productName, tipo, dealerIds, excludeId, onClone, onClose }: Props) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const list = useLocalListParams();
  // The chosen user stays named while the confirmation closes.
  const [chosen, setChosen] = useState<Candidate | null>(null);
  const [confirming, setConfirming] = useState(false);
  const choose = (u: Candidate) => {
    setChosen(u);
    setConfirming(true);
  };
  const cloned = useRef(false);
  const { data, previousData, loading, error } = useQuery(UserFormUsuariosParaClonarDocument, {
    variables: { tipoUsuario: tipo, dealerIds: dealerIds.length ? dealerIds : null, busca: list.query.busca || null },
    fetchPolicy: 'network-only',
  });
  const found = ((data ?? previousData)?.usuariosByTipoUsuario ?? []).filter((u) => u.id !== excludeId);
  const start = list.query.page * list.query.rowsPerPage;
  const columns: Column<Candidate>[] = [
    { id: 'nome', label: t('userForm.clone.nome'), render: (u) => u.nome },
    { id: 'email', label: t('userForm.clone.email'), hideOnMobile: true, render: (u) => u.email },
    {
      id: 'dealers',
      label: t('userForm.clone.dealers'),
      hideOnMobile: true,
      render: (u) => u.dealers.map((d) => d.nomeExibicao).join(', ') || '—',
    },
  ];

  const confirm = async () => {
    if (!chosen) return;
    const { data: source } = await client.query({
      query: UserFormPermissoesDeDocument,
      variables: { id: chosen.id },
      fetchPolicy: 'network-only',
    });
    onClone(source.usuario);
    cloned.current = true;
  };

  return (
    <ViewDialog
      title={t('userForm.clone.title', { product: productName })}
      onClose={onClose}
      size={CLONE_DIALOG_SIZE}
      phoneFullScreen
      dividers
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(dealerIds.length ? 'userForm.clone.intro' : 'userForm.clone.introAll', { tipo: t(`userType.${tipo}`) })}
      </Typography>
      <DataTable
        label={t('userForm.clone.title', { product: productName })}
        columns={columns}
        rows={found.slice(start, start + list.query.rowsPerPage)}
        total={found.length}
        getRowId={(u) => u.id}
        list={list}
        loading={loading}
        error={error}
        emptyText={t('userForm.clone.empty')}
        searchLabel={t('userForm.clone.search')}
        onRowOpen={choose}
        rowActions={(u) => (
          <Button size="small" aria-label={t('userForm.clone.chooseUser', { name: u.nome })} onClick={() => choose(u)}>
            {t('userForm.clone.choose')}
          </Button>
        )}
      />
      <ConfirmDialog
        open={confirming}
        title={t('userForm.clone.confirmTitle', { name: chosen?.nome ?? '' })}
        subtitle={t('userForm.clone.confirmText', { name: chosen?.nome ?? '', product: productName })}
        confirmLabel={t('userForm.clone.confirm')}
        successMessage={t('userForm.clone.done', { name: chosen?.nome ?? '' })}
        onConfirm={confirm}
        onClose={() => {
          setConfirming(false);
          if (cloned.current) onClose();
        }}
      />
    </ViewDialog>
  );
}
