import { useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import { LINK_TARGETS } from '@portal/domain';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput, SelectInput, TextInput } from '../../ui/form/fields';
import { MultiSelectInput } from '../../ui/form/MultiSelectInput';
import type { FieldBinding } from '../../ui/form/use-zod-form';
import { GruposConteudoHomeDocument } from './home-content.generated';
import type { CommonValues } from './home-content-values';

/** The form's `bind` for the shared fields (a slide's form binds more; its values hold these too). */
export type CommonBind = <K extends keyof CommonValues & string>(field: K) => FieldBinding<CommonValues[K]>;

type Props = {
  bind: CommonBind;
  values: CommonValues;
  /** Today in the business calendar: the first day the start may take. */
  today: string;
  /** The stored start of an edited item: it may stay, even if past. */
  keptStart?: string;
  /** The groups the item names already, listed even when no longer active. */
  storedGroups?: readonly { id: string; nome: string }[];
  /** A slide's texts, placed under the title. */
  texts?: ReactNode;
};

const NONE: readonly { id: string; nome: string }[] = [];
const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;

/**
 * The fields slides and ads share (docs/domains/home.md#the-form-rules): title, link and where it
 * opens, the display window (days; the date rules show on their field) and the user groups.
 */
export function CommonFields({ bind, values, today, keptStart, storedGroups = NONE, texts }: Props) {
  const { t } = useTranslation();
  const active = useQuery(GruposConteudoHomeDocument).data?.gruposUsuariosAtivos;
  // One array while the answer stays the same: a new one would clear what is typed in the search.
  const options = useMemo(() => {
    const groups = active ?? [];
    const kept = storedGroups.filter((s) => !groups.some((g) => g.id === s.id));
    return [...groups, ...kept].map((g) => ({ value: g.id, label: g.nome }));
  }, [active, storedGroups]);
  const startMin = keptStart && keptStart < today ? undefined : today;
  return (
    <Box sx={GRID}>
      <Box sx={{ gridColumn: { md: '1 / -1' } }}>
        <TextInput label={t('homeContent.field.titulo')} required {...bind('titulo')} />
      </Box>
      {texts}
      <TextInput label={t('homeContent.field.link')} {...bind('link')} helperText={t('homeContent.field.linkHelp')} />
      <SelectInput
        label={t('homeContent.field.linkTarget')}
        {...bind('linkTarget')}
        options={LINK_TARGETS.map((v) => ({ value: v, label: t(`homeContent.field.${v}`) }))}
      />
      <DateInput label={t('homeContent.field.inicioDate')} required min={startMin} {...bind('inicioDate')} />
      <DateInput
        label={t('homeContent.field.fimDate')}
        required
        min={values.inicioDate || startMin}
        {...bind('fimDate')}
        helperText={t('homeContent.field.windowHelp')}
      />
      <Box sx={{ gridColumn: { md: '1 / -1' } }}>
        <MultiSelectInput label={t('homeContent.field.grupos')} required {...bind('grupos')} options={options} />
      </Box>
    </Box>
  );
}
