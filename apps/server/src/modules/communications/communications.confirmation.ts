import { COMUNICADO_MANAGE_GUARD } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Resolvers } from '../../generated/graphql.js';
import { type ActionContext, actionContext, inTransaction, pageArgs } from '../../platform/actions.js';
import type { DbOrTx, Tx } from '../../platform/db.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import { type GraphQLContext, requireUser } from '../../platform/graphql/context.js';
import type { ModuleGuards } from '../../platform/graphql/guards.js';
import { recordAudit } from '../audit/audit.service.js';
import { userNameOrEmailLikeSql } from '../users/users.queries.js';
import { READS_CHANNEL } from './communications.channels.js';
import { countRead } from './communications.dashboard.js';
import {
  type EnvioRow,
  findComunicado,
  findEnvio,
  findOwnComunicado,
  type LeituraRow,
  type LeiturasPage,
  leiturasFromSql,
  readersSearchCountSql,
} from './communications.queries.js';

// Read confirmation (issue 17 point 4, docs/domains/communications.md#read-confirmation): an author may ask the
// recipients to confirm "I have read and understood"; a recipient confirms once (the date is kept, a second call
// changes nothing); the dashboard counts confirmations beside reads and lists who has not confirmed.

/**
 * Stores whether communication `id` asks for confirmation, a step of salvarComunicado and criarErrata (in their
 * transaction). `value` undefined or null: a new one does not ask, an edit keeps what was stored.
 */
export async function saveConfirmationChoice(tx: Tx, id: string, value: boolean | null | undefined) {
  if (value === undefined || value === null) return;
  await tx.execute(sql`UPDATE comunicado SET exige_confirmacao = ${value} WHERE id = ${id}`);
}

/**
 * The signed-in recipient confirms they have read and understood a communication that asks for it; confirming also
 * marks it read. Not a recipient (no active delivery, so also not sent): NOT_FOUND; a communication that does not
 * ask: CONFLICT. Idempotent: already confirmed changes nothing and writes no audit row. Tells the dashboard.
 */
export async function confirmRead(ctx: ActionContext, input: { comunicadoId: string }): Promise<string> {
  const user = ctx.actor;
  if (!user) throw forbidden();
  const changed = await inTransaction(ctx, async (tx) => {
    const envio = await findEnvio(tx, user.id, input.comunicadoId, true);
    if (!envio) throw notFound();
    const c = await findComunicado(tx, envio.comunicado_id);
    if (!c?.exige_confirmacao) throw new AppError('CONFLICT', 'communicationsConfirmation.notAsked');
    if (envio.data_confirmacao) return false;
    const now = ctx.clock.now();
    const dataLeitura = envio.lido ? envio.data_leitura : now;
    await tx.execute(sql`UPDATE comunicado_envio SET data_confirmacao = ${now}, lido = true,
        data_leitura = ${dataLeitura}
      WHERE comunicado_id = ${envio.comunicado_id} AND usuario_id = ${envio.usuario_id}`);
    await countRead(tx, {
      comunicadoId: envio.comunicado_id,
      usuarioId: envio.usuario_id,
      lido: !envio.lido,
      dataLeitura: new Date(dataLeitura ?? now),
      confirmado: true,
    });
    await recordAudit(tx, {
      actorId: user.id,
      entity: 'comunicado_envio',
      entityId: envio.comunicado_id,
      action: 'confirmar_leitura',
      before: { lido: envio.lido, dataConfirmacao: null },
      after: { lido: true, dataLeitura, dataConfirmacao: now },
    });
    return true;
  });
  // Lower case as the database writes a uuid: the dashboard's stream matches it.
  if (changed) await ctx.events.publish(READS_CHANNEL, { comunicadoId: input.comunicadoId.toLowerCase() });
  return input.comunicadoId;
}

/** The dashboard's confirmation figures from its counters (0 when the communication does not ask for them). */
export function confirmationFigures(
  c: { exige_confirmacao: boolean },
  painel: { entregues: number; confirmados: number },
) {
  if (!c.exige_confirmacao) return { confirmacoes: 0, naoConfirmados: 0, taxaConfirmacao: 0 };
  return {
    confirmacoes: painel.confirmados,
    naoConfirmados: painel.entregues - painel.confirmados,
    taxaConfirmacao: painel.entregues ? painel.confirmados / painel.entregues : 0,
  };
}

/**
 * Recipients by name with their confirmation; `confirmado` filters; searchable by name or e-mail (the readers
 * list's order and search: `pageLeituras`, a search counting at most READERS_SEARCH_MAX_HITS, readersSearchCountSql).
 */
export async function pageConfirmacoes(
  db: DbOrTx,
  comunicadoId: string,
  filter: { busca?: string | null; confirmado?: boolean | null; page: number; rowsPerPage: number },
): Promise<LeiturasPage> {
  const conditions: SQL[] = [sql`e.comunicado_id = ${comunicadoId}`];
  if (filter.confirmado === true) conditions.push(sql`e.data_confirmacao IS NOT NULL`);
  if (filter.confirmado === false) conditions.push(sql`e.data_confirmacao IS NULL`);
  const busca = filter.busca?.trim();
  if (busca) conditions.push(userNameOrEmailLikeSql(busca));
  const where = sql.join(conditions, sql` AND `);
  const [content, total] = await Promise.all([
    db.execute(sql`SELECT e.usuario_id, u.nome, u.email::text AS email, e.lido, e.data_leitura, e.data_recebimento,
        e.data_confirmacao ${leiturasFromSql} WHERE ${where} ORDER BY u.nome_busca, u.id
        LIMIT ${filter.rowsPerPage} OFFSET ${filter.page * filter.rowsPerPage}`),
    db.execute(
      busca
        ? readersSearchCountSql(where)
        : sql`SELECT count(*)::int AS total, false AS limitado FROM comunicado_envio e WHERE ${where}`,
    ),
  ]);
  const counted = total.rows[0] as { total: number; limitado: boolean };
  return { content: content.rows as LeituraRow[], totalElements: counted.total, totalLimitado: counted.limitado };
}

/** A sent communication of the user (creator or approver), as the dashboard; else NOT_FOUND. */
async function sentOwn(ctx: GraphQLContext, id: string) {
  const c = await findOwnComunicado(ctx.services.db, requireUser(ctx).id, id);
  if (!c || (c.status !== 'ENVIADO' && c.status !== 'ARQUIVADO')) throw notFound();
  return c;
}

const date = (v: Date | string | null | undefined) => (v ? new Date(v) : null);

export const confirmationGuards: ModuleGuards = {
  Query: { confirmacoesComunicado: COMUNICADO_MANAGE_GUARD },
  Mutation: { confirmarLeituraComunicado: 'authenticated' },
};

const PAGE_SIZES = { max: 100, default: 10 };

export const confirmationResolvers: Resolvers = {
  Query: {
    confirmacoesComunicado: async (_, args, ctx) => {
      const c = await sentOwn(ctx, args.id);
      return pageConfirmacoes(ctx.services.db, c.id, {
        busca: args.busca,
        confirmado: args.confirmado,
        ...pageArgs(args, PAGE_SIZES),
      });
    },
  },
  Mutation: {
    confirmarLeituraComunicado: async (_, { idComunicado }, ctx) => {
      await confirmRead(actionContext(ctx), { comunicadoId: idComunicado });
      const envio = await findEnvio(ctx.services.db, requireUser(ctx).id, idComunicado);
      if (!envio) throw notFound();
      return envio;
    },
  },
  Comunicado: {
    exigeConfirmacao: (c) => Boolean(c.exige_confirmacao),
  },
  ComunicadoEnvio: {
    dataConfirmacao: (e: EnvioRow) => date(e.data_confirmacao),
  },
  LeituraDestinatario: {
    dataConfirmacao: (l) => date(l.data_confirmacao),
  },
};

export const confirmationSamples: Record<string, string> = {
  'Query.confirmacoesComunicado':
    '{ confirmacoesComunicado(id: "00000000-0000-0000-0000-000000000000", confirmado: false) { totalElements } }',
  'Mutation.confirmarLeituraComunicado':
    'mutation { confirmarLeituraComunicado(idComunicado: "00000000-0000-0000-0000-000000000000") { id } }',
};
