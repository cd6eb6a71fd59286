import { useMutation, useQuery } from '@apollo/client';
import Typography from '@mui/material/Typography';
import { restaurarEmSchema } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../ui/form/FormDialog';
import { useZodForm } from '../../ui/form/use-zod-form';
import { useToast } from '../../ui/toast';
import { LocationSelect } from './LocationSelect';
import {
  type ItemLixeira,
  LIBRARY_REFETCH,
  PASTAS_COM_PERMISSAO_ESCRITA,
  RESTAURAR_ITEM_BIBLIOTECA,
} from './library.documents';

/**
 * Restores a bin entry to a folder the user picks (docs/domains/library.md#the-bin): when its original folder is
 * gone, or refused it (a folder of that name is there now). The choices are the writable folders, and the root for
 * a folder (which the server accepts only when the folder has groups of its own).
 */
export function RestoreToDialog({ entry, onClose }: { entry: ItemLixeira; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { data } = useQuery(PASTAS_COM_PERMISSAO_ESCRITA, { fetchPolicy: 'network-only' });
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
      <LocationSelect
        label={t('library.move.destination')}
        value={form.values.idNovaLocalizacao}
        folders={data?.pastasComPermissaoEscrita ?? []}
        includeRoot={entry.pasta}
        onChange={(id) => form.set('idNovaLocalizacao', id)}
        onBlur={() => form.touch('idNovaLocalizacao')}
        error={error ? t(error) : undefined}
        disabled={loading}
      />
    </FormDialog>
  );
}
