import type { PortalModule } from '../../platform/module.js';
import { guards, resolvers } from './portal.resolvers.js';
import { registerPortalRoutes } from './portal.routes.js';
import { samples } from './portal.samples.js';
import { portalSeed } from './portal.seed.js';

/** The portal's properties: name, theme, labels (GraphQL and the signed-out `GET /portalProperties`). */
export const portalModule: PortalModule = {
  name: 'portal',
  sdl: new URL('./portal.graphql', import.meta.url),
  resolvers,
  guards,
  samples,
  seed: portalSeed,
  routes: registerPortalRoutes,
};
