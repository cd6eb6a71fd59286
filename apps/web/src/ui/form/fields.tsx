import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { applyMask, type MaskKind } from '@portal/domain';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayPickerProps } from './DayPicker';
import type { FieldProps } from './field-props';

export type { FieldProps } from './field-props';

type Extra = Pick<
  TextFieldProps,
  'type' | 'multiline' | 'minRows' | 'autoComplete' | 'children' | 'select' | 'slotProps'
>;

/** The TextField every kit field is built on: shows the bound error (an i18n key) translated. */
function BoundTextField({ error, helperText, onChange, value, ...props }: FieldProps<string> & Extra) {
  const { t } = useTranslation();
  return (
    <TextField
      {...props}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={Boolean(error)}
      helperText={error ? t(error) : helperText}
      fullWidth
    />
  );
}

/** Free text (multiline when asked). */
export function TextInput(props: FieldProps<string> & Pick<TextFieldProps, 'multiline' | 'minRows' | 'autoComplete'>) {
  return <BoundTextField {...props} />;
}

/** An e-mail: lowercased when the field is left (docs/domains/screens-and-forms.md#e-mail-fields). */
export function EmailInput(props: FieldProps<string>) {
  return (
    <BoundTextField
      {...props}
      type="email"
      autoComplete="email"
      onBlur={() => {
        if (props.value !== props.value.toLowerCase()) props.onChange(props.value.toLowerCase());
        props.onBlur();
      }}
    />
  );
}

export type Option = { value: string; label: string };

/** One choice among a few options; '' is no choice. */
export function SelectInput({ options, ...props }: FieldProps<string> & { options: readonly Option[] }) {
  return (
    <BoundTextField {...props} select slotProps={{ select: { onClose: props.onBlur } }}>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </BoundTextField>
  );
}

const DayPicker = lazy(() => import('./DayPicker'));

/**
 * A day (docs/domains/dates-and-clock.md#dates-in-forms), as 'YYYY-MM-DD': MUI X's picker in the portal's language
 * (`DayPicker`), loaded on first use; until then a read-only field with the same label holds its place.
 */
export function DateInput(props: DayPickerProps) {
  return (
    <Suspense
      fallback={
        <TextField
          label={props.label}
          value=""
          size={props.size}
          required={props.required}
          fullWidth={props.fullWidth ?? true}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { readOnly: true, 'aria-busy': true } }}
        />
      }
    >
      <DayPicker {...props} />
    </Suspense>
  );
}

const INPUT_MODE = { cpf: 'numeric', cnpj: 'numeric', cep: 'numeric', phone: 'tel' } as const;

/**
 * CPF, CNPJ, CEP or phone, formatted while typed. Its schema uses `maskedString(kind)` of
 * `@portal/domain`: 'Formato inválido' while incomplete, 'Valor inválido' for a wrong value.
 */
export function MaskedInput({ kind, ...props }: FieldProps<string> & { kind: MaskKind }) {
  return (
    <BoundTextField
      {...props}
      onChange={(text) => props.onChange(applyMask(kind, text))}
      slotProps={{ htmlInput: { inputMode: INPUT_MODE[kind] } }}
    />
  );
}

/** A yes/no choice (a checkbox with its label); the bound error shows under it. */
export function CheckboxInput({
  label,
  name,
  value,
  onChange,
  onBlur,
  error,
  helperText,
  disabled,
}: FieldProps<boolean>) {
  const { t } = useTranslation();
  return (
    <FormControl error={Boolean(error)} disabled={disabled}>
      <FormControlLabel
        label={label}
        control={<Checkbox name={name} checked={value} onChange={(e) => onChange(e.target.checked)} onBlur={onBlur} />}
      />
      {(error || helperText) && <FormHelperText>{error ? t(error) : helperText}</FormHelperText>}
    </FormControl>
  );
}
