import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime } from '../../ui/format-date';
import type { Notificacao } from './notifications.documents';
import { useMarkRead } from './use-mark-read';

/**
 * One notification: title (a link when it has one), date, product and its HTML text, sanitised. Unread ones stand
 * out (bold, a dot, a tint); opening one marks it read, and one without a link has its own "mark as read".
 */
export function NotificationItem({
  notificacao: n,
  onNavigate,
}: {
  notificacao: Notificacao;
  onNavigate?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { markRead } = useMarkRead();
  const open = () => {
    if (!n.lida) markRead(n.id);
    onNavigate?.();
  };
  const weight = n.lida ? 400 : 700;
  const html = useMemo(() => DOMPurify.sanitize(n.texto, { USE_PROFILES: { html: true } }), [n.texto]);
  const date = formatDateTime(n.data, i18n.language);
  const inApp = n.link?.startsWith('/');
  let title = (
    <Typography component="span" sx={{ fontWeight: weight }}>
      {n.titulo}
    </Typography>
  );
  if (n.link) {
    title = inApp ? (
      <Link component={RouterLink} to={n.link} onClick={open} sx={{ fontWeight: weight }}>
        {n.titulo}
      </Link>
    ) : (
      <Link href={n.link} target="_blank" rel="noopener" onClick={open} sx={{ fontWeight: weight }}>
        {n.titulo}
      </Link>
    );
  }
  return (
    <Box
      component="article"
      sx={{
        py: 1.5,
        px: 1,
        mx: -1,
        borderRadius: 1,
        // A bar, not a tint: links keep their contrast on white.
        borderLeft: 3,
        borderColor: n.lida ? 'transparent' : 'primary.main',
        color: n.lida ? 'text.secondary' : undefined,
      }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
        {!n.lida && (
          <Box
            component="span"
            aria-hidden
            sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }}
          />
        )}
        {title}
        {!n.lida && (
          <Typography component="span" variant="caption" color="primary">
            {t('notifications.unread')}
          </Typography>
        )}
        {!n.lida && !n.link && (
          <Button size="small" onClick={() => markRead(n.id)} sx={{ ml: 'auto', py: 0 }}>
            {t('notifications.markOneRead')}
          </Button>
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
