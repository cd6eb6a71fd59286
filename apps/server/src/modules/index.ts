import type { PortalModule } from '../platform/module.js';
import { auditModule } from './audit/index.js';
import { communicationsModule } from './communications/index.js';
import { dealersModule } from './dealers/index.js';
import { filesModule } from './files/index.js';
import { groupsModule } from './groups/index.js';
import { homeContentModule } from './home-content/index.js';
import { libraryModule } from './library/index.js';
import { menuModule } from './menu/index.js';
import { newsModule } from './news/index.js';
import { notificationsModule } from './notifications/index.js';
import { portalModule } from './portal/index.js';
import { productsModule } from './products/index.js';
import { searchModule } from './search/index.js';
import { userGroupsModule } from './user-groups/index.js';
import { userImportModule } from './user-import/index.js';
import { usersModule } from './users/index.js';

/** Every module of the portal, wired in this order (decision 0010): a new module adds its import and one entry. */
export const portalModules: PortalModule[] = [
  auditModule,
  communicationsModule,
  dealersModule,
  filesModule,
  groupsModule,
  homeContentModule,
  libraryModule,
  menuModule,
  newsModule,
  notificationsModule,
  portalModule,
  productsModule,
  searchModule,
  userGroupsModule,
  userImportModule,
  usersModule,
];
