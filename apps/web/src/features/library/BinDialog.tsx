import { ApolloError, useMutation, useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { LIST_PAGE_SIZES } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { formatDateTime } from '../../ui/format-date';
import { type Column, DataTable } from '../../ui/list/DataTable';
import { useLocalListParams } from '../../ui/list/use-local-list-params';
import { useToast } from '../../ui/toast';
import { ViewDialog } from '../../ui/ViewDialog';
import { folderPath } from './format';
import {
  ESVAZIAR_LIXEIRA_BIBLIOTECA,
  type ItemLixeira,
  LIBRARY_REFETCH,
  LIXEIRA_BIBLIOTECA,
  RESTAURAR_ITEM_BIBLIOTECA,
} from './library.documents';
import { RestoreToDialog } from './RestoreToDialog';
import { TruncatedName } from './TruncatedName';

const DAY_MS = 86_400_000;

/** Whole days (rounded up) until the purge removes the entry; 0 once due. */
export const daysLeft = (expiraEm: string, now = Date.now()) =>
  Math.max(0, Math.ceil((new Date(expiraEm).getTime() - now) / DAY_MS));

/** Whether a failed restore was a refusal of the place (gone, a folder name taken there): the user picks another. */
const refusedPlace = (error: unknown) =>
  error instanceof ApolloError && error.graphQLErrors.some((e) => e.extensions?.code === 'BAD_USER_INPUT');

/**
 * The library's bin (docs/domains/library.md#the-bin): the deleted items the user could write, paged, with where
 * each was, when and by whom it was deleted and the days left before the purge. Each restores (to its original
 * folder, or, when that is gone, to a folder the user picks) or is deleted for good; "Empty the bin" deletes every
 * one for good. Both deletions ask first.
 */
export function BinDialog({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const list = useLocalListParams({ pageSizes: LIST_PAGE_SIZES });
  const { data, previousData, loading, error } = useQuery(LIXEIRA_BIBLIOTECA, {
    variables: { page: list.query.page, rowsPerPage: list.query.rowsPerPage },
    fetchPolicy: 'cache-and-network',
  });
  const refetch = { refetchQueries: LIBRARY_REFETCH, awaitRefetchQueries: true };
  const [restaurar, { loading: restoring }] = useMutation(RESTAURAR_ITEM_BIBLIOTECA, refetch);
  const [esvaziar] = useMutation(ESVAZIAR_LIXEIRA_BIBLIOTECA, refetch);
  const [choosing, setChoosing] = useState<ItemLixeira | null>(null);
  const [removing, setRemoving] = useState<ItemLixeira | 'all' | null>(null);
  const page = (data ?? previousData)?.lixeiraBiblioteca;
  const root = t('library.root');

  const restore = async (entry: ItemLixeira) => {
    if (!entry.localOriginalExiste) return setChoosing(entry);
    try {
      await restaurar({ variables: { idItem: entry.id } });
      toast.success('library.bin.restored');
    } catch (e) {
      toast.error(e);
      if (refusedPlace(e)) setChoosing(entry);
    }
  };

  const columns: Column<ItemLixeira>[] = [
    {
      id: 'nome',
      label: t('library.name'),
      render: (e) => (
        <>
          <TruncatedName name={e.nome} />
          {e.pasta && (
            <Typography variant="body2" color="text.secondary">
              {t('library.bin.contents', { arquivos: e.arquivos, pastas: e.pastas })}
            </Typography>
          )}
          {/* On a phone the days left come under the name: their column gives the row's actions the room. */}
          <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'block', sm: 'none' } }}>
            {t('library.bin.days', { count: daysLeft(e.expiraEm) })}
          </Typography>
        </>
      ),
    },
    {
      id: 'localOriginal',
      label: t('library.bin.originalPlace'),
      hideOnMobile: true,
      render: (e) => (
        <>
          {folderPath(root, e.localOriginal)}
          {!e.localOriginalExiste && (
            <Typography variant="body2" color="text.secondary">
              {t('library.bin.originalGone')}
            </Typography>
          )}
        </>
      ),
    },
    {
      id: 'excluidoEm',
      label: t('library.bin.deleted'),
      hideOnMobile: true,
      render: (e) => (
        <>
          {formatDateTime(e.excluidoEm, i18n.language)}
          {e.excluidoPor && (
            <Typography variant="body2" color="text.secondary">
              {t('library.bin.deletedBy', { nome: e.excluidoPor.nome })}
            </Typography>
          )}
        </>
      ),
    },
    {
      id: 'expiraEm',
      label: t('library.bin.daysLeft'),
      hideOnMobile: true,
      render: (e) => t('library.bin.days', { count: daysLeft(e.expiraEm) }),
    },
  ];

  return (
    <ViewDialog title={t('library.bin.title')} onClose={onClose} maxWidth="lg" phoneFullScreen dividers>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography color="text.secondary" sx={{ flex: '1 1 320px' }}>
          {t('library.bin.subtitle')}
        </Typography>
        <Button variant="outlined" disabled={!page?.totalElements} onClick={() => setRemoving('all')}>
          {t('library.bin.emptyAll')}
        </Button>
      </Box>
      <DataTable
        label={t('library.bin.title')}
        columns={columns}
        rows={page?.content}
        total={page?.totalElements ?? 0}
        getRowId={(e) => e.id}
        list={list}
        loading={loading}
        error={error}
        emptyText={t('library.bin.empty')}
        errorFallback={t('library.bin.loadError')}
        searchLabel={false}
        rowActions={(e) => (
          // Restore, then delete for ever; on a phone one above the other (side by side they ran off the screen).
          <Box
            sx={{
              display: 'flex',
              flexDirection: { xs: 'column', sm: 'row' },
              gap: 1,
              alignItems: { xs: 'flex-end', sm: 'center' },
              justifyContent: 'flex-end',
            }}
          >
            <Button
              size="small"
              disabled={restoring}
              aria-label={t('library.bin.restoreNamed', { nome: e.nome })}
              onClick={() => void restore(e)}
            >
              {t('library.bin.restore')}
            </Button>
            <Button
              size="small"
              aria-label={t('library.bin.deleteForeverNamed', { nome: e.nome })}
              onClick={() => setRemoving(e)}
            >
              {t('library.bin.deleteForever')}
            </Button>
          </Box>
        )}
      />
      {choosing && <RestoreToDialog entry={choosing} onClose={() => setChoosing(null)} />}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        title={
          removing === 'all'
            ? t('library.bin.emptyTitle')
            : t('library.bin.deleteForeverTitle', { nome: removing?.nome ?? '' })
        }
        subtitle={
          removing === 'all'
            ? t('library.bin.emptyBody', { count: page?.totalElements ?? 0 })
            : t('library.bin.deleteForeverBody')
        }
        confirmLabel={t(removing === 'all' ? 'library.bin.emptyAll' : 'library.bin.deleteForever')}
        successMessage={t(removing === 'all' ? 'library.bin.emptied' : 'library.bin.deletedForever')}
        onConfirm={() => esvaziar({ variables: { ids: removing === 'all' || !removing ? null : [removing.id] } })}
      />
    </ViewDialog>
  );
}
