import type { PortalModule } from '../../platform/module.js';
import { startFileJobs } from './files.jobs.js';
import { registerFileRoutes } from './files.routes.js';
import { startTextJobs } from './files.text-jobs.js';

/** The shared file pipeline: upload, signed downloads, the sweep of uploads never placed, the text of files for search. */
export const filesModule: PortalModule = {
  name: 'files',
  routes: registerFileRoutes,
  jobs: async (context) => {
    await startFileJobs(context);
    await startTextJobs(context);
  },
};
