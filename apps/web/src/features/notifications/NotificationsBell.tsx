import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BellIcon } from '../../app/shell/icons';
import { useUnreadCount } from './useUnreadCount';

/** Loaded when first opened (with DOMPurify): keeps /home's initial JavaScript small. */
const NotificationsPanel = lazy(async () => ({ default: (await import('./NotificationsPanel')).NotificationsPanel }));

const BADGE_MAX = 99;

/**
 * The header's bell (docs/domains/notifications.md#the-bell): the unread badge, live, and the panel of the latest
 * notifications.
 */
export function NotificationsBell() {
  const { t } = useTranslation();
  const panelId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [loaded, setLoaded] = useState(false);
  const unread = useUnreadCount();
  if (anchor && !loaded) setLoaded(true);
  // The name holds the badge's own text ("99+" past 99), so a voice user saying what they see reaches the button.
  const shown = unread.count > BADGE_MAX ? `${BADGE_MAX}+` : String(unread.count);
  const label =
    unread.count > 0 ? t('notifications.bellUnread', { count: unread.count, shown }) : t('notifications.bell');

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? panelId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={unread.count} color="error" max={BADGE_MAX} invisible={unread.count <= 0}>
          <BellIcon />
        </Badge>
      </IconButton>
      {loaded && (
        <Suspense fallback={null}>
          <NotificationsPanel id={panelId} anchor={anchor} onClose={() => setAnchor(null)} unread={unread} />
        </Suspense>
      )}
    </>
  );
}
