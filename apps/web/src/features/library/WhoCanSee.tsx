import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { canListGroupPeople } from '@portal/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../../app/current-user/signed-in-user';
import { GroupPeopleDialog } from './GroupPeopleDialog';
import { groupSummary } from './GroupsSelect';
import type { GrupoUsuariosAtivo, ItemBiblioteca } from './library.documents';
import { TruncatedName } from './TruncatedName';

/** The ids of the groups an item's permissions give `level` (the grant dialog's preselection, a folder's details). */
export const groupsAt = (item: ItemBiblioteca, level: 'LEITURA' | 'LEITURA_ESCRITA') =>
  item.permissoes.filter((p) => p.permissaoAcessoPasta.id === level).map((p) => p.grupoUsuarios.id);

type Props = {
  groups: readonly GrupoUsuariosAtivo[];
  read: readonly string[];
  write: readonly string[];
  /** What shows when no group is chosen. */
  emptyText: string;
};

/**
 * "Who can see this" (docs/domains/library.md#who-can-see-this), in the grant dialog and a folder's details: each group
 * with access, its level, its kind and how many people it gives access to, and, for those who may list them
 * (`canListGroupPeople`), the people a click away.
 */
export function WhoCanSee({ groups, read, write, emptyText }: Props) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const canList = canListGroupPeople({ chaves: user.funcionalidades.map((f) => f.chave) });
  const [peopleOf, setPeopleOf] = useState<GrupoUsuariosAtivo | null>(null);
  const chosen = groups.filter((g) => read.includes(g.id) || write.includes(g.id));
  return (
    <Box component="section" aria-labelledby="who-can-see">
      <Typography id="who-can-see" variant="subtitle2" component="h3">
        {t('library.people.whoCanSee')}
      </Typography>
      {chosen.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {emptyText}
        </Typography>
      ) : (
        <List dense disablePadding>
          {chosen.map((g) => (
            <ListItem
              key={g.id}
              disableGutters
              secondaryAction={
                canList && (
                  <Button
                    size="small"
                    onClick={() => setPeopleOf(g)}
                    aria-label={t('library.people.seeNamed', { name: g.nome })}
                  >
                    {t('library.people.see')}
                  </Button>
                )
              }
            >
              <ListItemText
                primary={<TruncatedName name={g.nome} />}
                secondary={`${t(write.includes(g.id) ? 'library.people.levelWrite' : 'library.people.levelRead')} · ${groupSummary(t, g)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      {peopleOf && <GroupPeopleDialog group={peopleOf} onClose={() => setPeopleOf(null)} />}
    </Box>
  );
}
