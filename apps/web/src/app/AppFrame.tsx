import { useQuery } from '@apollo/client';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { APPROVE_KEY, LOCALE_BY_IDIOMA, type UserType } from '@portal/domain';
import { lazy, Suspense, startTransition, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { redirectToSignIn } from '../features/auth/session';
import { ApprovalsCountProvider } from '../features/communications/approvals-count';
import { CenteredMessage } from '../ui/CenteredMessage';
import { LoadingView } from '../ui/LoadingView';
import { apiErrorMessage, isUnauthenticated } from './apollo-client';
import { FRAME } from './current-user/current-user.documents';
import { SignedInUserContext } from './current-user/signed-in-user';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { OpsPage } from './errors/OpsPage';
import type { FirstQuery } from './first-data';
import { loadFullCatalogue } from './i18n';
import { OfflineBanner } from './offline/OfflineBanner';
import { whenOfflineCache } from './offline/offline-cache-loader';
import { canPush } from './offline/push-subscription';
import { registerPortalServiceWorker } from './offline/service-worker';
import { type PortalProperties, usePortalProperties } from './portal-properties';
import { Breadcrumbs } from './shell/Breadcrumbs';
import { Header } from './shell/Header';
import { buildMenu } from './shell/menu';
import { RouteGuard } from './shell/RouteGuard';
import { parseMenus } from './shell/shell.documents';
import { useFocusHeadingOnNavigate } from './shell/use-focus-heading';
import { useSessionCheck } from './shell/use-session-check';
import { useFavicon } from './shell/useFavicon';
import { HeaderTourLoader } from './tour/HeaderTourLoader';
import { HEADER_TOUR_ID } from './tour/header-tour';
import { AfterIdle, whenIdle } from './when-idle';

// Only where the browser can push: its code (and its question to the API) stays out of the others' first load.
const PushPrompt = lazy(async () => ({ default: (await import('./offline/PushPrompt')).PushPrompt }));

/** Content max width (docs/domains/menu-and-shell.md#the-frame). */
export const CONTENT_MAX_WIDTH = 1440;

/** The frame's one query, with its variables: AppFrame runs it, and main.tsx starts it before React renders. */
export function frameFirstData(portal: PortalProperties) {
  return {
    query: FRAME,
    variables: { headerTourId: HEADER_TOUR_ID, withTour: portal.onboardingHabilitado === true },
  } satisfies FirstQuery;
}

/**
 * The frame of every signed-in screen: header (menu, search, links, language, bell, user menu),
 * breadcrumbs, `main` landmark, the route guard, the signed-in user (loaded once, shared through
 * context), the interface language from the user's `idioma`, the favicon, and the Ops page for a screen that fails
 * (each screen sets the document title).
 */
export function AppFrame({ registeredPaths }: { registeredPaths: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const portal = usePortalProperties();
  // One request: the user, the menu and whether the header's tour was seen (HeaderTourLoader reads it from the cache).
  const { data, error } = useQuery(FRAME, { variables: frameFirstData(portal).variables });
  const user = data?.usuarioLogado;
  const menuData = data?.menuUsuarioLogado;
  const locale = user ? LOCALE_BY_IDIOMA[user.idioma.id] : undefined;
  // Screens wait for the user's language only the first time, so switching later does not remount them.
  const [languageReady, setLanguageReady] = useState(false);

  useEffect(() => {
    if (!locale) return;
    // The screen's first render is a transition: React renders the header and the screen in slices, not one long task.
    const markReady = () => startTransition(() => setLanguageReady(true));
    // Already in that language (pt-BR's catalogue is bundled): changing to it would still re-render every translated part.
    if (i18n.language === locale) markReady();
    else void i18n.changeLanguage(locale).then(markReady);
  }, [locale, i18n]);

  // Signed in (this frame is never on a public screen): the portal becomes installable and keeps this user's data for
  // offline use (decision 0035). Once the browser is idle after the screen's first render: none of it is needed for
  // the first view, and on a phone it would delay it.
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    return whenIdle(() => {
      void whenOfflineCache()
        .then((cache) => cache?.claimFor(userId))
        .catch(() => {});
      if (import.meta.env.PROD) void registerPortalServiceWorker(window.location.pathname);
      // The texts of the other screens, so opening one does not wait for them (app/i18n.ts).
      loadFullCatalogue().catch(() => {});
    });
  }, [userId]);

  useFavicon(portal.favicon);
  useSessionCheck(redirectToSignIn);
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const mainLandmark = useCallback(() => mainRef.current, []);
  useFocusHeadingOnNavigate(pathname, mainLandmark);

  const menu = useMemo(
    () => (menuData ? buildMenu({ ...menuData, menus: parseMenus(menuData.menusJson) }, { registeredPaths }) : []),
    [menuData, registeredPaths],
  );
  const guardSubject = useMemo(
    () => user && { tipo: user.tipo.id as UserType, chaves: user.funcionalidades.map((f) => f.chave) },
    [user],
  );

  const ready = user && languageReady && guardSubject;
  let content = <LoadingView />;
  if (ready) {
    content = (
      <RouteGuard user={guardSubject}>
        {/* A screen that throws (or whose code fails to load) shows the Ops page in the frame until the path changes. */}
        <ErrorBoundary resetKey={pathname} fallback={(error) => <OpsPage error={error} />}>
          <Suspense fallback={<LoadingView />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      </RouteGuard>
    );
  } else if (error && !isUnauthenticated(error)) {
    content = <CenteredMessage title={t('error.occurred')} text={apiErrorMessage(error, t('error.internal'))} />;
  }

  // The approver's to-approve count, live, for the menu and the /comunicados tab (decision 0032).
  const approver = Boolean(ready && guardSubject.chaves.includes(APPROVE_KEY));
  return (
    <SignedInUserContext value={user ?? null}>
      <ApprovalsCountProvider enabled={approver}>
        {ready ? (
          <Header
            portalName={portal.name}
            user={user}
            menuData={menuData}
            menu={menu}
            notificationsEnabled={portal.notificacoesHabilitadas !== false}
          />
        ) : (
          <AppBar position="sticky" elevation={1}>
            <Toolbar>
              <Typography variant="h6" component="div" noWrap>
                {portal.name}
              </Typography>
            </Toolbar>
          </AppBar>
        )}
        <OfflineBanner />
        {ready && portal.notificacoesHabilitadas !== false && canPush() && (
          // Its code and its question to the API wait for the first view to be drawn.
          <AfterIdle>
            <Suspense fallback={null}>
              <PushPrompt />
            </Suspense>
          </AfterIdle>
        )}
        {ready && <HeaderTourLoader />}
        {ready && menuData && (
          <Breadcrumbs productName={menuData.productName} menu={menu} registeredPaths={registeredPaths} />
        )}
        <Box component="main" ref={mainRef} sx={{ maxWidth: CONTENT_MAX_WIDTH, mx: 'auto', width: '100%' }}>
          {content}
        </Box>
      </ApprovalsCountProvider>
    </SignedInUserContext>
  );
}
