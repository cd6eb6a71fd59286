/** Every table, for Drizzle's typed queries and drizzle-kit's migration generator. */
export * from '../modules/audit/audit.tables.js';
export * from '../modules/communications/communications.tables.js';
export * from '../modules/dealers/dealers.tables.js';
export * from '../modules/files/files.tables.js';
export * from '../modules/groups/groups.tables.js';
export * from '../modules/library/library.tables.js';
export * from '../modules/menu/menu.tables.js';
export * from '../modules/notifications/notifications.tables.js';
export * from '../modules/portal/portal.tables.js';
export * from '../modules/products/products.tables.js';
export * from '../modules/user-groups/user-groups.tables.js';
export * from '../modules/users/users.tables.js';
export * from './auth/auth.tables.js';
export * from './mail.tables.js';
