import type { PortalModule } from '../../platform/module.js';
import { guards, resolvers } from './users.resolvers.js';
import { samples } from './users.samples.js';
import { usersSeed } from './users.seed.js';

/**
 * Users: the signed-in user (usuarioLogado, language, onboarding, change password). Sign-in reaches
 * users through `userDirectory` (users.directory.ts), passed to the platform by `src/server.ts`.
 */
export const usersModule: PortalModule = {
  name: 'users',
  sdl: new URL('./users.graphql', import.meta.url),
  resolvers,
  guards,
  samples,
  seed: usersSeed,
};
