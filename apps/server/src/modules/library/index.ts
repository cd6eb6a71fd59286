import type { PortalModule } from '../../platform/module.js';
import { startLibraryJobs } from './library.jobs.js';
import { recentFilesSessionRead } from './library.queries.js';
import { guards, loaders, resolvers } from './library.resolvers.js';
import { samples } from './library.samples.js';
import { librarySeed } from './library.seed.js';

/** The library: folders and files by user group, with a bin purged by a job (library.jobs.ts). */
export const libraryModule: PortalModule = {
  name: 'library',
  sdl: new URL('./library.graphql', import.meta.url),
  resolvers,
  guards,
  loaders,
  samples,
  jobs: startLibraryJobs,
  seed: librarySeed,
  mappers: { ItemBiblioteca: './library.queries.js#ItemRow' },
  // /home's card of recent files comes with the request's user (every /home load asks).
  sessionReads: { ultimosModificados: recentFilesSessionRead },
};
