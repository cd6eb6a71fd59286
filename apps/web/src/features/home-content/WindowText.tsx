import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../ui/format-date';

/**
 * A display window as 'start – end' in the interface language. Days are 'YYYY-MM-DD' of the business
 * calendar, read at noon so no time zone moves them to the day before.
 */
export function WindowText({ item }: { item: { inicioDate: string; fimDate: string } }) {
  const { t, i18n } = useTranslation();
  const day = (d: string) => formatDate(`${d}T12:00:00`, i18n.language);
  return (
    // One line where there is room; on a phone the end goes under the start.
    <Box component="span" sx={{ whiteSpace: { xs: 'normal', md: 'nowrap' } }}>
      {t('homeContent.list.windowRange', { inicio: day(item.inicioDate), fim: day(item.fimDate) })}
    </Box>
  );
}
