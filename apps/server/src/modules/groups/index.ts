import type { PortalModule } from '../../platform/module.js';
import { groupsSeed } from './groups.seed.js';

/** Dealer groups: creation and the inactivation cascade (`groups.service.ts`); no API yet. */
export const groupsModule: PortalModule = { name: 'groups', seed: groupsSeed };
