import { applyMask, type MaskKind, maskProblem } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { ChipsField } from './ChipsField';
import type { FieldProps } from './fields';

/**
 * Several masked values as chips (additional CNPJs, phones): a typed value is formatted and becomes a
 * chip only when valid, else the field says 'Formato inválido' or 'Valor inválido'
 * (docs/domains/screens-and-forms.md#masked-inputs).
 */
export function MaskedMultiInput({ kind, error, ...props }: FieldProps<string[]> & { kind: MaskKind }) {
  const { t } = useTranslation();
  return (
    <ChipsField
      label={props.label}
      value={props.value}
      onChange={props.onChange}
      onBlur={props.onBlur}
      disabled={props.disabled}
      helperText={props.helperText}
      error={error ? t(error) : undefined}
      accept={(text) => {
        // Text with no digit at all (letters typed) is no empty value here: it would become an empty chip.
        const problem = maskProblem(kind, text) ?? (applyMask(kind, text) === '' ? 'validation.invalidFormat' : null);
        return problem ? { error: t(problem) } : { value: applyMask(kind, text) };
      }}
    />
  );
}
