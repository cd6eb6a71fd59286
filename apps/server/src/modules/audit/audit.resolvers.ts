import type { Resolvers } from '../../generated/graphql.js';
import { badInput } from '../../platform/errors.js';
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
      if (args.page < 0) throw badInput({ page: 'validation.invalid' });
      if (args.rowsPerPage < 1 || args.rowsPerPage > 100) throw badInput({ rowsPerPage: 'validation.invalid' });
      return auditTrail(ctx.services.db, args);
    },
    emailsEnviados: (_: unknown, args: { limit: number }, ctx: GraphQLContext) => {
      if (args.limit < 1 || args.limit > 200) throw badInput({ limit: 'validation.invalid' });
      return latestEmails(ctx.services.db, args.limit);
    },
  },
};
