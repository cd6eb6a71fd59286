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
};

/** Free chips (tags, e-mails): typed text becomes a chip on Enter, comma or blur; Backspace removes the last. */
export function ChipsField({ label, value, onChange, onBlur, accept, error, helperText, disabled }: Props) {
  const [input, setInput] = useState('');
  const [refused, setRefused] = useState<string | undefined>();

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
        if (text.endsWith(',')) add(text.slice(0, -1));
        else setInput(text);
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
        <TextField {...params} label={label} error={Boolean(shownError)} helperText={shownError ?? helperText} />
      )}
    />
  );
}
