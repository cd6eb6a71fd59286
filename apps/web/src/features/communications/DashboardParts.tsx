import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../ui/format-date';
import { numberFormat } from '../../ui/intl';
import { visuallyHidden } from '../../ui/visually-hidden';
import type { LeituraPorItem } from './communications.documents';

export function StatCard({ label, value }: { label: string; value: string }) {
  const headingId = useId();
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="body2" color="text.secondary" component="h2">
        {label}
      </Typography>
      <Typography variant="h4" component="p" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Paper>
  );
}

const ReadsChart = lazy(async () => ({ default: (await import('./ReadsChart')).ReadsChart }));

/**
 * Reads per day: a line chart (MUI X Charts, lazy) for the eye, and the same figures as a list for
 * assistive technology and the keyboard (the chart is `inert`: out of the tab order and the a11y tree).
 */
export function ReadsOverTime({ days }: { days: { dia: string; lidos: number }[] }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const labels = days.map((d) => formatDate(`${d.dia.slice(0, 10)}T12:00:00`, i18n.language));
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('communicationsUi.dashboard.overTime')}
      </Typography>
      {days.length === 0 ? (
        <Typography color="text.secondary">{t('communicationsUi.dashboard.noReads')}</Typography>
      ) : (
        <>
          <Box inert sx={{ height: 220 }}>
            <Suspense fallback={null}>
              <ReadsChart days={days} labels={labels} seriesLabel={t('communicationsUi.dashboard.read')} />
            </Suspense>
          </Box>
          <Box component="ul" sx={visuallyHidden}>
            {days.map((d, i) => (
              <li key={d.dia}>
                {labels[i]}: {d.lidos}
              </li>
            ))}
          </Box>
        </>
      )}
    </Paper>
  );
}

/** At 375 px the key columns (name, read, rate) stay; the recipients' count hides (issue 17 point 10). */
const mobileHidden = { display: { xs: 'none', sm: 'table-cell' } } as const;

const percent = (lidos: number, total: number, locale: string) =>
  numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(total ? lidos / total : 0);

/** One slice of the dashboard (by dealer, group, brand or user group). */
export function SliceTable({ title, rows }: { title: string; rows: LeituraPorItem[] }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  return (
    // Not a landmark itself: its scrolling table is the region named by the heading (one landmark per name).
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('communicationsUi.dashboard.empty')}</Typography>
      ) : (
        <TableContainer sx={{ maxHeight: 320 }} tabIndex={0} role="region" aria-labelledby={headingId}>
          <Table size="small" stickyHeader aria-labelledby={headingId}>
            <TableHead>
              <TableRow>
                <TableCell>{t('communicationsUi.dashboard.name')}</TableCell>
                <TableCell align="right" sx={mobileHidden}>
                  {t('communicationsUi.dashboard.recipients')}
                </TableCell>
                <TableCell align="right">{t('communicationsUi.dashboard.readCount')}</TableCell>
                <TableCell align="right">{t('communicationsUi.dashboard.rate')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell>{r.nome}</TableCell>
                  <TableCell align="right" sx={mobileHidden}>
                    {r.destinatarios}
                  </TableCell>
                  <TableCell align="right">{r.lidos}</TableCell>
                  <TableCell align="right">{percent(r.lidos, r.destinatarios, i18n.language)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}
