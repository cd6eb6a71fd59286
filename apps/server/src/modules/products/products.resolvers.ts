import { asc } from 'drizzle-orm';
import type { Resolvers } from '../../generated/graphql.js';
import { actionContext } from '../../platform/actions.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { ModuleGuards } from '../../platform/graphql/guards.js';
import { editarProduto } from './products.service.js';
import { produto } from './products.tables.js';

export const guards: ModuleGuards = {
  Query: { produtos: { keys: ['PORTAL_MANUTENCAO_USUARIOS', 'PORTAL_CONSULTA_VISUALIZACAO_USUARIOS'] } },
  Mutation: { editarProduto: { types: ['TECSINAPSE'] } },
};

export const resolvers: Resolvers = {
  Query: {
    produtos: (_: unknown, __: unknown, ctx: GraphQLContext) =>
      ctx.services.db.select().from(produto).orderBy(asc(produto.ordem), asc(produto.nome)),
  },
  Mutation: {
    editarProduto: (_, args, ctx) => editarProduto(actionContext(ctx), args),
  },
};
