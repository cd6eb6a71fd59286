import { useMutation, useQuery } from '@apollo/client';
import { truncateLibraryName } from '@portal/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import {
  CONTAGEM_CONTEUDO_BIBLIOTECA,
  EXCLUIR_ITEM_BIBLIOTECA,
  type ItemBiblioteca,
  LIBRARY_REFETCH,
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
 * readable files and sub-folders go with them (contagemConteudoBiblioteca), then deletes each.
 */
export function DeleteDialog({ open, selection, onClose, onDeleted }: Props) {
  const { t } = useTranslation();
  const [excluir] = useMutation(EXCLUIR_ITEM_BIBLIOTECA, { refetchQueries: LIBRARY_REFETCH });
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
      successMessage={t('library.remove.done')}
      onConfirm={async () => {
        for (const item of selection) await excluir({ variables: { idItem: item.id } });
        onDeleted();
      }}
    />
  );
}
