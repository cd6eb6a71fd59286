import { useMutation, useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { permissaoSchema, tiposAcessoFromGroups } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../ui/form/FormDialog';
import { useZodForm } from '../../ui/form/use-zod-form';
import { useToast } from '../../ui/toast';
import { GroupPeopleDialog } from './GroupPeopleDialog';
import { GroupsSelect, groupSummary } from './GroupsSelect';
import {
  CONCEDER_ACESSO,
  GRUPOS_USUARIOS_ATIVOS,
  type GrupoUsuariosAtivo,
  type ItemBiblioteca,
  LIBRARY_REFETCH,
} from './library.documents';
import { TruncatedName } from './TruncatedName';

const groupsAt = (item: ItemBiblioteca, level: 'LEITURA' | 'LEITURA_ESCRITA') =>
  item.permissoes.filter((p) => p.permissaoAcessoPasta.id === level).map((p) => p.grupoUsuarios.id);

/**
 * "Who can see this" (docs/domains/library.md#who-can-see-this): each group chosen, its level, its kind and how many
 * people it gives access to, with the list of them a click away.
 */
function WhoCanSee(props: {
  groups: readonly GrupoUsuariosAtivo[];
  read: readonly string[];
  write: readonly string[];
  onOpen: (group: GrupoUsuariosAtivo) => void;
}) {
  const { t } = useTranslation();
  const chosen = props.groups.filter((g) => props.read.includes(g.id) || props.write.includes(g.id));
  return (
    <Box component="section" aria-labelledby="who-can-see">
      <Typography id="who-can-see" variant="subtitle2" component="h3">
        {t('library.people.whoCanSee')}
      </Typography>
      {chosen.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('library.people.noGroups')}
        </Typography>
      ) : (
        <List dense disablePadding>
          {chosen.map((g) => (
            <ListItem
              key={g.id}
              disableGutters
              secondaryAction={
                <Button
                  size="small"
                  onClick={() => props.onOpen(g)}
                  aria-label={t('library.people.seeNamed', { name: g.nome })}
                >
                  {t('library.people.see')}
                </Button>
              }
            >
              <ListItemText
                primary={<TruncatedName name={g.nome} />}
                secondary={`${t(props.write.includes(g.id) ? 'library.people.levelWrite' : 'library.people.levelRead')} · ${groupSummary(t, g)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

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
  const [peopleOf, setPeopleOf] = useState<GrupoUsuariosAtivo | null>(null);

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
          onOpen={setPeopleOf}
        />
      </Stack>
      {peopleOf && <GroupPeopleDialog group={peopleOf} onClose={() => setPeopleOf(null)} />}
    </FormDialog>
  );
}
