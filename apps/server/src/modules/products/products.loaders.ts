import { eq, inArray } from 'drizzle-orm';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import { funcionalidade, produto, tipoAcesso, tipoAcessoFuncionalidade } from './products.tables.js';

type Query<T> = { obj: T; params: unknown }[];

/** Loads the products referenced by a batch of parents (one query). */
async function produtoOf(queries: Query<{ produtoId: string | null }>, ctx: GraphQLContext) {
  const ids = [...new Set(queries.map((q) => q.obj.produtoId).filter((id): id is string => Boolean(id)))];
  const rows = ids.length ? await ctx.services.db.select().from(produto).where(inArray(produto.id, ids)) : [];
  return queries.map((q) => rows.find((r) => r.id === q.obj.produtoId) ?? null);
}

/** Batched field loaders (mercurius `loaders`): one query per field per request, never N+1. */
export const loaders = {
  Funcionalidade: { produto: produtoOf },
  DadoComplementar: { produto: produtoOf },
  TipoAcesso: {
    produto: produtoOf,
    async funcionalidadesPadrao(queries: Query<{ id: string }>, ctx: GraphQLContext) {
      const ids = queries.map((q) => q.obj.id);
      const rows = await ctx.services.db
        .select({ tipoAcessoId: tipoAcessoFuncionalidade.tipoAcessoId, f: funcionalidade })
        .from(tipoAcessoFuncionalidade)
        .innerJoin(funcionalidade, eq(funcionalidade.id, tipoAcessoFuncionalidade.funcionalidadeId))
        .where(inArray(tipoAcessoFuncionalidade.tipoAcessoId, ids));
      return queries.map((q) => rows.filter((r) => r.tipoAcessoId === q.obj.id).map((r) => r.f));
    },
  },
  Produto: {
    async tiposAcesso(queries: Query<{ id: string }>, ctx: GraphQLContext) {
      const ids = queries.map((q) => q.obj.id);
      const rows = await ctx.services.db.select().from(tipoAcesso).where(inArray(tipoAcesso.produtoId, ids));
      return queries.map((q) => rows.filter((r) => r.produtoId === q.obj.id));
    },
    async funcionalidades(queries: Query<{ id: string }>, ctx: GraphQLContext) {
      const ids = queries.map((q) => q.obj.id);
      const rows = await ctx.services.db.select().from(funcionalidade).where(inArray(funcionalidade.produtoId, ids));
      return queries.map((q) => rows.filter((r) => r.produtoId === q.obj.id));
    },
  },
};
