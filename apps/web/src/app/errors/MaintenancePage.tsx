import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredMessage } from '../../ui/CenteredMessage';

/** Shown instead of the app when the portal's properties cannot be loaded (server updating). */
export function MaintenancePage() {
  const { t } = useTranslation();
  const title = t('app.maintenanceTitle');
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <Box component="main">
      <CenteredMessage title={title} text={t('app.maintenanceText')} />
    </Box>
  );
}
