import type { Resolvers } from '../../generated/graphql.js';
import type { ModuleGuards } from '../../platform/graphql/guards.js';
import { listActiveUserGroups } from './user-groups.queries.js';

export const guards: ModuleGuards = { Query: { gruposUsuariosAtivos: 'authenticated' } };

export const resolvers: Resolvers = {
  Query: {
    gruposUsuariosAtivos: (_, __, ctx) => listActiveUserGroups(ctx.services.db),
  },
};
