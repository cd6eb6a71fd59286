import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { AuditoriaLinhaFragment } from './audit.generated';

type Change = AuditoriaLinhaFragment['diferencas'][number];

/** A field's name in the reader's language where the catalogue names it (each part of a dotted path), else raw. */
export function useFieldLabel() {
  const { t, i18n } = useTranslation();
  return (campo: string) =>
    campo
      .split('.')
      .map((part) => (i18n.exists(`audit.campo.${part}`) ? t(`audit.campo.${part}`) : part))
      .join(' › ');
}

/** The difference of one audit row: one line per changed field, "field: before → after"; a secret only named. */
export function AuditChanges({ changes }: { changes: readonly Change[] }) {
  const { t } = useTranslation();
  const label = useFieldLabel();
  if (!changes.length)
    return (
      <Typography variant="body2" color="text.secondary">
        {t('audit.noChanges')}
      </Typography>
    );
  return (
    <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', overflowWrap: 'anywhere' }}>
      {changes.map((c) => (
        <Typography component="li" variant="body2" key={c.campo}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {label(c.campo)}
          </Box>
          {': '}
          {c.secreto ? (
            <Box component="em">{t('audit.secret')}</Box>
          ) : (
            <>
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {c.antes ?? t('audit.empty')}
              </Box>
              {' → '}
              <span>{c.depois ?? t('audit.empty')}</span>
            </>
          )}
        </Typography>
      ))}
    </Box>
  );
}
