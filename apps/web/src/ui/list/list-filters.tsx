import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { type Option, SelectInput } from '../form/fields';
import type { ListSort } from './use-list-params';

/** One filter of a list's toolbar: a select bound to a URL parameter ('' is "all"; an unknown value reads as ''). */
export function FilterSelect(props: {
  name: string;
  label: string;
  value: string;
  options: Option[];
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  return (
    // Wide enough for a label of two words beside the arrow ("Grupo de usuários" ran into it at 180 px).
    <Box sx={{ minWidth: { sm: 210 } }}>
      <SelectInput
        size="small"
        name={props.name}
        label={props.label}
        value={props.options.some((o) => o.value === props.value) ? props.value : ''}
        onChange={props.onChange}
        onBlur={() => {}}
        options={[{ value: '', label: t('common.all') }, ...props.options]}
      />
    </Box>
  );
}

/** The state filter every administration list has: the URL's `status` (ATIVO or INATIVO). */
export function StatusFilter(props: {
  label: string;
  value: string | undefined;
  onChange: (status: string | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <FilterSelect
      name="status"
      label={props.label}
      value={props.value ?? ''}
      onChange={(v) => props.onChange(v || null)}
      options={[
        { value: 'ATIVO', label: t('common.active') },
        { value: 'INATIVO', label: t('common.inactive') },
      ]}
    />
  );
}

/** The `status` filter as the API's `active` argument (null: both). */
export const activeOf = (status: string | undefined): boolean | null =>
  status === 'ATIVO' ? true : status === 'INATIVO' ? false : null;

/** A list's sort as the API's `ordenacao` argument: the field, '-' before it for descending. */
export const ordenacaoOf = (sort: ListSort | null): string | null =>
  sort ? `${sort.direction === 'desc' ? '-' : ''}${sort.field}` : null;

/** The address of a list's `.xlsx` export: its path with the filter's non-empty variables as parameters. */
export function exportHref(path: string, variables: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(variables))
    if (value !== null && value !== undefined && value !== '') params.set(name, String(value));
  const text = params.toString();
  return `${path}${text ? `?${text}` : ''}`;
}
