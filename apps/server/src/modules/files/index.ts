import type { PortalModule } from '../../platform/module.js';
import { startFileJobs } from './files.jobs.js';
import { registerFileRoutes } from './files.routes.js';

/** The shared file pipeline: upload, signed downloads, the sweep of uploads never placed. */
export const filesModule: PortalModule = {
  name: 'files',
  routes: registerFileRoutes,
  jobs: startFileJobs,
};
