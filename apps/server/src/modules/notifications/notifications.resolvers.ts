import type { Resolvers } from '../../generated/graphql.js';
import { badInput, notFound } from '../../platform/errors.js';
import { type GraphQLContext, requireUser } from '../../platform/graphql/context.js';
import type { ModuleGuards } from '../../platform/graphql/guards.js';
import {
  countUnseen,
  findUserNotification,
  listUserNotifications,
  pageUserNotifications,
} from './notifications.queries.js';
import {
  type GenericNotificationInput,
  markAllSeen,
  markRead,
  sendGenericNotification,
} from './notifications.service.js';

export const guards: ModuleGuards = {
  Query: {
    notificacoesMenu: 'authenticated',
    countNotificacoesNaoLidas: 'authenticated',
    notificacoes: 'authenticated',
  },
  Mutation: {
    marcarNotificacoesComoVistas: 'authenticated',
    marcarNotificacaoComoLida: 'authenticated',
    enviarNotificacaoGenerica: { keys: ['PORTAL_NOTIFICACOES_GENERICAS'] },
  },
};

export const resolvers: Resolvers = {
  Query: {
    notificacoesMenu: (_: unknown, __: unknown, ctx: GraphQLContext) =>
      listUserNotifications(ctx.services.db, requireUser(ctx).id),
    countNotificacoesNaoLidas: (_: unknown, __: unknown, ctx: GraphQLContext) =>
      countUnseen(ctx.services.database, requireUser(ctx).id),
    notificacoes: (_: unknown, args: { page: number; rowsPerPage: number }, ctx: GraphQLContext) => {
      if (!Number.isInteger(args.page) || args.page < 0) throw badInput({ page: 'validation.invalid' });
      if (!Number.isInteger(args.rowsPerPage) || args.rowsPerPage < 1 || args.rowsPerPage > 100) {
        throw badInput({ rowsPerPage: 'validation.invalid' });
      }
      return pageUserNotifications(ctx.services.db, requireUser(ctx).id, args);
    },
  },
  Mutation: {
    enviarNotificacaoGenerica: (_: unknown, args: { notificacao: GenericNotificationInput }, ctx: GraphQLContext) =>
      sendGenericNotification(ctx.services.db, ctx.services.events, requireUser(ctx), args.notificacao),
    marcarNotificacoesComoVistas: (_: unknown, __: unknown, ctx: GraphQLContext) =>
      markAllSeen(ctx.services.db, ctx.services.events, requireUser(ctx)),
    marcarNotificacaoComoLida: async (_: unknown, args: { id: string }, ctx: GraphQLContext) => {
      const user = requireUser(ctx);
      const id = await markRead(ctx.services.db, ctx.services.events, user, args.id);
      const row = await findUserNotification(ctx.services.db, user.id, id);
      if (!row) throw notFound();
      return row;
    },
  },
};
