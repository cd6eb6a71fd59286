import { NEWS_PER_KIND } from '@portal/domain';
import type { Resolvers } from '../../generated/graphql.js';
import { actionContext, limitArg } from '../../platform/actions.js';
import { requireUser } from '../../platform/graphql/context.js';
import type { ModuleGuards } from '../../platform/graphql/guards.js';
import { enviosReceivedBetween } from '../communications/communications.queries.js';
import { filesModifiedBetween, libraryViewer } from '../library/library.queries.js';
import { userNotificationsBetween } from '../notifications/notifications.queries.js';
import { viewerGroupIds } from '../users/users.queries.js';
import { newsSince } from './news.queries.js';
import { markNewsSeen } from './news.service.js';

export const guards: ModuleGuards = {
  Query: { novidades: 'authenticated' },
  Mutation: { marcarNovidadesVistas: 'authenticated' },
};

export const resolvers: Resolvers = {
  Query: {
    // Each kind is read through its owner's query, filtered there by what the user may see; the
    // communications' and the library's field resolvers complete the rows.
    novidades: async (_, { limite }, ctx) => {
      const limit = limitArg(limite, 'limite', { max: 50, default: NEWS_PER_KIND });
      const user = requireUser(ctx);
      const { db } = ctx.services;
      const until = ctx.services.clock.now();
      const since = await newsSince(db, user.id, until);
      const window = { since, until, limit };
      const [comunicados, arquivos, notificacoes] = await Promise.all([
        enviosReceivedBetween(db, user.id, window),
        libraryViewer(db, user, () => viewerGroupIds(ctx)).then((viewer) => filesModifiedBetween(db, viewer, window)),
        userNotificationsBetween(db, user.id, window),
      ]);
      return { desde: since, ate: until, comunicados, arquivos, notificacoes };
    },
  },
  Mutation: {
    marcarNovidadesVistas: (_, { ate }, ctx) => markNewsSeen(actionContext(ctx), { ate: new Date(ate) }),
  },
};
