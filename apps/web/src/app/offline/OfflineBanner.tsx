import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useOffline } from './network-status';

/**
 * Says the portal is offline and showing the last data it loaded (decision 0035). A status, not an alert: it is
 * announced politely, once, and stays until the connection is back. Plain box (no MUI Alert): it is in every page's
 * first JavaScript.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const offline = useOffline();
  if (!offline) return null;
  return (
    <Box
      role="status"
      sx={{ bgcolor: 'warning.dark', color: 'warning.contrastText', px: 3, py: 1, typography: 'body2' }}
    >
      {t('shell.offline')}
    </Box>
  );
}
