import * as audit from '../../modules/audit/audit.resolvers.js';
import * as communications from '../../modules/communications/communications.resolvers.js';
import { loaders as communicationsLoaders } from '../../modules/communications/communications.resolvers.js';
import * as library from '../../modules/library/library.resolvers.js';
import { loaders as libraryLoaders } from '../../modules/library/library.resolvers.js';
import * as menu from '../../modules/menu/menu.resolvers.js';
import * as notifications from '../../modules/notifications/notifications.resolvers.js';
import * as portal from '../../modules/portal/portal.resolvers.js';
import { loaders as productLoaders } from '../../modules/products/products.loaders.js';
import * as products from '../../modules/products/products.resolvers.js';
import * as users from '../../modules/users/users.resolvers.js';
import type { ModuleGuards } from './guards.js';

/** Every module that contributes to the API: its resolvers, guards and loaders. */
export const graphqlModules: Array<{ resolvers: Record<string, any>; guards: ModuleGuards }> = [
  audit,
  communications,
  library,
  menu,
  notifications,
  portal,
  products,
  users,
];

export const graphqlLoaders: Record<string, Record<string, any>> = {
  ...productLoaders,
  ...libraryLoaders,
  ...communicationsLoaders,
};
