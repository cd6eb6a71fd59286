import { useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CenteredMessage } from '../../ui/CenteredMessage';
import { MENU_USUARIO_LOGADO } from '../shell/shell.documents';

/** Sends a render error to the server log (POST /api/client-errors); failures are ignored. */
export function reportClientError(error: unknown) {
  const body = JSON.stringify({
    message: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
    stack: error instanceof Error ? error.stack : undefined,
    path: window.location.pathname + window.location.search,
  });
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon('/api/client-errors', body)) return;
    void fetch('/api/client-errors', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      keepalive: true,
    }).catch(() => {});
  } catch {
    // Reporting must never break the error page.
  }
}

/**
 * docs/domains/menu-and-shell.md#access-and-error-pages: a screen (or the frame) failed to render or to load its code.
 * The error goes to the server log; the user gets the help-desk link of the menu data and a way back. `standalone` when
 * the frame (and its `main` landmark) is not around it. Shown by an `ErrorBoundary` with the error it caught.
 */
export function OpsPage({ error, standalone = false }: { error: unknown; standalone?: boolean }) {
  const { t } = useTranslation();
  const { data } = useQuery(MENU_USUARIO_LOGADO, { fetchPolicy: 'cache-first' });
  const helpDesk = data?.menuUsuarioLogado.linkHelpTec;

  useEffect(() => {
    console.error(error);
    reportClientError(error);
  }, [error]);

  const back = () => {
    // React Router keeps the position in its history stack in history.state.idx.
    const canGoBack = ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
    // A full load of /home also fetches the current build when old chunks are gone after a deploy.
    if (canGoBack) window.history.back();
    else window.location.assign('/home');
  };

  return (
    <Box component={standalone ? 'main' : 'div'}>
      <CenteredMessage
        title={t('shell.opsTitle')}
        text={t('shell.opsText')}
        action={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'center' }}>
            <Button variant="contained" onClick={back}>
              {t('app.back')}
            </Button>
            {helpDesk && (
              <Button variant="outlined" href={helpDesk} target="_blank" rel="noopener">
                {t('shell.opsHelpDesk')}
              </Button>
            )}
          </Stack>
        }
      />
    </Box>
  );
}
