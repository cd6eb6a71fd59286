import type { PortalModule } from '../../platform/module.js';
import { guards, loaders, resolvers } from './library.resolvers.js';
import { samples } from './library.samples.js';

/** The library: folders and files by user group. */
export const libraryModule: PortalModule = {
  name: 'library',
  sdl: new URL('./library.graphql', import.meta.url),
  resolvers,
  guards,
  loaders,
  samples,
  mappers: { ItemBiblioteca: './library.queries.js#ItemRow' },
};
