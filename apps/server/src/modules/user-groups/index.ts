import type { PortalModule } from '../../platform/module.js';
import { guards, resolvers } from './user-groups.resolvers.js';
import { samples } from './user-groups.samples.js';
import { userGroupsSeed } from './user-groups.seed.js';

/** User groups: the audience unit of the library and communications; the active ones for the forms. */
export const userGroupsModule: PortalModule = {
  name: 'user-groups',
  sdl: new URL('./user-groups.graphql', import.meta.url),
  resolvers,
  guards,
  samples,
  seed: userGroupsSeed,
};
