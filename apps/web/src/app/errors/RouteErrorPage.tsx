import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { CenteredMessage } from '../../ui/CenteredMessage';

/** Last resort when a screen throws or its code cannot be loaded (e.g. after a deploy). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <Box component="main">
      <CenteredMessage
        title={t('error.occurred')}
        action={
          // A full load: fetches the current build if the old chunks are gone.
          <Button variant="contained" href="/home">
            {t('app.back')}
          </Button>
        }
      />
    </Box>
  );
}
