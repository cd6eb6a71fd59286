import type { Resolvers } from '../../generated/graphql.js';
import { notFound } from '../../platform/errors.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { ModuleGuards } from '../../platform/graphql/guards.js';
import { loadPortalProperties, presentPortalProperties } from './portal.queries.js';

export const guards: ModuleGuards = { Query: { portalProperties: 'public' } };

export const resolvers: Resolvers = {
  Query: {
    portalProperties: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
      const row = await loadPortalProperties(ctx.services.db);
      if (!row) throw notFound();
      return presentPortalProperties(row);
    },
  },
};
