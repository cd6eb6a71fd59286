import type { PortalModule } from '../../platform/module.js';

/** Dealer groups: the inactivation cascade (`groups.service.ts`); no API yet. */
export const groupsModule: PortalModule = { name: 'groups' };
