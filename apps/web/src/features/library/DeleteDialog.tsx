import { useMutation, useQuery } from '@apollo/client';
import { truncateLibraryName } from '@portal/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useToast } from '../../ui/toast';
import {
  CONTAGEM_CONTEUDO_BIBLIOTECA,
  EXCLUIR_ITEM_BIBLIOTECA,
  type ItemBiblioteca,
  LIBRARY_REFETCH,
  RESTAURAR_ITEM_BIBLIOTECA,
} from './library.documents';

/** How many names the delete confirmation spells out before "and N more". */
export const DELETE_NAMES_SHOWN = 3;

/** "A, B, C and 2 more": the first names of the selection (each cut at 40 characters), then how many others. */
export function namesOf(t: TFunction, items: readonly Pick<ItemBiblioteca, 'nome'>[]): string {
  const names = items
    .slice(0, DELETE_NAMES_SHOWN)
    .map((i) => `“${truncateLibraryName(i.nome)}”`)
    .join(', ');
  const rest = items.length - DELETE_NAMES_SHOWN;
  return rest > 0 ? t('library.remove.namesMore', { names, count: rest }) : t('library.remove.names', { names });
}

type Props = {
  open: boolean;
  selection: readonly ItemBiblioteca[];
  onClose: () => void;
  onDeleted: () => void;
};

/**
 * The delete confirmation (docs/domains/library.md#deleting): names the items and, for folders, how many
 * readable files and sub-folders go with them (contagemConteudoBiblioteca), then moves each to the bin. The
 * success toast offers Undo, which restores them at once (docs/domains/library.md#the-bin).
 */
export function DeleteDialog({ open, selection, onClose, onDeleted }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const [excluir] = useMutation(EXCLUIR_ITEM_BIBLIOTECA, { refetchQueries: LIBRARY_REFETCH });
  const [restaurar] = useMutation(RESTAURAR_ITEM_BIBLIOTECA, { refetchQueries: LIBRARY_REFETCH });
  const undo = async (ids: readonly string[]) => {
    try {
      for (const idItem of ids) await restaurar({ variables: { idItem } });
      toast.success('library.bin.restored');
    } catch (e) {
      toast.error(e);
    }
  };
  const folders = selection.filter((i) => i.pasta);
  const counts = useQuery(CONTAGEM_CONTEUDO_BIBLIOTECA, {
    variables: { ids: folders.map((i) => i.id) },
    skip: !open || folders.length === 0,
    fetchPolicy: 'network-only',
  });
  const found = counts.data?.contagemConteudoBiblioteca;
  let contents = '';
  if (folders.length > 0) {
    if (found) contents = t('library.remove.contents', { arquivos: found.arquivos, pastas: found.pastas });
    else if (counts.loading) contents = t('library.remove.counting');
    else contents = t('library.remove.subtitle');
  }
  return (
    <ConfirmDialog
      open={open}
      onClose={onClose}
      title={t('library.remove.title', { count: selection.length })}
      subtitle={[namesOf(t, selection), contents].filter(Boolean).join(' ')}
      confirmLabel={t('library.actions.delete')}
      successMessage={false}
      onConfirm={async () => {
        const deleted: string[] = [];
        for (const item of selection) {
          await excluir({ variables: { idItem: item.id } });
          deleted.push(item.id);
        }
        onDeleted();
        toast.success('library.remove.done', { label: 'library.remove.undo', onClick: () => void undo(deleted) });
      }}
    />
  );
}
