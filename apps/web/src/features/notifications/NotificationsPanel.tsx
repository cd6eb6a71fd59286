import { useLazyQuery, useMutation } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { NotificationItem } from './NotificationItem';
import { MARCAR_NOTIFICACOES_COMO_VISTAS, NOTIFICACOES_MENU, type Notificacao } from './notifications.documents';
import { useMarkRead } from './use-mark-read';
import type { useUnreadCount } from './useUnreadCount';

type Props = {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
  unread: ReturnType<typeof useUnreadCount>;
};

/**
 * The bell's panel (docs/domains/notifications.md#the-bell): 420 px × 50 vh; loading, error, empty and list states;
 * recent notifications, then earlier ones; 'mark all as read' (at any time) and a link to /notificacoes. Closing it
 * with unseen items marks them seen.
 */
export function NotificationsPanel({ id, anchor, onClose, unread }: Props) {
  const { t } = useTranslation();
  const open = Boolean(anchor);
  const [load, { data, loading, error }] = useLazyQuery(NOTIFICACOES_MENU, { fetchPolicy: 'network-only' });
  const [markSeen] = useMutation(MARCAR_NOTIFICACOES_COMO_VISTAS);
  const { markAllRead, markingAll } = useMarkRead();

  useEffect(() => {
    if (!open) return;
    void load().catch(() => {
      // Shown below from `error`.
    });
  }, [open, load]);

  const list = data?.notificacoesMenu ?? [];
  const recent = list.filter((n) => n.recente);
  const earlier = list.filter((n) => !n.recente);

  const markAllSeen = async () => {
    try {
      await markSeen();
      unread.set(0);
      unread.refresh();
    } catch {
      // The badge stays; the next closing tries again.
    }
  };

  const close = () => {
    onClose();
    if (unread.count > 0 || recent.length > 0) void markAllSeen();
  };

  let body = (
    <>
      <Section title={t('notifications.recent')} items={recent} onNavigate={close} />
      <Section title={t('notifications.earlier')} items={earlier} onNavigate={close} />
    </>
  );
  if (loading && !data) {
    body = (
      <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={t('app.loading')} size={32} />
      </Box>
    );
  } else if (error && !data) {
    body = (
      <Alert severity="error" sx={{ my: 2 }}>
        {t('notifications.loadError')}
      </Alert>
    );
  } else if (list.length === 0) {
    body = (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {t('notifications.empty')}
      </Typography>
    );
  }

  return (
    <Popover
      id={id}
      open={open}
      anchorEl={anchor}
      onClose={close}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          role: 'dialog',
          'aria-labelledby': `${id}-title`,
          sx: { width: 420, maxWidth: 'calc(100vw - 16px)', height: '50vh', display: 'flex', flexDirection: 'column' },
        } as object,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1 }}>
        <Typography id={`${id}-title`} variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          {t('notifications.title')}
        </Typography>
        <Button
          size="small"
          onClick={async () => {
            await markAllRead();
            unread.set(0);
            unread.refresh();
          }}
          disabled={markingAll || (unread.count === 0 && !list.some((n) => !n.lida))}
        >
          {t('notifications.markAsRead')}
        </Button>
      </Box>
      <Divider />
      <Box sx={{ flex: 1, overflowY: 'auto', px: 2 }}>{body}</Box>
      <Divider />
      <Box sx={{ px: 2, py: 1, textAlign: 'center' }}>
        <Button component={RouterLink} to="/notificacoes" onClick={close} size="small">
          {t('notifications.seeAll')}
        </Button>
      </Box>
    </Popover>
  );
}

function Section({ title, items, onNavigate }: { title: string; items: Notificacao[]; onNavigate: () => void }) {
  if (items.length === 0) return null;
  return (
    <Box component="section" aria-label={title} sx={{ pt: 1 }}>
      <Typography variant="overline" component="h3" color="text.secondary">
        {title}
      </Typography>
      {items.map((n, i) => (
        <Box key={n.id}>
          {i > 0 && <Divider />}
          <NotificationItem notificacao={n} onNavigate={onNavigate} />
        </Box>
      ))}
    </Box>
  );
}
