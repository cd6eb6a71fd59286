import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../ui/format-date';
import { visuallyHidden } from '../../ui/visually-hidden';
import type { AlteracaoComunicado, EventoHistorico } from './communications.documents';
import { comunicadoUrls } from './format';

// The history of a communication and the approver's difference (issue 17 point 2, decision 0041).

const DATE_FIELDS = new Set(['dataInicioExibicao', 'dataFimExibicao']);
const TEXT_FIELDS = new Set(['titulo', 'mensagem', 'traducao.titulo', 'traducao.mensagem']);

/** Every step, oldest first: what, who (or the system), when, and the reason, schedule, count or errata it adds. */
export function HistoryList({ historico }: { historico: EventoHistorico[] }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  return (
    <Box component="section" aria-labelledby={headingId} data-testid="history">
      <Typography id={headingId} variant="subtitle2" component="h2">
        {t('communicationsHistory.history.title')}
      </Typography>
      {historico.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('communicationsHistory.history.empty')}
        </Typography>
      ) : (
        <List dense>
          {historico.map((h) => (
            <ListItem key={h.id} disableGutters sx={{ display: 'block' }}>
              <ListItemText
                primary={`${h.descricao} · ${h.usuario?.nome ?? t('communicationsHistory.history.system')}`}
                secondary={when(h.data)}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere', fontWeight: 500 } } }}
              />
              {h.motivo && (
                <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  <strong>
                    {t(
                      h.evento === 'ERRATA'
                        ? 'communicationsHistory.history.justification'
                        : 'communicationsHistory.history.reason',
                    )}
                    :
                  </strong>{' '}
                  {h.motivo}
                </Typography>
              )}
              {h.dataHoraAgendamento && (
                <Typography variant="body2">
                  {t('communicationsHistory.history.scheduledFor', { data: when(h.dataHoraAgendamento) })}
                </Typography>
              )}
              {h.destinatarios !== null && h.destinatarios !== undefined && (
                <Typography variant="body2">
                  {t('communicationsHistory.history.recipients', { count: h.destinatarios })}
                </Typography>
              )}
              {h.idErrata && (
                <Link component={RouterLink} to={comunicadoUrls.visualizar(h.idErrata)} variant="body2">
                  {t('communicationsHistory.history.openErrata')}
                </Link>
              )}
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

/** One part of a difference: kept text as is, added text underlined in green, removed struck through in red. */
function Part({ tipo, texto, date }: { tipo: string; texto: string; date: boolean }) {
  const { t, i18n } = useTranslation();
  const shown = date ? formatDateTime(texto, i18n.language) : texto;
  if (tipo === 'IGUAL') return <span>{shown}</span>;
  const added = tipo === 'ADICIONADO';
  return (
    <Box
      component={added ? 'ins' : 'del'}
      sx={{
        color: added ? 'success.dark' : 'error.dark',
        backgroundColor: added ? 'rgba(46, 125, 50, 0.12)' : 'rgba(211, 47, 47, 0.12)',
        px: 0.25,
        borderRadius: 0.5,
      }}
    >
      <Box component="span" sx={visuallyHidden}>
        {t(added ? 'communicationsHistory.changes.added' : 'communicationsHistory.changes.removed')}:{' '}
      </Box>
      {shown}
    </Box>
  );
}

/** A changed field: text word by word in one paragraph; lists and dates item by item. */
function Change({ change }: { change: AlteracaoComunicado }) {
  const { t } = useTranslation();
  const idioma = change.idioma ? t(`idioma.${change.idioma}`) : '';
  const label = t(`communicationsHistory.field.${change.campo}`, { idioma });
  const date = DATE_FIELDS.has(change.campo);
  return (
    <Box component="li" sx={{ mb: 1.5 }}>
      <Typography variant="body2" component="h3" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      {TEXT_FIELDS.has(change.campo) ? (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          {change.partes.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one difference never reorder.
            <span key={i}>
              {i > 0 && ' '}
              <Part tipo={p.tipo} texto={p.texto} date={false} />
            </span>
          ))}
        </Typography>
      ) : (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
          {change.partes.map((p) => (
            <Typography key={`${p.tipo}:${p.texto}`} variant="body2" component="span">
              <Part tipo={p.tipo} texto={p.texto} date={date} />
            </Typography>
          ))}
        </Stack>
      )}
    </Box>
  );
}

/**
 * What changed since the rejected version (the approver's view of a resubmission): the last rejection's reason, then
 * each changed field as a readable difference.
 */
export function ChangesSinceRejection({
  alteracoes,
  historico,
}: {
  alteracoes: AlteracaoComunicado[];
  historico: EventoHistorico[];
}) {
  const { t, i18n } = useTranslation();
  const rejection = [...historico].reverse().find((h) => h.evento === 'REJEICAO');
  return (
    <Alert
      severity="info"
      icon={false}
      data-testid="changes-since-rejection"
      sx={{ '& .MuiAlert-message': { width: '100%' } }}
    >
      <AlertTitle component="h2" sx={{ fontSize: '1rem' }}>
        {t('communicationsHistory.changes.title')}
      </AlertTitle>
      {rejection && (
        <Typography variant="body2" sx={{ mb: 1.5, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
          <strong>{t('communicationsHistory.changes.lastRejection')}</strong> (
          {rejection.usuario?.nome ?? t('communicationsHistory.history.system')},{' '}
          {formatDateTime(rejection.data, i18n.language)}): {rejection.motivo}
        </Typography>
      )}
      {alteracoes.length === 0 ? (
        <Typography variant="body2">{t('communicationsHistory.changes.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {alteracoes.map((c) => (
            <Change key={`${c.campo}:${c.idioma ?? ''}`} change={c} />
          ))}
        </Box>
      )}
    </Alert>
  );
}
