import type { PortalModule } from '../../platform/module.js';
import { guards, resolvers } from './home-content.resolvers.js';
import { samples } from './home-content.samples.js';
import { homeContentSeed } from './home-content.seed.js';
import { watchHomeContentChanges } from './home-content.service.js';

/**
 * What /home shows besides communications and files (docs/domains/home.md): the slides of the banner and
 * the ads beside it, for the user groups and display window each names, with their administration
 * (PORTAL_MANUTENCAO_SLIDES, PORTAL_MANUTENCAO_ANUNCIOS). One module for both: the same window, groups,
 * image and administration; only a slide's texts differ.
 */
export const homeContentModule: PortalModule = {
  name: 'home-content',
  sdl: new URL('./home-content.graphql', import.meta.url),
  resolvers,
  guards,
  samples,
  async jobs({ services, onClose }) {
    onClose(watchHomeContentChanges(services));
  },
  seed: homeContentSeed,
};
