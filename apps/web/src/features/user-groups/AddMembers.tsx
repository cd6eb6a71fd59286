import { useMutation, useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../ui/list/ListSearch';
import { useToast } from '../../ui/toast';
import { USER_GROUPS_REFETCH } from './user-groups.documents';
import { AdicionarUsuariosGrupoUsuariosDocument, UsuariosParaGrupoUsuariosDocument } from './user-groups.generated';

/**
 * Finds users who are not yet members (name, e-mail or dealer; the server offers up to 20 active ones)
 * and adds one with a click. The member list and the group's count follow.
 */
export function AddMembers({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busca, setBusca] = useState('');
  const { data, loading, error } = useQuery(UsuariosParaGrupoUsuariosDocument, {
    variables: { id: groupId, busca },
    skip: !busca,
    fetchPolicy: 'network-only',
  });
  const [adicionar, { loading: adding }] = useMutation(AdicionarUsuariosGrupoUsuariosDocument, {
    refetchQueries: USER_GROUPS_REFETCH,
    awaitRefetchQueries: true,
  });
  const found = busca ? (data?.usuariosParaGrupoUsuarios ?? []) : [];
  const add = async (user: { id: string; nome: string }) => {
    try {
      await adicionar({ variables: { id: groupId, idsUsuarios: [user.id] } });
      toast.success(t('userGroups.members.added', { name: user.nome }));
    } catch (e) {
      toast.error(e);
    }
  };

  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ maxWidth: 480 }}>
        <ListSearch
          label={t('userGroups.members.addSearch')}
          value={busca}
          onSearch={(text) => setBusca(text.trim())}
        />
      </Box>
      <Box aria-live="polite">
        {busca && !loading && error && <Typography color="error">{t('userGroups.members.searchError')}</Typography>}
        {busca && !loading && !error && found.length === 0 && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('userGroups.members.noneFound')}
          </Typography>
        )}
      </Box>
      {found.length > 0 && (
        <List dense aria-label={t('userGroups.members.found')} sx={{ maxWidth: 720 }}>
          {found.map((u) => (
            <ListItem
              key={u.id}
              divider
              secondaryAction={
                <Button
                  size="small"
                  variant="outlined"
                  disabled={adding}
                  onClick={() => void add(u)}
                  aria-label={t('userGroups.members.add', { name: u.nome })}
                >
                  {t('userGroups.members.addShort')}
                </Button>
              }
            >
              <ListItemText
                primary={u.nome}
                secondary={[u.email, ...u.dealers].join(' · ')}
                sx={{ pr: 10, overflowWrap: 'anywhere' }}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
