import type { PortalModule } from '../../platform/module.js';
import { guards, resolvers } from './search.resolvers.js';
import { samples } from './search.samples.js';

/** The header search across every kind (docs/domains/search.md): reads each kind through its own module. */
export const searchModule: PortalModule = {
  name: 'search',
  sdl: new URL('./search.graphql', import.meta.url),
  resolvers,
  guards,
  samples,
};
