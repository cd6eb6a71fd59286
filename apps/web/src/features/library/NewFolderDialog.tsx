import { useMutation, useQuery } from '@apollo/client';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { isLibraryRoot, LIBRARY_ROOT_ID, novaPastaSchema, tiposAcessoFromGroups } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../ui/form/FormDialog';
import { useZodForm } from '../../ui/form/use-zod-form';
import { useToast } from '../../ui/toast';
import { GroupsSelect } from './GroupsSelect';
import { LocationSelect } from './LocationSelect';
import {
  CRIAR_NOVA_PASTA,
  GRUPOS_USUARIOS_ATIVOS,
  LIBRARY_REFETCH,
  PASTAS_COM_PERMISSAO_ESCRITA,
} from './library.documents';
import { nameNotice } from './name-notice';

type Props = { open: boolean; onClose: () => void; currentFolderId: string | null };

/**
 * New folder (docs/domains/library.md#forms): name, location (writable folders and the root), read and
 * write groups. Changing the location clears both group lists; in the root a group is required.
 */
export function NewFolderDialog({ open, onClose, currentFolderId }: Props) {
  const { t } = useTranslation();
  const toast = useToast();
  const folders = useQuery(PASTAS_COM_PERMISSAO_ESCRITA, { fetchPolicy: 'network-only' }).data
    ?.pastasComPermissaoEscrita;
  const groups = useQuery(GRUPOS_USUARIOS_ATIVOS, { fetchPolicy: 'network-only' }).data?.gruposUsuariosAtivos ?? [];
  const [criar, { loading }] = useMutation(CRIAR_NOVA_PASTA, { refetchQueries: LIBRARY_REFETCH });
  const form = useZodForm(novaPastaSchema, {
    nome: '',
    idPai: isLibraryRoot(currentFolderId) ? null : currentFolderId,
    idsGrupoAcesso: [] as string[],
    idsGrupoAcessoEscrita: [] as string[],
  });
  const { values, errorOf } = form;
  const tr = (key: string | undefined) => (key ? t(key) : undefined);
  const notice = nameNotice(values.nome);

  const submit = form.onSubmit(async (data) => {
    const idPai = isLibraryRoot(data.idPai) ? null : data.idPai;
    const tiposAcesso = tiposAcessoFromGroups(data.idsGrupoAcesso, data.idsGrupoAcessoEscrita);
    try {
      await criar({
        variables: {
          novaPasta: { nome: data.nome, idPai, idsGrupoAcesso: tiposAcesso.map((g) => g.idGrupoAcesso), tiposAcesso },
        },
      });
      toast.success('library.newFolder.done');
      onClose();
    } catch (error) {
      // A field's refusal (a folder name taken at that level) shows on the field; anything else as a toast.
      if (!form.showServerErrors(error)) toast.error(error);
    }
  });

  return (
    <FormDialog
      open={open}
      title={t('library.newFolder.title')}
      submitLabel={t('library.newFolder.submit')}
      busy={loading}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={t('library.name')}
          value={values.nome}
          onChange={(e) => form.set('nome', e.target.value)}
          onBlur={() => form.touch('nome')}
          error={Boolean(errorOf('nome'))}
          helperText={tr(errorOf('nome')) ?? (notice ? t(notice.key, notice.values) : undefined)}
          disabled={loading}
          autoFocus
          fullWidth
        />
        <LocationSelect
          label={t('library.location')}
          value={values.idPai ?? LIBRARY_ROOT_ID}
          folders={folders ?? []}
          includeRoot
          disabled={loading}
          onChange={(id) =>
            form.setValues((v) => ({
              ...v,
              idPai: isLibraryRoot(id) ? null : id,
              idsGrupoAcesso: [],
              idsGrupoAcessoEscrita: [],
            }))
          }
        />
        <GroupsSelect
          label={t('library.readGroups')}
          groups={groups}
          value={values.idsGrupoAcesso}
          onChange={(ids) => form.set('idsGrupoAcesso', ids)}
          onBlur={() => form.touch('idsGrupoAcesso')}
          error={tr(errorOf('idsGrupoAcesso'))}
          disabled={loading}
        />
        <GroupsSelect
          label={t('library.writeGroups')}
          groups={groups}
          value={values.idsGrupoAcessoEscrita}
          onChange={(ids) => form.set('idsGrupoAcessoEscrita', ids)}
          onBlur={() => form.touch('idsGrupoAcesso')}
          disabled={loading}
        />
      </Stack>
    </FormDialog>
  );
}
