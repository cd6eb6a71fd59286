import type { Resolvers } from '../../generated/graphql.js';
import { limitArg, pageArgs } from '../../platform/actions.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { ModuleGuards } from '../../platform/graphql/guards.js';
import { auditTrail, latestEmails } from './audit.queries.js';

export const guards: ModuleGuards = {
  Query: { auditoria: { types: ['TECSINAPSE'] }, emailsEnviados: { keys: ['PORTAL_ADMINISTRATIVO_TECSINAPSE'] } },
};

export const resolvers: Resolvers = {
  Query: {
    auditoria: (
      _: unknown,
      args: { entidade: string; entidadeId: string; page: number; rowsPerPage: number },
      ctx: GraphQLContext,
    ) => {
      const page = pageArgs(args, { max: 100, default: 10 });
      return auditTrail(ctx.services.db, { entidade: args.entidade, entidadeId: args.entidadeId, ...page });
    },
    emailsEnviados: (_: unknown, args: { limit: number }, ctx: GraphQLContext) => {
      return latestEmails(ctx.services.db, limitArg(args.limit, 'limit', { max: 200, default: 50 }));
    },
  },
};
