import type { RouteContext } from '../../platform/module.js';
import { cachedPortalProperties, presentPortalProperties } from './portal.queries.js';

/** `GET /portalProperties`: the web app's first request, signed out; 503 before the portal is configured. */
export function registerPortalRoutes({ app, services }: RouteContext) {
  app.get('/portalProperties', async (_request, reply) => {
    const row = await cachedPortalProperties(services.cache, services.db);
    if (!row) return reply.code(503).send({ error: 'NOT_CONFIGURED' });
    return reply.header('cache-control', 'no-cache').send(presentPortalProperties(row));
  });
}
