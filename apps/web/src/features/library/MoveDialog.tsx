import { useMutation, useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import { canMoveTo, isLibraryRoot, moverSchema } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../ui/form/FormDialog';
import { useZodForm } from '../../ui/form/use-zod-form';
import { useToast } from '../../ui/toast';
import { LocationSelect } from './LocationSelect';
import {
  type ItemBiblioteca,
  LIBRARY_REFETCH,
  MOVER_ITEM_BIBLIOTECA,
  PASTAS_COM_PERMISSAO_ESCRITA,
} from './library.documents';

/**
 * Move one item (docs/domains/library.md#forms): destinations are the writable folders (pastasComPermissaoEscrita) and
 * the root, minus the item itself, its descendants and its current folder.
 */
export function MoveDialog({ item, onClose }: { item: ItemBiblioteca; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { data } = useQuery(PASTAS_COM_PERMISSAO_ESCRITA, { fetchPolicy: 'network-only' });
  const [mover, { loading }] = useMutation(MOVER_ITEM_BIBLIOTECA, { refetchQueries: LIBRARY_REFETCH });
  const form = useZodForm(moverSchema, { idItemBiblioteca: item.id, idNovaLocalizacao: '' });
  const error = form.errorOf('idNovaLocalizacao');
  const inRoot = isLibraryRoot(item.pastaPai.id);
  const destinations = (data?.pastasComPermissaoEscrita ?? []).filter(
    (f) =>
      f.id !== item.pastaPai.id &&
      canMoveTo(
        item,
        { id: f.id, pasta: f.pasta, access: f.permissoesAcessoUsuarioLogado.map((p) => p.id) },
        f.breadcrumb.map((b) => b.id),
      ),
  );

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
      {data && destinations.length === 0 && inRoot ? (
        <Alert severity="info">{t('library.move.none')}</Alert>
      ) : (
        <LocationSelect
          label={t('library.move.destination')}
          value={form.values.idNovaLocalizacao}
          folders={destinations}
          includeRoot={!inRoot}
          onChange={(id) => form.set('idNovaLocalizacao', id)}
          onBlur={() => form.touch('idNovaLocalizacao')}
          error={error ? t(error) : undefined}
          disabled={loading}
        />
      )}
    </FormDialog>
  );
}
