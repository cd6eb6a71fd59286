import type { AudienciaNotificacaoInput, ModeloNotificacaoInput, NotificacaoGenericaFormInput } from '@portal/domain';
import { actionContext, pageArgs } from '../../platform/actions.js';
import { notFound } from '../../platform/errors.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { ModuleGuards } from '../../platform/graphql/guards.js';
import { searchActiveDealers } from '../dealers/dealers.queries.js';
import { listActiveDealerGroups } from '../groups/groups.queries.js';
import { listActiveUserGroups } from '../user-groups/user-groups.queries.js';
import {
  audienceWithNames,
  cancelGeneric,
  countAudience,
  findGeneric,
  type GenericaRow,
  pageGeneric,
  saveGeneric,
  searchActiveUsers,
} from './notifications.generic.js';
import {
  activeTemplates,
  findTemplate,
  pageTemplates,
  saveTemplate,
  setTemplateActive,
} from './notifications.templates.js';
import type { AudienciaGenerica } from './notifications-generic.tables.js';

const MODELO = { keys: ['PORTAL_MANUTENCAO_MODELO' as const] };
const GENERICAS = { keys: ['PORTAL_NOTIFICACOES_GENERICAS' as const] };
const EITHER = { keys: ['PORTAL_MANUTENCAO_MODELO' as const, 'PORTAL_NOTIFICACOES_GENERICAS' as const] };

/** Guards of the templates' and generic notifications' root fields. */
export const genericGuards: ModuleGuards = {
  Query: {
    modelosNotificacao: MODELO,
    modeloNotificacao: EITHER,
    modelosNotificacaoAtivos: GENERICAS,
    notificacoesGenericas: GENERICAS,
    notificacaoGenerica: GENERICAS,
    contagemDestinatariosNotificacao: GENERICAS,
    opcoesAudienciaNotificacao: GENERICAS,
    buscaAudienciaNotificacao: GENERICAS,
  },
  Mutation: {
    salvarModeloNotificacao: MODELO,
    ativarModeloNotificacao: MODELO,
    inativarModeloNotificacao: MODELO,
    salvarNotificacaoGenerica: GENERICAS,
    cancelarNotificacaoGenerica: GENERICAS,
  },
};

/** Search results per kind (users, dealers). */
const SEARCH_LIMIT = 20;

const requireTemplate = async (ctx: GraphQLContext, id: string) => {
  const row = await findTemplate(ctx.services.db, id);
  if (!row) throw notFound();
  return row;
};

const requireGeneric = async (ctx: GraphQLContext, id: string) => {
  const row = await findGeneric(ctx.services.db, id);
  if (!row) throw notFound();
  return row;
};

/** Resolvers of notifications-generic.graphql. */
export const genericResolvers = {
  Query: {
    modelosNotificacao: (
      _: unknown,
      args: { busca?: string | null; active?: boolean | null; page?: number; rowsPerPage?: number },
      ctx: GraphQLContext,
    ) => pageTemplates(ctx.services.db, args, pageArgs(args, { max: 100, default: 10 })),
    modeloNotificacao: async (_: unknown, args: { id: string }, ctx: GraphQLContext) => {
      const row = await requireTemplate(ctx, args.id);
      // A sender without the templates' key sees only what they may start from.
      if (!ctx.user?.chaves.includes('PORTAL_MANUTENCAO_MODELO') && !row.active) throw notFound();
      return row;
    },
    modelosNotificacaoAtivos: (_: unknown, __: unknown, ctx: GraphQLContext) => activeTemplates(ctx.services.db),
    notificacoesGenericas: (_: unknown, args: { page?: number; rowsPerPage?: number }, ctx: GraphQLContext) =>
      pageGeneric(ctx.services.db, pageArgs(args, { max: 100, default: 10 })),
    notificacaoGenerica: (_: unknown, args: { id: string }, ctx: GraphQLContext) => requireGeneric(ctx, args.id),
    contagemDestinatariosNotificacao: (
      _: unknown,
      args: { audiencia: AudienciaNotificacaoInput },
      ctx: GraphQLContext,
    ) => countAudience(ctx.services.db, args.audiencia),
    opcoesAudienciaNotificacao: async (_: unknown, __: unknown, ctx: GraphQLContext) => ({
      gruposUsuarios: await listActiveUserGroups(ctx.services.db),
      grupos: await listActiveDealerGroups(ctx.services.db),
    }),
    buscaAudienciaNotificacao: async (_: unknown, args: { busca: string }, ctx: GraphQLContext) => {
      if (!args.busca.trim()) return { usuarios: [], dealers: [] };
      return {
        usuarios: await searchActiveUsers(ctx.services.db, args.busca, SEARCH_LIMIT),
        dealers: await searchActiveDealers(ctx.services.db, args.busca, SEARCH_LIMIT),
      };
    },
  },
  Mutation: {
    salvarModeloNotificacao: async (
      _: unknown,
      args: { id?: string | null; modelo: ModeloNotificacaoInput },
      ctx: GraphQLContext,
    ) => requireTemplate(ctx, await saveTemplate(actionContext(ctx), args)),
    ativarModeloNotificacao: async (_: unknown, args: { id: string }, ctx: GraphQLContext) =>
      requireTemplate(ctx, await setTemplateActive(actionContext(ctx), { id: args.id, active: true })),
    inativarModeloNotificacao: async (_: unknown, args: { id: string }, ctx: GraphQLContext) =>
      requireTemplate(ctx, await setTemplateActive(actionContext(ctx), { id: args.id, active: false })),
    salvarNotificacaoGenerica: async (
      _: unknown,
      args: {
        id?: string | null;
        notificacao: NotificacaoGenericaFormInput & { dataAgendamento?: Date | string | null };
      },
      ctx: GraphQLContext,
    ) => {
      const dataAgendamento: unknown = args.notificacao.dataAgendamento;
      const notificacao = {
        ...args.notificacao,
        dataAgendamento:
          dataAgendamento instanceof Date ? dataAgendamento.toISOString() : (dataAgendamento as string | null),
      };
      return requireGeneric(ctx, await saveGeneric(actionContext(ctx), { id: args.id, notificacao }));
    },
    cancelarNotificacaoGenerica: async (_: unknown, args: { id: string }, ctx: GraphQLContext) =>
      requireGeneric(ctx, await cancelGeneric(actionContext(ctx), args)),
  },
  NotificacaoGenerica: {
    audiencia: (row: GenericaRow, _: unknown, ctx: GraphQLContext) =>
      audienceWithNames(ctx.services.db, row.audiencia as AudienciaGenerica),
    modelo: (row: GenericaRow, _: unknown, ctx: GraphQLContext) =>
      row.modeloId ? findTemplate(ctx.services.db, row.modeloId) : null,
  },
};

/** One valid document per new root field: the deny tests run each. */
export const genericSamples: Record<string, string> = {
  'Query.modelosNotificacao': '{ modelosNotificacao { totalElements content { id nome } } }',
  'Query.modeloNotificacao': '{ modeloNotificacao(id: "00000000-0000-0000-0000-000000000000") { id nome } }',
  'Query.modelosNotificacaoAtivos': '{ modelosNotificacaoAtivos { id nome } }',
  'Query.notificacoesGenericas': '{ notificacoesGenericas { totalElements content { id titulo } } }',
  'Query.notificacaoGenerica': '{ notificacaoGenerica(id: "00000000-0000-0000-0000-000000000000") { id titulo } }',
  'Query.contagemDestinatariosNotificacao':
    '{ contagemDestinatariosNotificacao(audiencia: { tiposUsuario: ["MONTADORA"] }) }',
  'Query.opcoesAudienciaNotificacao': '{ opcoesAudienciaNotificacao { gruposUsuarios { id nome } grupos { id } } }',
  'Query.buscaAudienciaNotificacao':
    '{ buscaAudienciaNotificacao(busca: "a") { usuarios { id nome } dealers { id } } }',
  'Mutation.salvarModeloNotificacao':
    'mutation { salvarModeloNotificacao(modelo: { nome: "n", titulo: "t", texto: "x" }) { id } }',
  'Mutation.ativarModeloNotificacao':
    'mutation { ativarModeloNotificacao(id: "00000000-0000-0000-0000-000000000000") { id } }',
  'Mutation.inativarModeloNotificacao':
    'mutation { inativarModeloNotificacao(id: "00000000-0000-0000-0000-000000000000") { id } }',
  'Mutation.salvarNotificacaoGenerica':
    'mutation { salvarNotificacaoGenerica(notificacao: { tipo: "modelo", titulo: "t", texto: "x", audiencia: { tiposUsuario: ["MONTADORA"] } }) { id } }',
  'Mutation.cancelarNotificacaoGenerica':
    'mutation { cancelarNotificacaoGenerica(id: "00000000-0000-0000-0000-000000000000") { id } }',
};
