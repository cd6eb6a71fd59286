import * as menu from '../../modules/menu/menu.resolvers.js';
import * as notifications from '../../modules/notifications/notifications.resolvers.js';
import * as portal from '../../modules/portal/portal.resolvers.js';
import { loaders as productLoaders } from '../../modules/products/products.loaders.js';
import * as users from '../../modules/users/users.resolvers.js';
import type { ModuleGuards } from './guards.js';

/** Every module that contributes to the API: its resolvers, guards and loaders. */
export const graphqlModules: Array<{ resolvers: Record<string, any>; guards: ModuleGuards }> = [
  menu,
  notifications,
  portal,
  users,
];

export const graphqlLoaders: Record<string, Record<string, any>> = { ...productLoaders };
