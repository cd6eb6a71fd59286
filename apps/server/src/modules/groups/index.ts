import type { PortalModule } from '../../platform/module.js';
import { guards, resolvers } from './groups.resolvers.js';
import { registerGroupRoutes } from './groups.routes.js';
import { samples } from './groups.samples.js';
import { groupsSeed } from './groups.seed.js';

/**
 * Dealer groups (docs/domains/organisation.md#dealer-groups): the administration's list, page,
 * save, the inactivation cascade and reactivation, and the list's .xlsx export.
 */
export const groupsModule: PortalModule = {
  name: 'groups',
  sdl: new URL('./groups.graphql', import.meta.url),
  resolvers,
  guards,
  samples,
  routes: registerGroupRoutes,
  seed: groupsSeed,
  mappers: { Grupo: './groups.queries.js#DealerGroupRow' },
};
