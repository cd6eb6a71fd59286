import { themePrimary } from '@portal/domain';
import type { RouteContext } from '../../platform/module.js';
import { cachedPortalProperties, type PortalPropertiesRow, presentPortalProperties } from './portal.queries.js';

/** `GET /portalProperties`: the web app's first request, signed out; 503 before the portal is configured. */
export function registerPortalRoutes({ app, services }: RouteContext) {
  app.get('/portalProperties', async (_request, reply) => {
    const row = await cachedPortalProperties(services.cache, services.db);
    if (!row) return reply.code(503).send({ error: 'NOT_CONFIGURED' });
    return reply.header('cache-control', 'no-cache').send(presentPortalProperties(row));
  });

  // The web manifest (installable portal, decision 0035): the customer's name, theme colour and icon.
  app.get('/manifest.webmanifest', async (_request, reply) => {
    const row = await cachedPortalProperties(services.cache, services.db);
    if (!row) return reply.code(503).send({ error: 'NOT_CONFIGURED' });
    return reply
      .header('cache-control', 'no-cache')
      .type('application/manifest+json; charset=utf-8')
      .send(webManifest(row));
  });
}

/** The portal's own icon (apps/web/public/favicon.svg), always listed: a customer's favicon may be too small. */
const PORTAL_ICON = { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' };

/**
 * The web manifest of the portal as the customer configured it: opens standalone at /home, coloured by the theme
 * variant, with the customer's favicon first when there is one.
 */
export function webManifest(row: PortalPropertiesRow) {
  const color = themePrimary(row.theme);
  return {
    id: '/',
    name: row.name,
    short_name: row.name,
    start_url: '/home',
    scope: '/',
    display: 'standalone',
    theme_color: color,
    background_color: '#ffffff',
    icons: row.favicon ? [{ src: row.favicon, sizes: 'any', purpose: 'any' }, PORTAL_ICON] : [PORTAL_ICON],
  };
}
