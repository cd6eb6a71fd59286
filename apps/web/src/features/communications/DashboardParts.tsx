import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LeituraPorItem } from './communications.documents';
import { formatDate } from './format';

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

/**
 * Reads per day as a horizontal bar list: an accessible list (each bar's day and count are text), so
 * no chart library is shipped for one small picture.
 */
export function ReadsOverTime({ days }: { days: { dia: string; lidos: number }[] }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const max = Math.max(1, ...days.map((d) => d.lidos));
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('communicationsUi.dashboard.overTime')}
      </Typography>
      {days.length === 0 ? (
        <Typography color="text.secondary">{t('communicationsUi.dashboard.noReads')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {days.map((d) => (
            <Box component="li" key={d.dia} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.25 }}>
              <Typography variant="body2" sx={{ width: 96, flex: 'none' }}>
                {formatDate(`${d.dia.slice(0, 10)}T12:00:00`, i18n.language)}
              </Typography>
              <Box sx={{ flex: 1, bgcolor: 'action.hover', borderRadius: 1, height: 16 }} aria-hidden>
                <Box
                  sx={{ width: `${(d.lidos / max) * 100}%`, bgcolor: 'primary.main', height: '100%', borderRadius: 1 }}
                />
              </Box>
              <Typography variant="body2" sx={{ width: 48, textAlign: 'right', flex: 'none' }}>
                {d.lidos}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}

const percent = (lidos: number, total: number, locale: string) =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(total ? lidos / total : 0);

/** One slice of the dashboard (by dealer, group, brand or user group). */
export function SliceTable({ title, rows }: { title: string; rows: LeituraPorItem[] }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  return (
    <Paper variant="outlined" sx={{ p: 2, height: '100%' }} component="section" aria-labelledby={headingId}>
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
                <TableCell align="right">{t('communicationsUi.dashboard.recipients')}</TableCell>
                <TableCell align="right">{t('communicationsUi.dashboard.readCount')}</TableCell>
                <TableCell align="right">{t('communicationsUi.dashboard.rate')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id}>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{r.nome}</TableCell>
                  <TableCell align="right">{r.destinatarios}</TableCell>
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
