/*
 * The portal's service worker (docs/domains/menu-and-shell.md#installable-and-offline, decision 0035).
 *
 * - Install: precaches the app shell, the built index.html and every hashed file of this build (PRECACHE, written
 *   in by the build: apps/web/scripts/service-worker.ts), under a cache named after the build (SHELL_CACHE).
 * - Activate: drops the caches of older builds and takes over the open tabs.
 * - Pages (navigations): network first; offline, the cached shell, which routes on the client.
 * - /portalProperties and /manifest.webmanifest: network first, the last answer kept for offline starts.
 * - /assets/: cache first (hashed names never change content).
 * - /api/, /auth/, /oidc/ and everything else: never cached here (the API's data is kept by Apollo's persisted cache).
 * - Push: shows the payload's title and body with the portal's icon, keeps its url; a click focuses a portal tab
 *   and navigates it there, or opens a new window (contract in decision 0035).
 */

// PRECACHE and BUILD are defined above this line by the build.
const SHELL_CACHE = `portal-shell-${BUILD}`;
const DATA_CACHE = 'portal-shell-start';
const START_FILES = ['/portalProperties', '/manifest.webmanifest'];
const DEFAULT_ICON = '/favicon.svg';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith('portal-shell-') && name !== SHELL_CACHE && name !== DATA_CACHE)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (/^\/(api|auth|oidc)\//.test(url.pathname)) return;
    event.respondWith(networkFirst(request, SHELL_CACHE, '/'));
  } else if (START_FILES.includes(url.pathname)) {
    event.respondWith(networkFirst(request, DATA_CACHE, url.pathname));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request));
  }
});

/** The network's answer (a good one is kept under `key`), or the kept one when the network fails. */
async function networkFirst(request, cacheName, key) {
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic' && isExpected(request, response))
      await cache.put(key, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(key);
    if (kept) return markedOffline(kept);
    throw error;
  }
}

/** A kept answer, marked so the app knows it starts offline (apps/web/src/app/portal-properties.ts). */
function markedOffline(response) {
  const headers = new Headers(response.headers);
  headers.set('x-portal-offline', '1');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** A navigation keeps only the app's page (not a file the browser was sent to), the others their JSON. */
function isExpected(request, response) {
  const type = response.headers.get('content-type') || '';
  return request.mode === 'navigate' ? type.startsWith('text/html') : type.includes('json');
}

/** A hashed file from the shell's cache, else from the network (and kept). */
async function cacheFirst(request) {
  const kept = await caches.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(SHELL_CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

/** The portal's icon: the customer's favicon from the last portal properties seen, else the portal's own. */
async function portalIcon() {
  const kept = await caches.match('/portalProperties');
  if (!kept) return DEFAULT_ICON;
  try {
    const properties = await kept.json();
    return typeof properties.favicon === 'string' && properties.favicon ? properties.favicon : DEFAULT_ICON;
  } catch {
    return DEFAULT_ICON;
  }
}

/** The payload `{ title, body, url, tag }`; anything unreadable is shown as a plain notification to /notificacoes. */
function readPush(data) {
  let payload = {};
  try {
    payload = data ? data.json() : {};
  } catch {
    payload = { body: data ? data.text() : '' };
  }
  return {
    title: typeof payload.title === 'string' ? payload.title : '',
    body: typeof payload.body === 'string' ? payload.body : '',
    url: typeof payload.url === 'string' && payload.url.startsWith('/') ? payload.url : '/notificacoes',
    tag: typeof payload.tag === 'string' ? payload.tag : undefined,
  };
}

self.addEventListener('push', (event) => {
  const push = readPush(event.data);
  event.waitUntil(
    portalIcon().then((icon) =>
      self.registration.showNotification(push.title || push.body, {
        body: push.title ? push.body : '',
        icon,
        tag: push.tag,
        data: { url: push.url },
      }),
    ),
  );
});

/** Focuses a tab of the portal and navigates it to `url`, or opens a new window there. */
async function openPortalAt(url) {
  const target = new URL(url, self.location.origin).href;
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = tabs.find((client) => new URL(client.url).origin === self.location.origin);
  if (tab) {
    // Focusing needs the click's user activation; without it (or for a tab this worker does not control) the
    // navigation still happens, or a new window opens.
    await tab.focus().catch(() => {});
    return tab.navigate(target).catch(() => self.clients.openWindow(target));
  }
  return self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data?.url || '/notificacoes';
  event.waitUntil(openPortalAt(url));
});
