import type { Resolvers } from '../../generated/graphql.js';
import { notFound } from '../../platform/errors.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { ModuleGuards } from '../../platform/graphql/guards.js';
import { cachedPortalProperties, presentPortalProperties } from './portal.queries.js';

export const guards: ModuleGuards = { Query: { portalProperties: 'public' } };

export const resolvers: Resolvers = {
  Query: {
    portalProperties: async (_: unknown, __: unknown, ctx: GraphQLContext) => {
      const row = await cachedPortalProperties(ctx.services.cache, ctx.services.db);
      if (!row) throw notFound();
      return presentPortalProperties(row);
    },
  },
};
