import type { PortalModule } from '../../platform/module.js';
import { guards, resolvers } from './menu.resolvers.js';
import { samples } from './menu.samples.js';

/** The signed-in user's menu and the user menu's extra links. */
export const menuModule: PortalModule = {
  name: 'menu',
  sdl: new URL('./menu.graphql', import.meta.url),
  resolvers,
  guards,
  samples,
};
