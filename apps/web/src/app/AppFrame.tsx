import { useQuery } from '@apollo/client';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { LOCALE_BY_IDIOMA } from '@portal/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { SignedInUserContext } from '../features/users/signed-in-user';
import { USUARIO_LOGADO } from '../features/users/users.documents';
import { CenteredMessage } from '../ui/CenteredMessage';
import { LoadingView } from '../ui/LoadingView';
import { apiErrorMessage, isUnauthenticated } from './apollo-client';
import { usePortalProperties } from './portal-properties';
import type { RouteHandle } from './router';

/**
 * The frame of every signed-in screen: top bar, `main` landmark, the signed-in user (loaded once,
 * shared through context), the interface language from the user's `idioma`, and the document title.
 * The later shell issue adds menu, breadcrumbs, bell and tour here.
 */
export function AppFrame() {
  const { t, i18n } = useTranslation();
  const portal = usePortalProperties();
  const { data, error } = useQuery(USUARIO_LOGADO);
  const user = data?.usuarioLogado;
  const locale = user ? LOCALE_BY_IDIOMA[user.idioma.id] : undefined;
  // Screens wait for the user's language only the first time, so switching later does not remount them.
  const [languageReady, setLanguageReady] = useState(false);

  useEffect(() => {
    if (!locale) return;
    void i18n.changeLanguage(locale).then(() => setLanguageReady(true));
  }, [locale, i18n]);

  useDocumentTitle(portal.name);

  let content = <LoadingView />;
  if (user && languageReady) content = <Outlet />;
  else if (error && !isUnauthenticated(error)) {
    content = <CenteredMessage title={t('error.occurred')} text={apiErrorMessage(error, t('error.internal'))} />;
  }

  return (
    <SignedInUserContext value={user ?? null}>
      <AppBar position="static" elevation={0}>
        <Toolbar>
          <Typography variant="h6" component="div" noWrap>
            {portal.name}
          </Typography>
        </Toolbar>
      </AppBar>
      <Box component="main">{content}</Box>
    </SignedInUserContext>
  );
}

/** `${portal name} - ${title of the deepest matched route}`, in the current language. */
function useDocumentTitle(portalName: string) {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = matches
    .map((m) => (m.handle as RouteHandle | undefined)?.titleKey)
    .filter(Boolean)
    .at(-1);
  const title = titleKey ? `${portalName} - ${t(titleKey)}` : portalName;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
