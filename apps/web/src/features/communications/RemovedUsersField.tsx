import { useQuery } from '@apollo/client';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../../ui/list/ListSearch';
import type { Audiencia, UsuarioComunicado } from './communications.documents';
import { UsuariosAudienciaDocument } from './communications.generated';
import { useDebounced } from './use-debounced';

type Props = {
  /** The audience as the form holds it: the search looks among the users it reaches. */
  audiencia: Audiencia;
  /** Users removed when the communication was loaded (their names for the chips). */
  initial: UsuarioComunicado[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
};

/**
 * The users taken out of the audience (`idsUsuariosRemovidos`): a search as you type (200 ms after the
 * last key, `usuariosAudiencia`) over the active users the audience reaches adds one; a chip's delete
 * puts them back.
 */
export function RemovedUsersField({ audiencia, initial, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [added, setAdded] = useState<UsuarioComunicado[]>([]);
  const busca = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const { data, loading, error } = useQuery(UsuariosAudienciaDocument, {
    variables: { audiencia, busca },
    // Cleared after a choice: no search of the old text against the new audience.
    skip: !busca || !text.trim(),
    fetchPolicy: 'network-only',
  });
  const ids = audiencia.idsUsuariosRemovidos;
  const removed = useMemo(() => {
    const byId = new Map([...initial, ...added].map((u) => [u.id, u]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }, [initial, added, ids]);
  const options = busca && !loading ? (data?.usuariosAudiencia ?? []) : [];

  const add = (user: UsuarioComunicado | null) => {
    setText('');
    if (!user || ids.includes(user.id)) return;
    setAdded((known) => [...known, user]);
    onChange([...ids, user.id]);
  };

  let noOptions = t('communicationsUi.form.removedUsersType');
  if (busca && error) noOptions = t('communicationsUi.form.removedUsersError');
  else if (busca && !loading) noOptions = t('communicationsUi.form.removedUsersNone');

  return (
    <div>
      <Typography variant="body2">{t('communicationsUi.form.removedUsers')}</Typography>
      <Typography variant="caption" color="text.secondary">
        {t('communicationsUi.form.removedUsersHint')}
      </Typography>
      {removed.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', my: 1 }}>
          {removed.map((u) => (
            <Chip
              key={u.id}
              size="small"
              label={`${u.nome} <${u.email}>`}
              disabled={disabled}
              onDelete={() => onChange(ids.filter((id) => id !== u.id))}
            />
          ))}
        </Stack>
      )}
      <Autocomplete
        options={options}
        value={null}
        inputValue={text}
        onInputChange={(_, value, reason) => reason === 'input' && setText(value)}
        onChange={(_, user) => add(user)}
        filterOptions={(all) => all}
        getOptionLabel={(u) => `${u.nome} <${u.email}>`}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        loading={Boolean(busca) && loading}
        loadingText={t('app.loading')}
        noOptionsText={noOptions}
        disabled={disabled}
        sx={{ mt: 1 }}
        renderInput={(params) => (
          <TextField
            {...params}
            label={t('communicationsUi.form.removedUsersSearch')}
            helperText={t('communicationsUi.form.removedUsersSearchHint')}
          />
        )}
      />
    </div>
  );
}
