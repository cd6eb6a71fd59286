import type { PortalModule } from '../../platform/module.js';
import { guards, resolvers } from './dealers.resolvers.js';
import { registerDealerRoutes } from './dealers.routes.js';
import { samples } from './dealers.samples.js';
import { dealersSeed } from './dealers.seed.js';

/**
 * Dealers and brands (docs/domains/organisation.md): their administration (PORTAL_MANUTENCAO_DEALERS_GRUPO),
 * the dealers list's .xlsx export, the actions other modules call (the group inactivation's part) and
 * the demo's dealers and brands.
 */
export const dealersModule: PortalModule = {
  name: 'dealers',
  sdl: new URL('./dealers.graphql', import.meta.url),
  resolvers,
  guards,
  samples,
  mappers: { Dealer: './dealers.mappers.js#DealerModel' },
  routes: registerDealerRoutes,
  seed: dealersSeed,
};
