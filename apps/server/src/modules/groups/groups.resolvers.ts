import { importarGrupoUsuariosSchema, LIST_PAGE_SIZES } from '@portal/domain';
import type { Resolvers } from '../../generated/graphql.js';
import { actionContext, pageArgs, parseInput } from '../../platform/actions.js';
import { notFound } from '../../platform/errors.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { ModuleGuards, OperationGuard } from '../../platform/graphql/guards.js';
import { pageDealersOfGroup } from '../dealers/dealers.queries.js';
import { pageUsersOfDealerGroup } from '../users/users.queries.js';
import { syncResult } from '../users/users.sync.js';
import { inactivationCounts, migrationPreview } from './groups.previews.js';
import { type DealerGroupRow, findDealerGroup, pageDealerGroups } from './groups.queries.js';
import { ativarGrupo, importarGrupoUsuarios, inativarGrupo, salvarGrupo, sincronizarGrupos } from './groups.service.js';

/** Dealer groups are administered with `PORTAL_MANUTENCAO_DEALERS_GRUPO` (SPEC §2). */
const MAINTAIN: OperationGuard = { keys: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] };
/** The superAdmin screen's migration is TECSINAPSE's only (SPEC §2). */
const SUPER_ADMIN: OperationGuard = { types: ['TECSINAPSE'] };

export const guards: ModuleGuards = {
  Query: {
    grupos: MAINTAIN,
    grupo: MAINTAIN,
    resumoInativacaoGrupo: MAINTAIN,
    previaImportarGrupoUsuarios: SUPER_ADMIN,
  },
  Mutation: {
    salvarGrupo: MAINTAIN,
    inativarGrupo: MAINTAIN,
    ativarGrupo: MAINTAIN,
    importarGrupoUsuarios: SUPER_ADMIN,
    sincronizarGrupos: SUPER_ADMIN,
  },
};

/** One group after a read or a write; NOT_FOUND when there is none. */
async function groupOf(ctx: GraphQLContext, id: string): Promise<DealerGroupRow> {
  const row = await findDealerGroup(ctx.services.db, id);
  if (!row) throw notFound();
  return row;
}

export const resolvers: Resolvers = {
  Query: {
    grupos: async (_, args, ctx) => {
      const page = pageArgs(args, LIST_PAGE_SIZES);
      return pageDealerGroups(ctx.services.db, { ...args, ...page });
    },
    grupo: (_, { id }, ctx) => groupOf(ctx, id),
    resumoInativacaoGrupo: async (_, { id }, ctx) => inactivationCounts(ctx.services.db, (await groupOf(ctx, id)).id),
    previaImportarGrupoUsuarios: async (_, { input }, ctx) => {
      const data = parseInput(importarGrupoUsuariosSchema, input);
      await groupOf(ctx, data.grupoDestinoId);
      const origem = await groupOf(ctx, data.grupoOrigemId);
      return {
        ...(await migrationPreview(ctx.services.db, { ...data, grupoOrigemId: origem.id })),
        origemInativada: false,
      };
    },
  },
  Mutation: {
    salvarGrupo: async (_, { id, grupo }, ctx) => groupOf(ctx, await salvarGrupo(actionContext(ctx), { id, grupo })),
    inativarGrupo: async (_, { id }, ctx) => {
      const found = await groupOf(ctx, id);
      const done = await inativarGrupo(actionContext(ctx), { grupoId: found.id });
      return { grupo: await groupOf(ctx, id), dealers: done.dealers.length, usuarios: done.usuarios.length };
    },
    ativarGrupo: async (_, { id }, ctx) => groupOf(ctx, await ativarGrupo(actionContext(ctx), { grupoId: id })),
    sincronizarGrupos: async (_, __, ctx) => syncResult(await sincronizarGrupos(actionContext(ctx))),
    importarGrupoUsuarios: (_, { input }, ctx) =>
      importarGrupoUsuarios(actionContext(ctx), {
        grupoOrigemId: input.grupoOrigemId,
        grupoDestinoId: input.grupoDestinoId,
        idsDealers: input.idsDealers ?? [],
        inativarOrigem: input.inativarOrigem ?? false,
      }),
  },
  Grupo: {
    createdDateTime: (g) => new Date(g.created_at),
    quantidadeDealers: (g) => g.dealers,
    dealers: async (g, args, ctx) => {
      const page = pageArgs(args, LIST_PAGE_SIZES);
      const { content, totalElements } = await pageDealersOfGroup(ctx.services.db, g.id, page);
      return {
        content: content.map((d) => ({
          id: d.id,
          nome: d.nome,
          nomeExibicao: d.nome_exibicao,
          codigoPrincipal: d.codigo_principal,
          cnpj: d.cnpj,
          active: d.active,
        })),
        totalElements,
      };
    },
    usuarios: async (g, args, ctx) => pageUsersOfDealerGroup(ctx.services.db, g.id, pageArgs(args, LIST_PAGE_SIZES)),
  },
};
