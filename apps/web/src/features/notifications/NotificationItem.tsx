import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../ui/format-date';
import type { Notificacao } from './notifications.documents';

/** One notification: title (a link when it has one), date, product and its HTML text, sanitised. */
export function NotificationItem({
  notificacao: n,
  onNavigate,
}: {
  notificacao: Notificacao;
  onNavigate?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const html = useMemo(() => DOMPurify.sanitize(n.texto, { USE_PROFILES: { html: true } }), [n.texto]);
  const date = formatDateTime(n.data, i18n.language);
  const inApp = n.link?.startsWith('/');
  let title = (
    <Typography component="span" sx={{ fontWeight: 600 }}>
      {n.titulo}
    </Typography>
  );
  if (n.link) {
    title = inApp ? (
      <Link component={RouterLink} to={n.link} onClick={onNavigate} sx={{ fontWeight: 600 }}>
        {n.titulo}
      </Link>
    ) : (
      <Link href={n.link} target="_blank" rel="noopener" sx={{ fontWeight: 600 }}>
        {n.titulo}
      </Link>
    );
  }
  return (
    <Box component="article" sx={{ py: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
        {title}
        {!n.lida && (
          <Typography component="span" variant="caption" color="primary">
            {t('notifications.unread')}
          </Typography>
        )}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {[date, n.produto].filter(Boolean).join(' · ')}
      </Typography>
      <Typography
        component="div"
        variant="body2"
        sx={{ overflowWrap: 'anywhere', '& p': { my: 0.5 } }}
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised with DOMPurify above (docs/domains/notifications.md#a-notification).
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </Box>
  );
}
