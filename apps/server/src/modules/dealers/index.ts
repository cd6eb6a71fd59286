import type { PortalModule } from '../../platform/module.js';

/** Dealers and brands: tables only so far (their administration comes with its issue). */
export const dealersModule: PortalModule = { name: 'dealers' };
