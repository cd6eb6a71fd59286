import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { LIBRARY_NAME_TRUNCATE, LIBRARY_ROOT_ID, truncateLibraryName } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { folderPath } from './format';
import type { ItemBiblioteca } from './library.documents';

type Props = {
  label: string;
  /** The chosen folder id; LIBRARY_ROOT_ID for the root, '' for none yet. */
  value: string;
  folders: readonly ItemBiblioteca[];
  includeRoot: boolean;
  onChange: (id: string) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
};

/** A folder picker over writable folders (and the root when allowed), each shown with its path. */
export function LocationSelect({ label, value, folders, includeRoot, onChange, onBlur, error, disabled }: Props) {
  const { t } = useTranslation();
  const root = t('library.root');
  // A value whose folder has not loaded (or is not offered) shows as empty rather than out of range.
  const known = value === LIBRARY_ROOT_ID ? includeRoot : folders.some((f) => f.id === value);
  return (
    <TextField
      select
      label={label}
      value={known ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      error={Boolean(error)}
      helperText={error}
      disabled={disabled}
      fullWidth
    >
      {includeRoot && <MenuItem value={LIBRARY_ROOT_ID}>{root}</MenuItem>}
      {folders.map((f) => {
        const path = folderPath(root, f.breadcrumb, f.nome);
        return (
          <MenuItem key={f.id} value={f.id} title={path}>
            {truncateLibraryName(path, LIBRARY_NAME_TRUNCATE.folderTile)}
          </MenuItem>
        );
      })}
    </TextField>
  );
}
