import type { PortalModule } from '../../platform/module.js';
import { guards, resolvers } from './notifications.resolvers.js';
import { registerNotificationRoutes } from './notifications.routes.js';
import { samples } from './notifications.samples.js';

/** Notifications: the bell, the paged list, generic notifications and the live count stream. */
export const notificationsModule: PortalModule = {
  name: 'notifications',
  sdl: new URL('./notifications.graphql', import.meta.url),
  resolvers,
  guards,
  samples,
  routes: registerNotificationRoutes,
};
