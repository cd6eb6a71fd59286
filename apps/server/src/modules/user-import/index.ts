import type { PortalModule } from '../../platform/module.js';
import { startUserImportJobs } from './user-import.jobs.js';
import { guards, resolvers } from './user-import.resolvers.js';
import { registerUserImportRoutes } from './user-import.routes.js';
import { samples } from './user-import.samples.js';

/**
 * Bulk user import from .xlsx (docs/domains/user-import.md): the upload, the job that checks and imports the file
 * through the users module's batch action, the progress, the template and the error report. It owns the imports'
 * rows; the users are the users module's.
 */
export const userImportModule: PortalModule = {
  name: 'user-import',
  sdl: new URL('./user-import.graphql', import.meta.url),
  resolvers,
  guards,
  samples,
  routes: registerUserImportRoutes,
  jobs: startUserImportJobs,
};
