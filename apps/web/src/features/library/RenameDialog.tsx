import { useMutation } from '@apollo/client';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { renomearSchema } from '@portal/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../ui/toast';
import { type ItemBiblioteca, LIBRARY_REFETCH, RENOMEAR_ITEM_BIBLIOTECA } from './library.documents';
import { useZodForm } from './use-zod-form';

/** Rename one item (SPEC §5: the new name is required); a failure keeps the dialog open and usable. */
export function RenameDialog({ item, onClose }: { item: ItemBiblioteca; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const titleId = useId();
  const [renomear, { loading }] = useMutation(RENOMEAR_ITEM_BIBLIOTECA, { refetchQueries: LIBRARY_REFETCH });
  const form = useZodForm(renomearSchema, { idItemBiblioteca: item.id, novoNome: item.nome });
  const error = form.errorOf('novoNome');

  const submit = form.onSubmit(async (variables) => {
    try {
      await renomear({ variables });
      toast.success('library.rename.done');
      onClose();
    } catch (e) {
      toast.error(e);
    }
  });

  return (
    <Dialog open onClose={loading ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{t('library.rename.title')}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('library.rename.newName')}
            value={form.values.novoNome}
            onChange={(e) => form.set('novoNome', e.target.value)}
            onBlur={() => form.touch('novoNome')}
            error={Boolean(error)}
            helperText={error ? t(error) : undefined}
            disabled={loading}
            autoFocus
            fullWidth
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={loading}>
            {t('library.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={loading}>
            {t('library.rename.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
