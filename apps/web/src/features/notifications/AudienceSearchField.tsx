import { useQuery } from '@apollo/client';
import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../../ui/list/ListSearch';
import { BuscaAudienciaNotificacaoDocument } from './generic-notifications.generated';

export type Option = { id: string; nome: string };

/** The value, once it stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * Users or dealers of a generic notification's audience, found by a search as you type (200 ms after the
 * last key, `buscaAudienciaNotificacao`: active ones only); each choice becomes a chip, removable.
 */
export function AudienceSearchField({
  kind,
  label,
  value,
  onChange,
  disabled,
}: {
  kind: 'usuarios' | 'dealers';
  label: string;
  value: Option[];
  onChange: (next: Option[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const busca = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const { data, loading } = useQuery(BuscaAudienciaNotificacaoDocument, {
    variables: { busca },
    skip: !busca,
    fetchPolicy: 'network-only',
  });
  const options = busca ? (data?.buscaAudienciaNotificacao[kind] ?? []) : [];
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      disabled={disabled}
      loading={loading}
      filterOptions={(o) => o}
      inputValue={text}
      onInputChange={(_, next, reason) => reason !== 'reset' && setText(next)}
      getOptionLabel={(o) => o.nome}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_, next) => {
        setText('');
        onChange(next);
      }}
      noOptionsText={t(busca ? 'genericNotifications.form.searchNone' : 'genericNotifications.form.searchType')}
      loadingText={t('genericNotifications.form.searching')}
      renderValue={(items, getItemProps) =>
        items.map((item, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={item.nome} {...itemProps} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
