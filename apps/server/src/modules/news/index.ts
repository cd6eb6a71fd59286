import type { PortalModule } from '../../platform/module.js';
import { guards, resolvers } from './news.resolvers.js';
import { samples } from './news.samples.js';

/**
 * "My news" (docs/domains/news.md): what is new for the signed-in user since their last visit, read
 * from the communications, library and notifications modules; it owns only the per-user marker.
 */
export const newsModule: PortalModule = {
  name: 'news',
  sdl: new URL('./news.graphql', import.meta.url),
  resolvers,
  guards,
  samples,
};
