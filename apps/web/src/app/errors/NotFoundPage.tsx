import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CenteredMessage } from '../../ui/CenteredMessage';

/** Any path without a screen. Back returns to the previous page of the portal, or to /home. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // React Router keeps the position in its history stack in history.state.idx.
  const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  return (
    <CenteredMessage
      title={t('app.notFoundTitle')}
      text={t('app.notFoundText')}
      action={
        <Button variant="contained" onClick={() => (canGoBack ? navigate(-1) : navigate('/home'))}>
          {t('app.back')}
        </Button>
      }
    />
  );
}
