import { GROUP_PEOPLE_GUARD, LIST_PAGE_SIZES } from '@portal/domain';
import type { GrupoUsuarios, Resolvers } from '../../generated/graphql.js';
import { actionContext, pageArgs } from '../../platform/actions.js';
import { notFound } from '../../platform/errors.js';
import { type GraphQLContext, requireUser } from '../../platform/graphql/context.js';
import type { ModuleGuards, OperationGuard } from '../../platform/graphql/guards.js';
import { pageUserGroupMembers, searchUsersForUserGroup } from '../users/users.queries.js';
import {
  findActiveUserGroup,
  findUserGroup,
  listActiveUserGroups,
  pageUserGroups,
  type UserGroupRow,
} from './user-groups.queries.js';
import {
  adicionarUsuariosGrupoUsuarios,
  alterarStatusGrupoUsuarios,
  removerUsuarioGrupoUsuarios,
  salvarGrupoUsuarios,
} from './user-groups.service.js';

/** The user groups administration (SPEC §2: /gruposUsuarios). */
const MAINTENANCE: OperationGuard = { keys: ['PORTAL_MANUTENCAO_GRUPOS_USUARIOS'] };

/** How many users the member search offers at once. */
const MEMBER_SEARCH_LIMIT = 20;

export const guards: ModuleGuards = {
  Query: {
    gruposUsuariosAtivos: 'authenticated',
    pessoasGrupoUsuarios: GROUP_PEOPLE_GUARD,
    gruposUsuarios: MAINTENANCE,
    grupoUsuarios: MAINTENANCE,
    usuariosPorGrupoUsuarios: MAINTENANCE,
    usuariosParaGrupoUsuarios: MAINTENANCE,
  },
  Mutation: {
    salvarGrupoUsuarios: MAINTENANCE,
    adicionarUsuariosGrupoUsuarios: MAINTENANCE,
    removerUsuarioGrupoUsuarios: MAINTENANCE,
    ativarGrupoUsuarios: MAINTENANCE,
    inativarGrupoUsuarios: MAINTENANCE,
  },
};

/** A row as the API gives it. */
const toApi = (row: UserGroupRow): GrupoUsuarios => ({
  id: row.id,
  nome: row.nome,
  publico: row.publico,
  active: row.active,
  quantidadeUsuarios: row.quantidade_usuarios,
  createdDateTime: row.created_at,
});

/** One group the viewer may see, after a read or a write; NOT_FOUND otherwise. */
async function visibleGroup(ctx: GraphQLContext, id: string): Promise<UserGroupRow> {
  const row = await findUserGroup(ctx.services.db, requireUser(ctx), id);
  if (!row) throw notFound();
  return row;
}

export const resolvers: Resolvers = {
  Query: {
    gruposUsuariosAtivos: (_, __, ctx) => listActiveUserGroups(ctx.services.db),
    gruposUsuarios: async (_, args, ctx) => {
      const page = pageArgs(args, LIST_PAGE_SIZES);
      const result = await pageUserGroups(ctx.services.db, requireUser(ctx), { ...args, ...page });
      return { content: result.content.map(toApi), totalElements: result.totalElements };
    },
    grupoUsuarios: async (_, { id }, ctx) => toApi(await visibleGroup(ctx, id)),
    usuariosPorGrupoUsuarios: async (_, args, ctx) => {
      const page = pageArgs(args, LIST_PAGE_SIZES);
      const group = await visibleGroup(ctx, args.id);
      return pageUserGroupMembers(ctx.services.db, group.id, { busca: args.busca, ...page });
    },
    pessoasGrupoUsuarios: async (_, args, ctx) => {
      const page = pageArgs(args, LIST_PAGE_SIZES);
      const group = await findActiveUserGroup(ctx.services.db, args.id);
      if (!group) throw notFound();
      return pageUserGroupMembers(ctx.services.db, group.id, { busca: args.busca, ...page, activeOnly: true });
    },
    usuariosParaGrupoUsuarios: async (_, { id, busca }, ctx) => {
      const group = await visibleGroup(ctx, id);
      return searchUsersForUserGroup(ctx.services.db, group.id, busca, MEMBER_SEARCH_LIMIT);
    },
  },
  Mutation: {
    salvarGrupoUsuarios: async (_, { id, grupo }, ctx) =>
      toApi(
        await visibleGroup(
          ctx,
          await salvarGrupoUsuarios(actionContext(ctx), { id, grupo: { ...grupo, active: grupo.active ?? true } }),
        ),
      ),
    adicionarUsuariosGrupoUsuarios: async (_, { id, idsUsuarios }, ctx) =>
      toApi(await visibleGroup(ctx, await adicionarUsuariosGrupoUsuarios(actionContext(ctx), { id, idsUsuarios }))),
    removerUsuarioGrupoUsuarios: async (_, { id, idUsuario }, ctx) =>
      toApi(await visibleGroup(ctx, await removerUsuarioGrupoUsuarios(actionContext(ctx), { id, idUsuario }))),
    ativarGrupoUsuarios: async (_, { id }, ctx) =>
      toApi(await visibleGroup(ctx, await alterarStatusGrupoUsuarios(actionContext(ctx), { id, active: true }))),
    inativarGrupoUsuarios: async (_, { id }, ctx) =>
      toApi(await visibleGroup(ctx, await alterarStatusGrupoUsuarios(actionContext(ctx), { id, active: false }))),
  },
};
