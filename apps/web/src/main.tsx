import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createApolloClient } from './app/apollo-client';
import { startFirstData } from './app/first-data';
import { setPortalLabels } from './app/i18n';
import { watchDisplayMode } from './app/offline/display-mode';
import { isOffline } from './app/offline/network-status';
import { setOfflineCacheTarget, whenOfflineCache } from './app/offline/offline-cache-loader';
import { fetchPortalProperties } from './app/portal-properties';
import { firstDataOf, preloadScreen } from './app/router';
import { redirectToSignIn } from './features/auth/session';
import { installLeaveGuard } from './ui/form/leave-guard';

// After a deploy, an open tab asks for chunks of the old build, which are gone: load the new build
// (once a minute at most, so a chunk that is really missing ends on the Ops page, not in a loop).
const RELOADED_AT = 'portal-reloaded-for-chunk';
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
  if (Date.now() - last < 60_000) return;
  event.preventDefault();
  sessionStorage.setItem(RELOADED_AT, String(Date.now()));
  window.location.reload();
});

// Before the router mounts: its back/forward listener must come after the guard's.
installLeaveGuard();
watchDisplayMode();
const root = createRoot(document.getElementById('root')!);
preloadScreen(window.location.pathname);

// A transition: React renders the providers and the frame in slices, not in one task that blocks input.
void fetchPortalProperties().then(async (portalProperties) => {
  setPortalLabels(portalProperties);
  const client = createApolloClient(redirectToSignIn);
  // Offline, the last data seen is loaded into the cache before anything renders (decision 0035).
  setOfflineCacheTarget(client.cache);
  if (isOffline())
    await whenOfflineCache()
      .then((cache) => cache?.restore())
      .catch(() => {});
  // The frame's data and the screen's go now, as one request, while React renders the providers.
  if (portalProperties) startFirstData(client, firstDataOf(window.location.pathname, portalProperties));
  startTransition(() =>
    root.render(
      <StrictMode>
        <App portalProperties={portalProperties} client={client} />
      </StrictMode>,
    ),
  );
});
