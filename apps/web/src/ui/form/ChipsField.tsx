import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

type Props = {
  label: string;
  value: string[];
  onChange: (values: string[]) => void;
  onBlur?: () => void;
  /** Turns a typed text into a value, or answers an error text to refuse it. */
  accept?: (text: string) => { value: string } | { error: string };
  error?: string;
  helperText?: string;
  disabled?: boolean;
  /**
   * What separates values typed or pasted together (default: a comma). E-mails take `EMAIL_SEPARATORS`, so a list
   * pasted from a spreadsheet or a mail client adds each address at once.
   */
  separators?: RegExp;
};

/** `;`, `,`, spaces and new lines: how lists of e-mail addresses come. */
export const EMAIL_SEPARATORS = /[;,\s]+/;

/**
 * Free chips (tags, e-mails): typed text becomes a chip on Enter, a separator or blur; Backspace removes the last. A
 * list typed or pasted with separators adds each value it accepts at once; the ones it refuses stay in the field,
 * with the reason, to be corrected (nothing typed is lost).
 */
export function ChipsField({
  label,
  value,
  onChange,
  onBlur,
  accept,
  error,
  helperText,
  disabled,
  separators = /,/,
}: Props) {
  const [input, setInput] = useState('');
  const [refused, setRefused] = useState<string | undefined>();

  /**
   * Adds the complete parts of `text` (those before its last separator, or all of a paste); keeps the refused ones
   * and the rest in the field.
   */
  const addList = (text: string, whole = false) => {
    const parts = text.split(separators);
    const rest = whole ? '' : (parts.pop() ?? '');
    const added: string[] = [];
    const kept: string[] = [];
    let reason: string | undefined;
    for (const part of parts.map((p) => p.trim()).filter(Boolean)) {
      const result = accept ? accept(part) : { value: part };
      if ('error' in result) {
        kept.push(part);
        reason ??= result.error;
      } else if (!value.includes(result.value) && !added.includes(result.value)) added.push(result.value);
    }
    if (added.length) onChange([...value, ...added]);
    setRefused(reason);
    setInput([...kept, rest.trimStart()].filter(Boolean).join(', '));
  };

  const add = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed) return true;
    const result = accept ? accept(trimmed) : { value: trimmed };
    if ('error' in result) {
      setRefused(result.error);
      return false;
    }
    setRefused(undefined);
    if (!value.includes(result.value)) onChange([...value, result.value]);
    setInput('');
    return true;
  };

  const shownError = refused ?? error;
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[]}
      value={value}
      inputValue={input}
      disabled={disabled}
      onInputChange={(_, text, reason) => {
        if (reason === 'reset') return;
        if (separators.test(text)) {
          addList(text);
          return;
        }
        setInput(text);
        setRefused(undefined);
      }}
      onChange={(_, next, reason) => {
        if (reason === 'createOption') {
          add(String(next[next.length - 1] ?? ''));
          return;
        }
        onChange(next as string[]);
      }}
      onBlur={() => {
        add(input);
        onBlur?.();
      }}
      renderValue={(chips, getItemProps) =>
        chips.map((chip, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={chip} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          error={Boolean(shownError)}
          helperText={shownError ?? helperText}
          onPaste={(event) => {
            // Read before the input drops the pasted new lines.
            const pasted = event.clipboardData.getData('text');
            if (!separators.test(pasted)) return;
            event.preventDefault();
            addList(`${input}${pasted}`, true);
          }}
        />
      )}
    />
  );
}
