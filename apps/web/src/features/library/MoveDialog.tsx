import { useMutation } from '@apollo/client';
import { isLibraryRoot, moverSchema } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../ui/form/FormDialog';
import { useZodForm } from '../../ui/form/use-zod-form';
import { useToast } from '../../ui/toast';
import { FolderTree } from './FolderTree';
import { type ItemBiblioteca, LIBRARY_REFETCH, MOVER_ITEM_BIBLIOTECA } from './library.documents';

/**
 * Move one item (docs/domains/library.md#forms): the destinations are a tree of the folders the user may write into
 * (FolderTree, pastasDestino) and the root, minus the item itself, its descendants and its current folder.
 */
export function MoveDialog({ item, onClose }: { item: ItemBiblioteca; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [mover, { loading }] = useMutation(MOVER_ITEM_BIBLIOTECA, { refetchQueries: LIBRARY_REFETCH });
  const form = useZodForm(moverSchema, { idItemBiblioteca: item.id, idNovaLocalizacao: '' });
  const error = form.errorOf('idNovaLocalizacao');
  const inRoot = isLibraryRoot(item.pastaPai.id);

  const submit = form.onSubmit(async (variables) => {
    try {
      await mover({ variables });
      toast.success('library.move.done');
      onClose();
    } catch (e) {
      // A field's refusal (a folder name taken at that level) shows on the field; anything else as a toast.
      if (!form.showServerErrors(e)) toast.error(e);
    }
  });

  return (
    <FormDialog
      title={
        <>
          {t('library.move.title')}: {item.nome}
        </>
      }
      submitLabel={t('library.move.submit')}
      busy={loading}
      onClose={onClose}
      onSubmit={submit}
    >
      <FolderTree
        item={item}
        value={form.values.idNovaLocalizacao}
        includeRoot={!inRoot}
        onChange={(id) => form.set('idNovaLocalizacao', id)}
        error={error ? t(error) : undefined}
      />
    </FormDialog>
  );
}
