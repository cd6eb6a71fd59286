import { useMutation } from '@apollo/client';
import Typography from '@mui/material/Typography';
import { restaurarEmSchema } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../ui/form/FormDialog';
import { useZodForm } from '../../ui/form/use-zod-form';
import { useToast } from '../../ui/toast';
import { FolderTree } from './FolderTree';
import { type ItemLixeira, LIBRARY_REFETCH, RESTAURAR_ITEM_BIBLIOTECA } from './library.documents';

/**
 * Restores a bin entry to a folder the user picks (docs/domains/library.md#the-bin): when its original folder is
 * gone, or refused it (an item of that name is there now). The choices are the move dialog's tree of writable folders
 * (without the original one), and the root for a folder (which the server accepts only when it has groups of its own).
 */
export function RestoreToDialog({ entry, onClose }: { entry: ItemLixeira; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [restaurar, { loading }] = useMutation(RESTAURAR_ITEM_BIBLIOTECA, {
    refetchQueries: LIBRARY_REFETCH,
    awaitRefetchQueries: true,
  });
  const form = useZodForm(restaurarEmSchema, { idItem: entry.id, idNovaLocalizacao: '' });
  const error = form.errorOf('idNovaLocalizacao');

  const submit = form.onSubmit(async (variables) => {
    try {
      await restaurar({ variables });
      toast.success('library.bin.restored');
      onClose();
    } catch (e) {
      if (!form.showServerErrors(e)) toast.error(e);
    }
  });

  return (
    <FormDialog
      title={t('library.bin.restoreTo.title', { nome: entry.nome })}
      submitLabel={t('library.bin.restore')}
      busy={loading}
      onClose={onClose}
      onSubmit={submit}
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('library.bin.restoreTo.subtitle')}
      </Typography>
      <FolderTree
        item={{ id: entry.id, pastaPai: entry.localOriginal.at(-1) ?? null }}
        value={form.values.idNovaLocalizacao}
        includeRoot={entry.pasta}
        onChange={(id) => form.set('idNovaLocalizacao', id)}
        error={error ? t(error) : undefined}
      />
    </FormDialog>
  );
}
