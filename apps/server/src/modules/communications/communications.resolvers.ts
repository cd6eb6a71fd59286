import {
  APPROVE_KEY,
  allowedActions,
  COMUNICADO_MANAGE_GUARD,
  type ComunicadoStatus,
  INBOX_TABS,
} from '@portal/domain';
import { t } from '@portal/i18n';
import { sql } from 'drizzle-orm';
import type { AudienciaInput, Resolvers } from '../../generated/graphql.js';
import { actionContext, limitArg, pageArgs } from '../../platform/actions.js';
import { notFound } from '../../platform/errors.js';
import { type GraphQLContext, preloaded, requireUser } from '../../platform/graphql/context.js';
import type { ModuleGuards } from '../../platform/graphql/guards.js';
import { UUID, uuidArray } from '../../platform/sql.js';
import { registerFileAccess } from '../files/files.access.js';
import { fileSummarySql } from '../files/files.queries.js';
import { signDownloadLink } from '../files/files.service.js';
import { dealerGroupNamesSql, listActiveDealerGroups } from '../groups/groups.queries.js';
import { userGroupNamesSql } from '../user-groups/user-groups.queries.js';
import {
  departmentsByIdsCached,
  holdersOfKey,
  listDepartments,
  userSummarySql,
  usersByIds,
} from '../users/users.queries.js';
import { confirmationFigures } from './communications.confirmation.js';
import { painelOf, painelTotals } from './communications.dashboard.js';
import { readBy } from './communications.history.resolvers.js';
import {
  type Audiencia,
  type ComunicadoRow,
  canReadAttachment,
  comunicadosByIds,
  countAudience,
  countAwaitingApproval,
  deliveryCounts,
  type EnvioRow,
  erratasOf,
  findEnvio,
  findOwnComunicado,
  type LeituraRow,
  pageEnvios,
  pageLeituras,
  pageOwnComunicados,
  RECENT_ENVIOS_LIMIT,
  recentEnvios,
  searchAudience,
} from './communications.queries.js';
import {
  approveOrSend,
  createErrata,
  markDeliveryRead,
  reject,
  saveComunicado,
  setArchived,
  setDeliveryFlag,
  submitForApproval,
} from './communications.service.js';

const LINK_TTL_SECONDS = 15 * 60;

// An attachment downloads for its communication's creator, approver and recipients, checked at each
// download (decision 0009).
registerFileAccess('COMUNICADO', (services, user, arquivoId) => canReadAttachment(services.db, user.id, arquivoId));

export const guards: ModuleGuards = {
  Query: {
    comunicados: COMUNICADO_MANAGE_GUARD,
    contagemComunicadosAAprovar: { keys: [APPROVE_KEY] },
    comunicado: COMUNICADO_MANAGE_GUARD,
    comunicadoEnvios: 'authenticated',
    comunicadoEnvio: 'authenticated',
    comunicadoEnviosRecentes: 'authenticated',
    contagemDestinatarios: COMUNICADO_MANAGE_GUARD,
    usuariosAudiencia: COMUNICADO_MANAGE_GUARD,
    aprovadoresComunicado: COMUNICADO_MANAGE_GUARD,
    departamentosComunicados: COMUNICADO_MANAGE_GUARD,
    gruposComunicado: COMUNICADO_MANAGE_GUARD,
    dashboardComunicado: COMUNICADO_MANAGE_GUARD,
    leiturasComunicado: COMUNICADO_MANAGE_GUARD,
  },
  Mutation: {
    salvarComunicado: COMUNICADO_MANAGE_GUARD,
    enviarParaAprovacao: COMUNICADO_MANAGE_GUARD,
    aprovarComunicado: { keys: [APPROVE_KEY] },
    rejeitarComunicado: { keys: [APPROVE_KEY] },
    enviarComunicado: { keys: [APPROVE_KEY] },
    arquivarComunicado: COMUNICADO_MANAGE_GUARD,
    desarquivarComunicado: COMUNICADO_MANAGE_GUARD,
    criarErrata: COMUNICADO_MANAGE_GUARD,
    marcarEnvioComoLido: 'authenticated',
    favoritarEnvio: 'authenticated',
    arquivarEnvio: 'authenticated',
  },
};

/** Pages of every communications list: 1 to 100 rows, 10 by default. */
const PAGE_SIZES = { max: 100, default: 10 };

async function ownComunicado(ctx: GraphQLContext, id: string) {
  const row = await findOwnComunicado(ctx.services.db, requireUser(ctx).id, id);
  if (!row) throw notFound();
  return row;
}

async function envioOf(ctx: GraphQLContext, idComunicado: string): Promise<EnvioRow> {
  const envio = await findEnvio(ctx.services.db, requireUser(ctx).id, idComunicado);
  if (!envio) throw notFound();
  return envio;
}

/** A sent communication of the user (creator or approver) for the dashboard. */
async function sentComunicado(ctx: GraphQLContext, id: string) {
  const row = await ownComunicado(ctx, id);
  if (row.status !== 'ENVIADO' && row.status !== 'ARQUIVADO') throw notFound();
  return row;
}

/** An audience as the API gives it (lists optional, e-mails as typed) as the queries take it. */
function audienciaOf(a: AudienciaInput): Audiencia {
  return {
    idsGruposUsuarios: a.idsGruposUsuarios ?? [],
    idsGrupos: a.idsGrupos ?? [],
    emailsAvulsos: (a.emailsAvulsos ?? []).map((e) => e.trim()).filter(Boolean),
    idsUsuariosRemovidos: a.idsUsuariosRemovidos ?? [],
  };
}

const date = (v: Date | string | null) => (v === null ? null : new Date(v));

export const resolvers: Resolvers = {
  Query: {
    comunicados: (_, { filtro }, ctx) =>
      pageOwnComunicados(ctx.services.db, requireUser(ctx).id, {
        busca: filtro?.busca,
        status: filtro?.status,
        lista: filtro?.lista,
        ...pageArgs({ page: filtro?.page, rowsPerPage: filtro?.rowsPerPage }, PAGE_SIZES),
      }),
    contagemComunicadosAAprovar: (_, __, ctx) => countAwaitingApproval(ctx.services.db, requireUser(ctx).id),
    comunicado: (_, { id }, ctx) => ownComunicado(ctx, id),
    comunicadoEnvios: (_, args, ctx) => {
      if (args.aba === 'ENVIADOS' || !INBOX_TABS.includes(args.aba)) return { content: [], totalElements: 0 };
      return pageEnvios(ctx.services.db, requireUser(ctx).id, {
        aba: args.aba,
        busca: args.busca,
        ...pageArgs(args, PAGE_SIZES),
      });
    },
    comunicadoEnvio: (_, { idComunicado }, ctx) => envioOf(ctx, idComunicado),
    comunicadoEnviosRecentes: (_, { limite }, ctx) => {
      const limit = limitArg(limite, 'limite', RECENT_ENVIOS_LIMIT);
      return (
        preloaded<EnvioRow[]>(ctx, 'comunicadoEnviosRecentes', { limite }) ??
        recentEnvios(ctx.services.database, requireUser(ctx).id, limit, ctx.services.clock.now())
      );
    },
    contagemDestinatarios: (_, { audiencia }, ctx) => countAudience(ctx.services.db, audienciaOf(audiencia)),
    usuariosAudiencia: (_, { audiencia, busca }, ctx) => searchAudience(ctx.services.db, audienciaOf(audiencia), busca),
    aprovadoresComunicado: (_, __, ctx) => holdersOfKey(ctx.services.db, APPROVE_KEY, requireUser(ctx).id),
    departamentosComunicados: (_, __, ctx) => listDepartments(ctx.services.db) as never,
    gruposComunicado: (_, __, ctx) => listActiveDealerGroups(ctx.services.db) as never,
    dashboardComunicado: async (_, { id }, ctx) => {
      const c = await sentComunicado(ctx, id);
      const db = ctx.services.db;
      const [painel, emails] = await Promise.all([
        painelOf(db, c.id),
        db.execute(sql`SELECT count(*)::int AS n FROM comunicado_email_avulso WHERE comunicado_id = ${c.id}`),
      ]);
      const { entregues, lidos } = painel;
      return {
        comunicado: c,
        destinatarios: entregues + (emails.rows[0] as { n: number }).n,
        entregues,
        lidos,
        naoLidos: entregues - lidos,
        taxaLeitura: entregues ? lidos / entregues : 0,
        leiturasPorDia: painel.leiturasPorDia,
        porDealer: painel.porDealer,
        porGrupo: painel.porGrupo,
        porMarca: painel.porMarca,
        porGrupoUsuarios: painel.porGrupoUsuarios,
        ...confirmationFigures(c, painel),
      };
    },
    leiturasComunicado: async (_, args, ctx) => {
      const c = await sentComunicado(ctx, args.id);
      const db = ctx.services.db;
      return pageLeituras(
        db,
        c.id,
        { busca: args.busca, lido: args.lido, ...pageArgs(args, PAGE_SIZES) },
        await painelTotals(db, c.id),
      );
    },
  },
  Mutation: {
    salvarComunicado: async (_, { id, comunicado }, ctx) =>
      ownComunicado(ctx, await saveComunicado(actionContext(ctx), { id, comunicado })),
    enviarParaAprovacao: async (_, { id, aprovadorId }, ctx) =>
      ownComunicado(ctx, await submitForApproval(actionContext(ctx), { id, aprovadorId })),
    aprovarComunicado: async (_, { id, dataHoraAgendamento }, ctx) =>
      ownComunicado(ctx, await approveOrSend(actionContext(ctx), { id, mode: 'aprovar', dataHoraAgendamento })),
    rejeitarComunicado: async (_, { id, motivoRejeicao }, ctx) =>
      ownComunicado(ctx, await reject(actionContext(ctx), { id, motivoRejeicao })),
    enviarComunicado: async (_, { id, dataHoraAgendamento }, ctx) =>
      ownComunicado(ctx, await approveOrSend(actionContext(ctx), { id, mode: 'enviar', dataHoraAgendamento })),
    arquivarComunicado: async (_, { id }, ctx) =>
      ownComunicado(ctx, await setArchived(actionContext(ctx), { id, archived: true })),
    desarquivarComunicado: async (_, { id }, ctx) =>
      ownComunicado(ctx, await setArchived(actionContext(ctx), { id, archived: false })),
    criarErrata: async (_, { idOriginal, justificativa, comunicado }, ctx) =>
      ownComunicado(ctx, await createErrata(actionContext(ctx), { idOriginal, justificativa, comunicado })),
    marcarEnvioComoLido: async (_, { idComunicado }, ctx) => {
      await markDeliveryRead(actionContext(ctx), { comunicadoId: idComunicado });
      return envioOf(ctx, idComunicado);
    },
    favoritarEnvio: async (_, { idComunicado, favorito }, ctx) => {
      await setDeliveryFlag(actionContext(ctx), { comunicadoId: idComunicado, flag: 'favorito', value: favorito });
      return envioOf(ctx, idComunicado);
    },
    arquivarEnvio: async (_, { idComunicado, arquivado }, ctx) => {
      await setDeliveryFlag(actionContext(ctx), { comunicadoId: idComunicado, flag: 'arquivado', value: arquivado });
      return envioOf(ctx, idComunicado);
    },
  },
  Comunicado: {
    createdDateTime: (c) => new Date(c.created_date_time),
    envioDateTime: (c) => date(c.envio_date_time),
    dataHoraAgendamento: (c) => date(c.data_hora_agendamento),
    dataInicioExibicao: (c) => date(c.data_inicio_exibicao),
    dataFimExibicao: (c) => date(c.data_fim_exibicao),
    motivoRejeicao: (c) => c.motivo_rejeicao,
    status: (c, _, ctx) => ({
      id: c.status as ComunicadoStatus,
      description: t(ctx.locale, `communications.status.${c.status}`),
    }),
    rascunho: (c) => c.status === 'RASCUNHO',
    enviado: (c) => c.status === 'ENVIADO' || c.status === 'ARQUIVADO',
    emAprovacao: (c) => c.status === 'EM_APROVACAO',
    rejeitado: (c) => c.status === 'REJEITADO',
    emailsAvulsos: (c, _, ctx) =>
      c.criador_id === ctx.user?.id || c.aprovador_id === ctx.user?.id ? c.emails_avulsos : [],
    idParent: (c) => c.id_parent,
    viewerCan: (c, _, ctx) => {
      const user = requireUser(ctx);
      const owner = c.criador_id === user.id || c.aprovador_id === user.id;
      const actions = owner
        ? allowedActions(
            { id: user.id, chaves: user.chaves },
            { status: c.status as ComunicadoStatus, criadorId: c.criador_id, aprovadorId: c.aprovador_id },
          )
        : [];
      const can = (a: string) => actions.includes(a as never);
      return {
        editar: can('SALVAR'),
        enviarParaAprovacao: can('ENVIAR_PARA_APROVACAO'),
        aprovar: can('APROVAR'),
        rejeitar: can('REJEITAR'),
        enviar: can('ENVIAR'),
        arquivar: can('ARQUIVAR'),
        desarquivar: can('DESARQUIVAR'),
        criarErrata: can('CRIAR_ERRATA'),
        verDashboard: owner && (c.status === 'ENVIADO' || c.status === 'ARQUIVADO'),
      };
    },
  },
  ComunicadoEnvio: {
    // One delivery per user and communication: for its recipient, the communication's id names it.
    id: (e) => e.comunicado_id,
    dataRecebimento: (e) => new Date(e.data_recebimento),
    dataLeitura: (e) => date(e.data_leitura),
  },
  LeituraDestinatario: {
    usuario: (l) => ({ id: l.usuario_id, nome: l.nome, email: l.email }),
    dataLeitura: (l) => date(l.data_leitura),
    dataRecebimento: (l) => new Date(l.data_recebimento),
  },
};

type Batch<T> = { obj: T; params: unknown }[];
type C = ComunicadoRow;

/** The audience is shown to the creator and the approver only; recipients see it empty. */
const ownedIds = (queries: Batch<C>, ctx: GraphQLContext) =>
  queries.map((q) => (q.obj.criador_id === ctx.user?.id || q.obj.aprovador_id === ctx.user?.id ? q.obj.id : ''));

/** The communications of `ids` by id, read in one query. */
async function comunicadosById(ctx: GraphQLContext, ids: string[]): Promise<Map<string, ComunicadoRow>> {
  return new Map((await comunicadosByIds(ctx.services.db, ids)).map((c) => [c.id, c]));
}

const groupRows = <R extends { k: string }>(rows: R[], keys: string[]) =>
  keys.map((k) => rows.filter((r) => r.k === k));

/** Batched field loaders (mercurius `loaders`): one query per field per request. */
export const loaders = {
  Comunicado: {
    async usuarioCriador(queries: Batch<C>, ctx: GraphQLContext) {
      const users = await usersByIds(ctx.services.db, [...new Set(queries.map((q) => q.obj.criador_id))]);
      return queries.map((q) => users.find((u) => u.id === q.obj.criador_id) ?? null);
    },
    async usuarioAprovador(queries: Batch<C>, ctx: GraphQLContext) {
      const ids = queries.map((q) => q.obj.aprovador_id).filter((id): id is string => Boolean(id));
      const users = await usersByIds(ctx.services.db, [...new Set(ids)]);
      return queries.map((q) => users.find((u) => u.id === q.obj.aprovador_id) ?? null);
    },
    async departamento(queries: Batch<C>, ctx: GraphQLContext) {
      const ids = [...new Set(queries.map((q) => q.obj.departamento_id).filter((id): id is string => Boolean(id)))];
      const rows = await departmentsByIdsCached(ctx.services, ids);
      return queries.map((q) => rows.find((r) => r.id === q.obj.departamento_id) ?? null);
    },
    async grupos(queries: Batch<C>, ctx: GraphQLContext) {
      const ids = ownedIds(queries, ctx);
      const rows = (
        await ctx.services.db.execute(sql`SELECT c.comunicado_id AS k, g.id, g.nome FROM comunicado_grupo_usuarios c
        JOIN (${userGroupNamesSql}) g ON g.id = c.grupo_usuarios_id WHERE c.comunicado_id = ANY(${uuidArray(ids)}) ORDER BY g.nome`)
      ).rows as { k: string; id: string; nome: string }[];
      return groupRows(rows, ids);
    },
    async gruposDealers(queries: Batch<C>, ctx: GraphQLContext) {
      const ids = ownedIds(queries, ctx);
      const rows = (
        await ctx.services.db.execute(sql`SELECT c.comunicado_id AS k, g.id, g.nome FROM comunicado_grupo c
        JOIN (${dealerGroupNamesSql}) g ON g.id = c.grupo_id WHERE c.comunicado_id = ANY(${uuidArray(ids)}) ORDER BY g.nome`)
      ).rows as { k: string; id: string; nome: string }[];
      return groupRows(rows, ids);
    },
    async usuariosRemovidos(queries: Batch<C>, ctx: GraphQLContext) {
      const ids = ownedIds(queries, ctx);
      const rows = (
        await ctx.services.db.execute(sql`SELECT r.comunicado_id AS k, u.id, u.nome, u.email::text AS email
        FROM comunicado_usuario_removido r JOIN (${userSummarySql}) u ON u.id = r.usuario_id
        WHERE r.comunicado_id = ANY(${uuidArray(ids)}) ORDER BY u.nome`)
      ).rows as { k: string; id: string }[];
      return groupRows(rows, ids);
    },
    async arquivos(queries: Batch<C>, ctx: GraphQLContext) {
      const ids = queries.map((q) => q.obj.id);
      const rows = (
        await ctx.services.db.execute(sql`SELECT ca.comunicado_id AS k, a.id, a.nome, a.tamanho, a.imagem
        FROM comunicado_arquivo ca JOIN (${fileSummarySql}) a ON a.id = ca.arquivo_id
        WHERE ca.comunicado_id = ANY(${uuidArray(ids)}) ORDER BY ca.ordem`)
      ).rows as {
        k: string;
        id: string;
        nome: string;
        tamanho: string;
        imagem: boolean;
      }[];
      return Promise.all(
        groupRows(rows, ids).map((list) =>
          Promise.all(
            list.map(async (a) => ({
              id: a.id,
              nome: a.nome,
              tamanho: Number(a.tamanho),
              imagem: a.imagem,
              arquivoLink: await signDownloadLink(ctx.services.db, a.id, {
                ttlSeconds: LINK_TTL_SECONDS,
                userId: requireUser(ctx).id,
              }),
            })),
          ),
        ),
      );
    },
    /** Deliveries so far, for the creator and approver of a communication past approval; else null. */
    async entregues(queries: Batch<C>, ctx: GraphQLContext) {
      const sending = (c: C) => ['APROVADO', 'ENVIADO', 'ARQUIVADO'].includes(c.status);
      const ids = ownedIds(queries, ctx).filter((id, i) => id && sending(queries[i].obj));
      const counts = await deliveryCounts(ctx.services.db, ids);
      return queries.map((q) => (ids.includes(q.obj.id) ? (counts.get(q.obj.id) ?? 0) : null));
    },
    async erratas(queries: Batch<C>, ctx: GraphQLContext) {
      const ids = queries.map((q) => q.obj.id);
      const rows = await erratasOf(ctx.services.db, ids);
      // A recipient reads an errata in their language, as its creator and approver read the original (decision 0042).
      const read = (parent: C, r: C) =>
        parent.criador_id === ctx.user?.id || parent.aprovador_id === ctx.user?.id ? r : readBy(r, ctx.user?.idioma);
      return queries.map((q) => rows.filter((r) => r.id_parent === q.obj.id).map((r) => read(q.obj, r)));
    },
  },
  ComunicadoEnvio: {
    async comunicado(queries: Batch<EnvioRow>, ctx: GraphQLContext) {
      // /home's recent deliveries come with their communication; others are read here, in one query.
      const missing = queries.filter((q) => !q.obj.comunicado).map((q) => q.obj.comunicado_id);
      const byId = missing.length ? await comunicadosById(ctx, missing) : new Map<string, ComunicadoRow>();
      // In the reader's language (decision 0042).
      const idioma = ctx.user?.idioma;
      return queries.map((q) => readBy(q.obj.comunicado ?? byId.get(q.obj.comunicado_id) ?? null, idioma));
    },
    async original(queries: Batch<EnvioRow>, ctx: GraphQLContext) {
      const byId = await comunicadosById(
        ctx,
        queries.map((q) => q.obj.comunicado_id),
      );
      const parentOf = (id: string) => {
        const parent = byId.get(id)?.id_parent;
        return parent && UUID.test(parent) ? parent : null;
      };
      const parents = await comunicadosById(
        ctx,
        queries.flatMap((q) => parentOf(q.obj.comunicado_id) ?? []),
      );
      return queries.map((q) => readBy(parents.get(parentOf(q.obj.comunicado_id) ?? '') ?? null, ctx.user?.idioma));
    },
  },
};

export type { LeituraRow };
