import { COMUNICADO_MANAGE_GUARD } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Resolvers } from '../../generated/graphql.js';
import { type ActionContext, actionContext, inTransaction, pageArgs } from '../../platform/actions.js';
import type { DbOrTx, Tx } from '../../platform/db.js';
import { AppError, forbidden, notFound } from '../../platform/errors.js';
import { type GraphQLContext, requireUser } from '../../platform/graphql/context.js';
import type { ModuleGuards } from '../../platform/graphql/guards.js';
import { recordAudit } from '../audit/audit.service.js';
import { userSummarySql } from '../users/users.queries.js';
import { READS_CHANNEL } from './communications.channels.js';
import {
  type EnvioRow,
  findComunicado,
  findEnvio,
  findOwnComunicado,
  type LeituraRow,
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

/** Confirmations of a communication's deliveries (0 when it does not ask for them). */
export async function confirmationTotals(db: DbOrTx, comunicadoId: string) {
  const [row] = (
    await db.execute(sql`SELECT count(*) FILTER (WHERE e.data_confirmacao IS NOT NULL)::int AS confirmados,
        count(*)::int AS entregues, bool_or(c.exige_confirmacao) AS exige
      FROM comunicado c LEFT JOIN comunicado_envio e ON e.comunicado_id = c.id WHERE c.id = ${comunicadoId}
      GROUP BY c.id`)
  ).rows as { confirmados: number; entregues: number; exige: boolean | null }[];
  if (!row?.exige) return { confirmacoes: 0, naoConfirmados: 0, taxaConfirmacao: 0 };
  return {
    confirmacoes: row.confirmados,
    naoConfirmados: row.entregues - row.confirmados,
    taxaConfirmacao: row.entregues ? row.confirmados / row.entregues : 0,
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Recipients by name with their confirmation; `confirmado` filters; searchable by name or e-mail. */
export async function pageConfirmacoes(
  db: DbOrTx,
  comunicadoId: string,
  filter: { busca?: string | null; confirmado?: boolean | null; page: number; rowsPerPage: number },
): Promise<{ content: LeituraRow[]; totalElements: number }> {
  const conditions: SQL[] = [sql`e.comunicado_id = ${comunicadoId}`];
  if (filter.confirmado === true) conditions.push(sql`e.data_confirmacao IS NOT NULL`);
  if (filter.confirmado === false) conditions.push(sql`e.data_confirmacao IS NULL`);
  if (filter.busca?.trim()) {
    const pattern = `%${escapeLike(filter.busca.trim())}%`;
    conditions.push(sql`(immutable_unaccent(lower(u.nome)) LIKE immutable_unaccent(lower(${pattern}))
      OR lower(u.email::text) LIKE lower(${pattern}))`);
  }
  const where = sql.join(conditions, sql` AND `);
  const from = sql`FROM comunicado_envio e JOIN (${userSummarySql}) u ON u.id = e.usuario_id`;
  const [content, total] = await Promise.all([
    db.execute(sql`SELECT e.usuario_id, u.nome, u.email::text AS email, e.lido, e.data_leitura, e.data_recebimento,
        e.data_confirmacao ${from} WHERE ${where} ORDER BY u.nome, e.usuario_id
        LIMIT ${filter.rowsPerPage} OFFSET ${filter.page * filter.rowsPerPage}`),
    db.execute(sql`SELECT count(*)::int AS total ${from} WHERE ${where}`),
  ]);
  return {
    content: content.rows as LeituraRow[],
    totalElements: (total.rows[0] as { total: number }).total,
  };
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
