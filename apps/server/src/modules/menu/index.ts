import type { PortalModule } from '../../platform/module.js';
import { guards, resolvers } from './menu.resolvers.js';
import { samples } from './menu.samples.js';
import { menuSeed } from './menu.seed.js';
import { watchMenuChanges } from './menu.service.js';

/**
 * The signed-in user's menu, the user menu's extra links and the menus administration (TECSINAPSE).
 * Every instance drops its cached menu when any instance changes it (`watchMenuChanges`).
 */
export const menuModule: PortalModule = {
  name: 'menu',
  sdl: new URL('./menu.graphql', import.meta.url),
  resolvers,
  guards,
  samples,
  async jobs({ services, onClose }) {
    onClose(watchMenuChanges(services));
  },
  seed: menuSeed,
};
