import { useLazyQuery, useMutation } from '@apollo/client';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useToast } from '../../ui/toast';
import { GROUPS_REFETCH } from './dealer-groups.documents';
import { AtivarGrupoDocument, InativarGrupoDocument, ResumoInativacaoGrupoDocument } from './dealer-groups.generated';

type Props = { group: { id: string; nome: string; active: boolean } };

/**
 * Inactivates or reactivates a dealer group after a confirmation
 * (docs/domains/organisation.md#inactivating-a-dealer-group). Inactivating first reads how many active
 * dealers and users it would inactivate, and the confirmation states it; reactivating says that
 * only the group comes back, not its dealers and users.
 */
export function GroupActivationButton({ group }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [readCounts, counts] = useLazyQuery(ResumoInativacaoGrupoDocument, { fetchPolicy: 'network-only' });
  const [inativar] = useMutation(InativarGrupoDocument, { refetchQueries: GROUPS_REFETCH });
  const [ativar] = useMutation(AtivarGrupoDocument, { refetchQueries: GROUPS_REFETCH });
  const summary = counts.data?.resumoInativacaoGrupo;

  const start = async () => {
    if (group.active) {
      const { data, error } = await readCounts({ variables: { id: group.id } });
      if (!data) return toast.error(error ?? 'dealerGroups.deactivate.countsError');
    }
    setOpen(true);
  };

  const confirm = async () => {
    if (!group.active) {
      await ativar({ variables: { id: group.id }, awaitRefetchQueries: true });
      return toast.success(t('dealerGroups.activate.done'));
    }
    const { data } = await inativar({ variables: { id: group.id }, awaitRefetchQueries: true });
    const done = data?.inativarGrupo;
    toast.success(t('dealerGroups.deactivate.done', { dealers: done?.dealers ?? 0, usuarios: done?.usuarios ?? 0 }));
  };

  return (
    <>
      <Button
        size="small"
        color={group.active ? 'error' : 'primary'}
        // The error colour on white is 4:1; its dark shade keeps small text readable (WCAG AA 4.5:1).
        sx={group.active ? { color: 'error.dark' } : undefined}
        onClick={() => void start()}
        loading={counts.loading}
        aria-label={t(group.active ? 'dealerGroups.deactivate.button' : 'dealerGroups.activate.button', {
          name: group.nome,
        })}
      >
        {t(group.active ? 'common.deactivate' : 'common.activate')}
      </Button>
      <ConfirmDialog
        open={open}
        onClose={() => setOpen(false)}
        onConfirm={confirm}
        title={t(group.active ? 'common.deactivateTitle' : 'common.activateTitle', { name: group.nome })}
        subtitle={
          group.active
            ? t('dealerGroups.deactivate.consequence', {
                dealers: summary?.dealers ?? 0,
                usuarios: summary?.usuarios ?? 0,
              })
            : t('dealerGroups.activate.consequence')
        }
        confirmLabel={t(group.active ? 'common.deactivate' : 'common.activate')}
        successMessage={false}
      />
    </>
  );
}
