import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { LIBRARY_NAME_TRUNCATE, truncateLibraryName } from '@portal/domain';
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

/**
 * A multi-select of user groups; names cut at 25 characters (docs/domains/library.md#names) with the full name on
 * hover.
 */
export function GroupsSelect({ label, groups, value, onChange, onBlur, error, disabled }: Props) {
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
        <li key={key} {...props} title={g.nome}>
          {short(g.nome)}
        </li>
      )}
      renderValue={(items, getItemProps) =>
        items.map((g, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={short(g.nome)} title={g.nome} {...itemProps} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} error={Boolean(error)} helperText={error} />}
    />
  );
}
