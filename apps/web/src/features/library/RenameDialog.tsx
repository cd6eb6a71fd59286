import { useMutation } from '@apollo/client';
import TextField from '@mui/material/TextField';
import { renomearSchema } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../ui/form/FormDialog';
import { useZodForm } from '../../ui/form/use-zod-form';
import { useToast } from '../../ui/toast';
import { type ItemBiblioteca, LIBRARY_REFETCH, RENOMEAR_ITEM_BIBLIOTECA } from './library.documents';
import { nameNotice } from './name-notice';

/**
 * Rename one item (docs/domains/library.md#forms: the new name is required); a failure keeps the dialog open and
 * usable.
 */
export function RenameDialog({ item, onClose }: { item: ItemBiblioteca; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [renomear, { loading }] = useMutation(RENOMEAR_ITEM_BIBLIOTECA, { refetchQueries: LIBRARY_REFETCH });
  const form = useZodForm(renomearSchema, { idItemBiblioteca: item.id, novoNome: item.nome });
  const error = form.errorOf('novoNome');
  const notice = nameNotice(form.values.novoNome, item.pasta ? undefined : item);

  const submit = form.onSubmit(async (variables) => {
    try {
      await renomear({ variables });
      toast.success('library.rename.done');
      onClose();
    } catch (e) {
      // A field's refusal (a folder name taken at that level) shows on the field; anything else as a toast.
      if (!form.showServerErrors(e)) toast.error(e);
    }
  });

  return (
    <FormDialog
      title={t('library.rename.title')}
      submitLabel={t('library.rename.submit')}
      busy={loading}
      onClose={onClose}
      onSubmit={submit}
      maxWidth="xs"
    >
      <TextField
        label={t('library.rename.newName')}
        value={form.values.novoNome}
        onChange={(e) => form.set('novoNome', e.target.value)}
        onBlur={() => form.touch('novoNome')}
        error={Boolean(error)}
        helperText={error ? t(error) : notice ? t(notice.key, notice.values) : undefined}
        disabled={loading}
        autoFocus
        fullWidth
        sx={{ mt: 1 }}
      />
    </FormDialog>
  );
}
