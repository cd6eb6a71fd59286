import type { PortalModule } from '../../platform/module.js';
import { guards, resolvers } from './user-groups.resolvers.js';
import { registerUserGroupRoutes } from './user-groups.routes.js';
import { samples } from './user-groups.samples.js';
import { userGroupsSeed } from './user-groups.seed.js';

/** User groups: the audience unit of the library and communications; their administration and its export. */
export const userGroupsModule: PortalModule = {
  name: 'user-groups',
  sdl: new URL('./user-groups.graphql', import.meta.url),
  resolvers,
  guards,
  samples,
  routes: registerUserGroupRoutes,
  seed: userGroupsSeed,
};
