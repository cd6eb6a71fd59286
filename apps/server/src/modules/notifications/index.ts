import { sql } from 'drizzle-orm';
import { sqlText } from '../../platform/db.js';
import type { PortalModule } from '../../platform/module.js';
import { startGenericNotificationJobs } from './notifications.generic.js';
import { startPushJobs } from './notifications.push.jobs.js';
import { pushGuards, pushResolvers } from './notifications.push.resolvers.js';
import { pushSamples } from './notifications.push.samples.js';
import { unseenCountSql } from './notifications.queries.js';
import { guards, resolvers } from './notifications.resolvers.js';
import { registerNotificationRoutes } from './notifications.routes.js';
import { samples } from './notifications.samples.js';
import { genericGuards, genericResolvers, genericSamples } from './notifications-generic.resolvers.js';

/** Notifications: the bell, the paged list, generic notifications and templates, the live count stream and web push. */
export const notificationsModule: PortalModule = {
  name: 'notifications',
  sdl: [
    new URL('./notifications.graphql', import.meta.url),
    new URL('./notifications-generic.graphql', import.meta.url),
  ],
  resolvers: {
    ...genericResolvers,
    Notificacao: resolvers.Notificacao,
    Query: { ...resolvers.Query, ...pushResolvers.Query, ...genericResolvers.Query },
    Mutation: { ...resolvers.Mutation, ...pushResolvers.Mutation, ...genericResolvers.Mutation },
  },
  guards: {
    Query: { ...guards.Query, ...pushGuards.Query, ...genericGuards.Query },
    Mutation: { ...guards.Mutation, ...pushGuards.Mutation, ...genericGuards.Mutation },
  },
  samples: { ...samples, ...pushSamples, ...genericSamples },
  // The bell's count comes with the request's user (the shell asks for it on every page).
  sessionReads: { countNotificacoesNaoLidas: (refs) => sqlText(unseenCountSql(sql.raw(refs.user))) },
  routes: registerNotificationRoutes,
  // The scheduled generic notifications and the web push sender.
  jobs: async (context) => {
    await startGenericNotificationJobs(context);
    await startPushJobs(context);
  },
};
