import type { PortalModule } from '../../platform/module.js';
import { pushGuards, pushResolvers } from './notifications.push.resolvers.js';
import { pushSamples } from './notifications.push.samples.js';
import { guards, resolvers } from './notifications.resolvers.js';
import { registerNotificationRoutes } from './notifications.routes.js';
import { samples } from './notifications.samples.js';

/** Notifications: the bell, the paged list, generic notifications, the live count stream and web push. */
export const notificationsModule: PortalModule = {
  name: 'notifications',
  sdl: new URL('./notifications.graphql', import.meta.url),
  resolvers: {
    Query: { ...resolvers.Query, ...pushResolvers.Query },
    Mutation: { ...resolvers.Mutation, ...pushResolvers.Mutation },
  },
  guards: {
    Query: { ...guards.Query, ...pushGuards.Query },
    Mutation: { ...guards.Mutation, ...pushGuards.Mutation },
  },
  samples: { ...samples, ...pushSamples },
  routes: registerNotificationRoutes,
};
