import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIBRARY_NAME_TRUNCATE, truncateLibraryName } from '@portal/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { GrupoUsuariosAtivo } from './library.documents';

type Props = {
  label: string;
  groups: readonly GrupoUsuariosAtivo[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
};

const short = (nome: string) => truncateLibraryName(nome, LIBRARY_NAME_TRUNCATE.permissionList);

/** "Private · 12 people": a group's kind and the active people it gives access to. */
export const groupSummary = (t: TFunction, g: GrupoUsuariosAtivo) =>
  `${t(g.publico ? 'library.people.public' : 'library.people.private')} · ${t('library.people.count', { count: g.quantidadeUsuarios })}`;

/**
 * A multi-select of user groups; names cut at 25 characters (docs/domains/library.md#names) with the full name on
 * hover. Each choice says its kind and how many people it gives access to.
 */
export function GroupsSelect({ label, groups, value, onChange, onBlur, error, disabled }: Props) {
  const { t } = useTranslation();
  const selected = groups.filter((g) => value.includes(g.id));
  return (
    <Autocomplete
      multiple
      options={groups as GrupoUsuariosAtivo[]}
      value={selected}
      disabled={disabled}
      getOptionLabel={(g) => g.nome}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, next) => onChange(next.map((g) => g.id))}
      onBlur={onBlur}
      renderOption={({ key, ...props }, g) => (
        // The option's name is the group's; its kind and people are its description.
        <li key={key} {...props} title={g.nome} aria-describedby={`grupo-resumo-${g.id}`}>
          <Box>
            <div>{short(g.nome)}</div>
            <Typography id={`grupo-resumo-${g.id}`} variant="caption" color="text.secondary" aria-hidden>
              {groupSummary(t, g)}
            </Typography>
          </Box>
        </li>
      )}
      renderValue={(items, getItemProps) =>
        items.map((g, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return (
            <Chip
              key={key}
              size="small"
              label={short(g.nome)}
              title={`${g.nome} (${groupSummary(t, g)})`}
              {...itemProps}
            />
          );
        })
      }
      renderInput={(params) => <TextField {...params} label={label} error={Boolean(error)} helperText={error} />}
    />
  );
}
