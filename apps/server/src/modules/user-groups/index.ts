import type { PortalModule } from '../../platform/module.js';

/** User groups: the audience unit of the library and communications; read by those modules so far. */
export const userGroupsModule: PortalModule = { name: 'user-groups' };
