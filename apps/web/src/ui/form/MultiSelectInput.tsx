import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProps, Option } from './fields';

/** Several choices among many, with a search box (type to filter); the value is the chosen values. */
export function MultiSelectInput({
  label,
  options,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  disabled,
  required,
}: FieldProps<string[]> & { options: readonly Option[] }) {
  const { t } = useTranslation();
  // A new array on every render would make the Autocomplete clear what is being typed.
  const chosen = useMemo(() => options.filter((o) => value.includes(o.value)), [options, value]);
  return (
    <Autocomplete
      multiple
      options={options}
      value={chosen}
      disabled={disabled}
      onChange={(_, next) => onChange(next.map((o) => o.value))}
      onBlur={onBlur}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      noOptionsText={t('common.noOptions')}
      renderValue={(items, getItemProps) =>
        items.map((item, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={item.label} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={Boolean(error)}
          helperText={error ? t(error) : helperText}
        />
      )}
    />
  );
}
