import type { PortalModule } from '../../platform/module.js';
import { dealersSeed } from './dealers.seed.js';

/** Dealers and brands: creation (`dealers.service.ts`) and the demo's; their administration comes with its issue. */
export const dealersModule: PortalModule = { name: 'dealers', seed: dealersSeed };
