import type { PortalModule } from '../../platform/module.js';
import { startUserJobs } from './users.jobs.js';
import { onboardingSeenSessionRead } from './users.queries.js';
import { guards, resolvers } from './users.resolvers.js';
import { registerUserRoutes } from './users.routes.js';
import { samples } from './users.samples.js';
import { usersSeed } from './users.seed.js';

/**
 * Users: the signed-in user (usuarioLogado, language, onboarding, change password) and the users administration
 * (the list and its .xlsx export, the user form, activation; docs/domains/users.md#administration). Sign-in reaches
 * users through `userDirectory` (users.directory.ts), passed to the platform by `src/server.ts`. Its job: the
 * daily inactivity sweep (users.jobs.ts).
 */
export const usersModule: PortalModule = {
  name: 'users',
  sdl: new URL('./users.graphql', import.meta.url),
  resolvers,
  guards,
  samples,
  seed: usersSeed,
  routes: registerUserRoutes,
  jobs: startUserJobs,
  mappers: { UsuarioLogado: './users.mappers.js#LoggedUserModel' },
  // The frame asks whether the header's tour was seen on every first load of a page (with the user, one round trip).
  sessionReads: { currentUserOnboardingIsSeen: onboardingSeenSessionRead },
};
