import { matchRoute } from '@portal/domain';

/** The portal's service worker (apps/web/sw/sw-portal.js, built to the site's root). */
export const SERVICE_WORKER_URL = '/sw-portal.js';

/**
 * Registers the service worker when the page at `pathname` is a signed-in one (never on the public recovery screens:
 * decision 0035) and the browser has service workers. Resolves to the registration, or null where nothing was done.
 */
export async function registerPortalServiceWorker(
  pathname: string,
  container: Pick<ServiceWorkerContainer, 'register'> | null | undefined = navigator.serviceWorker,
): Promise<ServiceWorkerRegistration | null> {
  if (!container || matchRoute(pathname)?.public === true) return null;
  try {
    return await container.register(SERVICE_WORKER_URL, { scope: '/' });
  } catch {
    // Insecure origins, private modes that refuse workers: the portal works without one.
    return null;
  }
}
