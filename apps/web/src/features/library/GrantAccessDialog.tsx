import { useMutation, useQuery } from '@apollo/client';
import Stack from '@mui/material/Stack';
import { permissaoSchema, tiposAcessoFromGroups } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../ui/form/FormDialog';
import { useZodForm } from '../../ui/form/use-zod-form';
import { useToast } from '../../ui/toast';
import { GroupsSelect } from './GroupsSelect';
import { CONCEDER_ACESSO, GRUPOS_USUARIOS_ATIVOS, type ItemBiblioteca, LIBRARY_REFETCH } from './library.documents';
import { TruncatedName } from './TruncatedName';
import { groupsAt, WhoCanSee } from './WhoCanSee';

/**
 * Grant access to one folder (concederAcesso): its read and write groups, preselected from its
 * current permissions, replace them as a whole; in the root a group stays required.
 */
export function GrantAccessDialog({ item, onClose }: { item: ItemBiblioteca; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const groups = useQuery(GRUPOS_USUARIOS_ATIVOS, { fetchPolicy: 'network-only' }).data?.gruposUsuariosAtivos ?? [];
  const [conceder, { loading }] = useMutation(CONCEDER_ACESSO, { refetchQueries: LIBRARY_REFETCH });
  const form = useZodForm(permissaoSchema, {
    idPasta: item.id,
    idPai: item.pastaPai.id,
    idsGrupoAcesso: groupsAt(item, 'LEITURA'),
    idsGrupoAcessoEscrita: groupsAt(item, 'LEITURA_ESCRITA'),
  });
  const error = form.errorOf('idsGrupoAcesso');

  const submit = form.onSubmit(async (data) => {
    try {
      await conceder({
        variables: {
          novasPermissoes: {
            idPasta: data.idPasta,
            idsGrupoAcesso: data.idsGrupoAcesso,
            idsGrupoAcessoEscrita: data.idsGrupoAcessoEscrita,
            tiposAcesso: tiposAcessoFromGroups(data.idsGrupoAcesso, data.idsGrupoAcessoEscrita),
          },
        },
      });
      toast.success('library.grant.done');
      onClose();
    } catch (e) {
      toast.error(e);
    }
  });

  return (
    <FormDialog
      title={
        <>
          {t('library.grant.title')}: <TruncatedName name={item.nome} />
        </>
      }
      submitLabel={t('library.grant.submit')}
      busy={loading}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <GroupsSelect
          label={t('library.readGroups')}
          groups={groups}
          value={form.values.idsGrupoAcesso}
          onChange={(ids) => form.set('idsGrupoAcesso', ids)}
          onBlur={() => form.touch('idsGrupoAcesso')}
          error={error ? t(error) : undefined}
          disabled={loading}
        />
        <GroupsSelect
          label={t('library.writeGroups')}
          groups={groups}
          value={form.values.idsGrupoAcessoEscrita}
          onChange={(ids) => form.set('idsGrupoAcessoEscrita', ids)}
          onBlur={() => form.touch('idsGrupoAcesso')}
          disabled={loading}
        />
        <WhoCanSee
          groups={groups}
          read={form.values.idsGrupoAcesso}
          write={form.values.idsGrupoAcessoEscrita}
          emptyText={t('library.people.noGroups')}
        />
      </Stack>
    </FormDialog>
  );
}
