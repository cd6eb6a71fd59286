import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { IDIOMAS, type Idioma } from '@portal/domain';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingView } from '../../ui/LoadingView';

const RichTextEditor = lazy(async () => ({ default: (await import('../../ui/RichTextEditor')).RichTextEditor }));

/** A version of the title and message in another language (decision 0042). */
export type Versao = { idioma: Idioma; titulo: string; mensagem: string };

/** The original and its versions as the form holds them. */
export type Idiomas = { idioma: Idioma; titulo: string; mensagem: string; traducoes: Versao[] };

/**
 * The original's language changes to `idioma`: a version in that language becomes the original and the original
 * becomes the version of its own language, so nothing typed is lost.
 */
export function changeOriginal(v: Idiomas, idioma: Idioma): Idiomas {
  if (idioma === v.idioma) return v;
  const version = v.traducoes.find((tr) => tr.idioma === idioma);
  const others = v.traducoes.filter((tr) => tr.idioma !== idioma);
  if (!version) return { ...v, idioma };
  return {
    idioma,
    titulo: version.titulo,
    mensagem: version.mensagem,
    traducoes: [...others, { idioma: v.idioma, titulo: v.titulo, mensagem: v.mensagem }],
  };
}

type Props = {
  value: Idiomas;
  onChange: (next: Idiomas) => void;
  onBlur: () => void;
  error?: string;
  disabled?: boolean;
};

/**
 * One communication, three languages (issue 17 point 6): the original's language, then a tab per other language
 * with its title and message. A version left empty is not sent; readers of that language read the original.
 */
export function LanguageVersions({ value, onChange, onBlur, error, disabled }: Props) {
  const { t } = useTranslation();
  const others = IDIOMAS.filter((i) => i !== value.idioma);
  const [tab, setTab] = useState<Idioma>(others[0]);
  const current = others.includes(tab) ? tab : others[0];
  const base = useId();
  const version = value.traducoes.find((tr) => tr.idioma === current) ?? { idioma: current, titulo: '', mensagem: '' };
  const language = t(`idioma.${current}`);
  const patch = (change: Partial<Versao>) => {
    const next = { ...version, ...change };
    onChange({ ...value, traducoes: [...value.traducoes.filter((tr) => tr.idioma !== current), next] });
  };
  return (
    <Stack spacing={2}>
      <TextField
        select
        label={t('communicationsHistory.languages.original')}
        value={value.idioma}
        onChange={(e) => onChange(changeOriginal(value, e.target.value as Idioma))}
        disabled={disabled}
      >
        {IDIOMAS.map((i) => (
          <MenuItem key={i} value={i}>
            {t(`idioma.${i}`)}
          </MenuItem>
        ))}
      </TextField>
      <Tabs
        value={current}
        onChange={(_, next: Idioma) => setTab(next)}
        aria-label={t('communicationsHistory.languages.tabs')}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {others.map((i) => (
          <Tab
            key={i}
            value={i}
            label={t(`idioma.${i}`)}
            id={`${base}-tab-${i}`}
            aria-controls={`${base}-panel-${i}`}
          />
        ))}
      </Tabs>
      <Stack
        spacing={2}
        role="tabpanel"
        id={`${base}-panel-${current}`}
        aria-labelledby={`${base}-tab-${current}`}
        key={current}
      >
        <Typography variant="body2" color="text.secondary">
          {t('communicationsHistory.languages.versionHint', { idioma: language })}
        </Typography>
        <TextField
          label={t('communicationsHistory.field.traducao.titulo', { idioma: language })}
          value={version.titulo}
          onChange={(e) => patch({ titulo: e.target.value })}
          onBlur={onBlur}
          disabled={disabled}
          fullWidth
        />
        <Suspense fallback={<LoadingView />}>
          <RichTextEditor
            label={t('communicationsHistory.field.traducao.mensagem', { idioma: language })}
            value={version.mensagem}
            onChange={(mensagem) => patch({ mensagem })}
            onBlur={onBlur}
            disabled={disabled}
          />
        </Suspense>
        {error && (
          <Typography variant="body2" color="error" role="alert">
            {error}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
