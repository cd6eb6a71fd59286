import TextField from '@mui/material/TextField';
import { useEffect, useRef, useState } from 'react';

/** Search waits this long after the last key before asking the server (docs/domains/screens-and-forms.md#lists). */
export const SEARCH_DEBOUNCE_MS = 200;

/** The list's search box: local text, handed on once typing pauses; follows the URL on back/forward. */
export function ListSearch({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    setLastValue(value);
    if (value !== text.trim()) setText(value);
  }

  // The latest callback, so that a re-render of the list does not restart the wait.
  const search = useRef(onSearch);
  search.current = onSearch;
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => search.current(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <TextField
      size="small"
      type="search"
      label={label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      // At most 360 px beside a list's filters, which take the rest of the row.
      sx={{ minWidth: { sm: 240 }, maxWidth: { sm: 360 } }}
      fullWidth
    />
  );
}
