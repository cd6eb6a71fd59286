import type { Resolvers } from '../../generated/graphql.js';
import { type GraphQLContext, requireUser } from '../../platform/graphql/context.js';
import type { ModuleGuards } from '../../platform/graphql/guards.js';
import { countUnseen, listUserNotifications } from './notifications.queries.js';
import { markAllSeen } from './notifications.service.js';

export const guards: ModuleGuards = {
  Query: { notificacoesMenu: 'authenticated', countNotificacoesNaoLidas: 'authenticated' },
  Mutation: { marcarNotificacoesComoVistas: 'authenticated' },
};

export const resolvers: Resolvers = {
  Query: {
    notificacoesMenu: (_: unknown, __: unknown, ctx: GraphQLContext) =>
      listUserNotifications(ctx.services.db, requireUser(ctx).id),
    countNotificacoesNaoLidas: (_: unknown, __: unknown, ctx: GraphQLContext) =>
      countUnseen(ctx.services.database, requireUser(ctx).id),
  },
  Mutation: {
    marcarNotificacoesComoVistas: (_: unknown, __: unknown, ctx: GraphQLContext) =>
      markAllSeen(ctx.services.db, ctx.services.events, requireUser(ctx)),
  },
};
