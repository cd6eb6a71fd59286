import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

/** Placeholder while a page's data or code loads. */
export function LoadingView() {
  const { t } = useTranslation();
  return (
    <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 10 }}>
      <CircularProgress aria-label={t('app.loading')} />
    </Box>
  );
}
