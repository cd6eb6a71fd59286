import type { NotificacaoGenericaInput } from '@portal/domain';
import type { Resolvers } from '../../generated/graphql.js';
import { actionContext, pageArgs } from '../../platform/actions.js';
import { notFound } from '../../platform/errors.js';
import { type GraphQLContext, preloaded, requireUser } from '../../platform/graphql/context.js';
import type { ModuleGuards } from '../../platform/graphql/guards.js';
import { sendGenericNotification } from './notifications.generic.js';
import {
  countUnseen,
  findUserNotification,
  listUserNotifications,
  pageUserNotifications,
} from './notifications.queries.js';
import { markAllRead, markAllSeen, markRead } from './notifications.service.js';
import type { TraducaoNotificacao } from './notifications.tables.js';

export const guards: ModuleGuards = {
  Query: {
    notificacoesMenu: 'authenticated',
    countNotificacoesNaoLidas: 'authenticated',
    notificacoes: 'authenticated',
  },
  Mutation: {
    marcarNotificacoesComoVistas: 'authenticated',
    marcarNotificacaoComoLida: 'authenticated',
    marcarTodasNotificacoesComoLidas: 'authenticated',
    enviarNotificacaoGenerica: { keys: ['PORTAL_NOTIFICACOES_GENERICAS'] },
  },
};

type StoredNotification = { titulo: string; texto: string; traducoes?: TraducaoNotificacao[] };

/** The notification in the signed-in user's language, else its default title and text. */
function versionOf(n: StoredNotification, ctx: GraphQLContext) {
  return n.traducoes?.find((t) => t.idioma === ctx.user?.idioma) ?? n;
}

export const resolvers: Resolvers = {
  Query: {
    notificacoesMenu: (_: unknown, __: unknown, ctx: GraphQLContext) =>
      listUserNotifications(ctx.services.db, requireUser(ctx).id),
    countNotificacoesNaoLidas: (_: unknown, __: unknown, ctx: GraphQLContext) =>
      preloaded<number>(ctx, 'countNotificacoesNaoLidas') ?? countUnseen(ctx.services.database, requireUser(ctx).id),
    notificacoes: (_: unknown, args: { page: number; rowsPerPage: number }, ctx: GraphQLContext) => {
      const page = pageArgs(args, { max: 100, default: 10 });
      return pageUserNotifications(ctx.services.db, requireUser(ctx).id, page);
    },
  },
  // Each user reads the version of their language, else the default (issue 17 point 9, decision 0042).
  Notificacao: {
    titulo: (n, _, ctx) => versionOf(n as StoredNotification, ctx).titulo,
    texto: (n, _, ctx) => versionOf(n as StoredNotification, ctx).texto,
  },
  Mutation: {
    enviarNotificacaoGenerica: (_: unknown, args: { notificacao: NotificacaoGenericaInput }, ctx: GraphQLContext) =>
      sendGenericNotification(actionContext(ctx), args.notificacao),
    marcarNotificacoesComoVistas: (_: unknown, __: unknown, ctx: GraphQLContext) => markAllSeen(actionContext(ctx)),
    marcarTodasNotificacoesComoLidas: (_: unknown, __: unknown, ctx: GraphQLContext) => markAllRead(actionContext(ctx)),
    marcarNotificacaoComoLida: async (_: unknown, args: { id: string }, ctx: GraphQLContext) => {
      const user = requireUser(ctx);
      const id = await markRead(actionContext(ctx), { id: args.id });
      const row = await findUserNotification(ctx.services.db, user.id, id);
      if (!row) throw notFound();
      return row;
    },
  },
};
