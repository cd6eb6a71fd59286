import { COMUNICADO_MANAGE_GUARD, comunicadoVersion, IDIOMAS, type Idioma, LOCALE_BY_IDIOMA } from '@portal/domain';
import { type Locale, t } from '@portal/i18n';
import { type SQL, sql } from 'drizzle-orm';
import { fromDrizzle } from 'pg-boss';
import { z } from 'zod';
import type { Resolvers } from '../../generated/graphql.js';
import { type ActionContext, actionContext, inTransaction, parseInput, systemContext } from '../../platform/actions.js';
import type { DbOrTx } from '../../platform/db.js';
import { AppError, badInput, forbidden, notFound } from '../../platform/errors.js';
import type { GraphQLContext } from '../../platform/graphql/context.js';
import type { ModuleGuards } from '../../platform/graphql/guards.js';
import type { JobContext } from '../../platform/module.js';
import type { Services } from '../../platform/services.js';
import { recordAudit } from '../audit/audit.service.js';
import { announceTo, notifyRecipients, type Recipients } from '../notifications/notifications.service.js';
import { userSummarySql } from '../users/users.queries.js';
import { recordHistory } from './communications.history.js';
import { type ComunicadoRow, findComunicado } from './communications.queries.js';
import { escapeText } from './communications.service.js';

// Reminders (issue 17 point 5, docs/domains/communications.md#reminders): from the dashboard, the creator or approver
// of a sent communication reminds the recipients who have not read it (or not confirmed it) with a bell
// notification (in each one's language, with its web push) and an e-mail; at most once per
// COMUNICADO_REMINDER_INTERVAL_HOURS per communication; each reminder is kept (comunicado_lembrete) and audited on the
// communication (`enviar_lembrete`), so its history shows it.

/** Queue of a reminder's e-mails (batched, after the reminder's transaction commits). */
export const REMINDER_EMAIL_QUEUE = 'comunicado.lembrete.emails';
/** E-mails queued per job run: the rest go in the next run (a keyset cursor in the job's data). */
const EMAIL_BATCH = 500;

export const ALVOS_LEMBRETE = ['NAO_LIDOS', 'NAO_CONFIRMADOS'] as const;
export type AlvoLembrete = (typeof ALVOS_LEMBRETE)[number];
const reminderSchema = z.object({ alvo: z.enum(ALVOS_LEMBRETE) });

export type LembreteRow = { id?: string; alvo: AlvoLembrete; enviado_em: Date | string; destinatarios: number };

/** Those a reminder with `alvo` reaches: active recipients, active users, not read (or not confirmed). */
function pendingSql(comunicadoId: string, alvo: AlvoLembrete): SQL {
  const pending = alvo === 'NAO_LIDOS' ? sql`NOT e.lido` : sql`e.data_confirmacao IS NULL`;
  return sql`e.comunicado_id = ${comunicadoId} AND e.active AND ${pending}`;
}

/** The latest reminder of a communication, or null. */
export async function lastReminder(db: DbOrTx, comunicadoId: string): Promise<LembreteRow | null> {
  const [row] = (
    await db.execute(sql`SELECT id, alvo, enviado_em, destinatarios FROM comunicado_lembrete
      WHERE comunicado_id = ${comunicadoId} ORDER BY enviado_em DESC LIMIT 1`)
  ).rows as LembreteRow[];
  return row ?? null;
}

/** When the next reminder may be sent after `last` (null: now). */
export function nextReminderAt(config: { reminderIntervalMs: number }, last: LembreteRow | null, now: Date) {
  if (!last) return null;
  const next = new Date(new Date(last.enviado_em).getTime() + config.reminderIntervalMs);
  return next > now ? next : null;
}

/**
 * Sends a reminder of a sent communication (its creator or approver; anyone else, or a communication not sent:
 * NOT_FOUND; archived: CONFLICT) to those who have not read it or, when it asks for confirmation, not confirmed it.
 * Refused (CONFLICT) before the interval since the previous one has passed, and (BAD_USER_INPUT) when nobody is
 * pending. In one transaction: the bell notifications (one per language) with their pushes, the reminder, its audit
 * row and the e-mail job.
 */
export async function sendReminder(ctx: ActionContext, input: { id: string; alvo: string }): Promise<LembreteRow> {
  const user = ctx.actor;
  if (!user) throw forbidden();
  const { alvo } = parseInput(reminderSchema, { alvo: input.alvo });
  const result = await inTransaction(ctx, async (tx, txCtx) => {
    const c = await findComunicado(tx, input.id, true);
    if (!c || (c.criador_id !== user.id && c.aprovador_id !== user.id)) throw notFound();
    if (c.status === 'ARQUIVADO') throw new AppError('CONFLICT', 'communicationsConfirmation.reminderArchived');
    if (c.status !== 'ENVIADO') throw notFound();
    if (alvo === 'NAO_CONFIRMADOS' && !c.exige_confirmacao)
      throw badInput({ alvo: 'communicationsConfirmation.notAsked' }, 'communicationsConfirmation.notAsked');
    const now = ctx.clock.now();
    const next = nextReminderAt(ctx.config, await lastReminder(tx, c.id), now);
    if (next) throw new AppError('CONFLICT', 'communicationsConfirmation.reminderTooSoon', undefined, { data: next });
    const sent: Recipients = { n: 0, ids: [] };
    for (const idioma of IDIOMAS) {
      const locale = LOCALE_BY_IDIOMA[idioma];
      const written = await notifyRecipients(txCtx, {
        // The title of the recipients' language version (decision 0042).
        titulo: t(locale, 'communicationsConfirmation.reminderTitle', { titulo: comunicadoVersion(c, idioma).titulo }),
        texto: `<p>${escapeText(t(locale, `communicationsConfirmation.reminderText.${alvo}`))}</p>`,
        link: `/comunicados/visualizarEnvio/${c.id}`,
        push: 'comunicado',
        recipients: sql`SELECT e.usuario_id AS id FROM comunicado_envio e
          JOIN (${userSummarySql}) u ON u.id = e.usuario_id AND u.active AND u.idioma = ${idioma}
          WHERE ${pendingSql(c.id, alvo)}`,
      });
      sent.n += written.n;
      sent.ids.push(...written.ids);
    }
    if (!sent.n)
      throw badInput(
        { alvo: 'communicationsConfirmation.reminderNobody' },
        'communicationsConfirmation.reminderNobody',
      );
    const [row] = (
      await tx.execute(sql`INSERT INTO comunicado_lembrete (comunicado_id, usuario_id, alvo, enviado_em, destinatarios)
        VALUES (${c.id}, ${user.id}, ${alvo}, ${now}, ${sent.n}) RETURNING id, alvo, enviado_em, destinatarios`)
    ).rows as LembreteRow[];
    await ctx.jobs.send(
      REMINDER_EMAIL_QUEUE,
      { lembreteId: row.id, after: null },
      { retryLimit: 10, retryDelay: 5, db: fromDrizzle(tx, sql) },
    );
    await recordAudit(tx, {
      actorId: user.id,
      entity: 'comunicado',
      entityId: c.id,
      action: 'enviar_lembrete',
      after: { alvo, destinatarios: sent.n, enviadoEm: now },
    });
    // Kept in the communication's history (decision 0041).
    await recordHistory(tx, {
      comunicadoId: c.id,
      evento: 'LEMBRETE',
      atorId: user.id,
      data: now,
      detalhes: { destinatarios: sent.n, alvo },
    });
    return { row, sent };
  });
  await announceTo(ctx.events, result.sent);
  return result.row;
}

type ReminderEmailJob = { lembreteId: string; after: string | null };

/**
 * Mails one batch of a reminder's recipients (still pending, by user id after the cursor), each in their language,
 * through the outbox; queues itself for the next batch in the same transaction. Returns how many it queued.
 */
export async function sendReminderEmails(services: Services | ActionContext, job: ReminderEmailJob): Promise<number> {
  const ctx = systemContext(services);
  return inTransaction(ctx, async (tx) => {
    const [lembrete] = (
      await tx.execute(sql`SELECT comunicado_id, alvo FROM comunicado_lembrete WHERE id = ${job.lembreteId}`)
    ).rows as { comunicado_id: string; alvo: AlvoLembrete }[];
    if (!lembrete) return 0;
    const c = await findComunicado(tx, lembrete.comunicado_id);
    if (!c) return 0;
    const after = job.after ? sql`AND e.usuario_id > ${job.after}::uuid` : sql``;
    const users = (
      await tx.execute(sql`SELECT e.usuario_id, u.email::text AS email, u.idioma FROM comunicado_envio e
        JOIN (${userSummarySql}) u ON u.id = e.usuario_id AND u.active
       WHERE ${pendingSql(c.id, lembrete.alvo)} ${after} ORDER BY e.usuario_id LIMIT ${EMAIL_BATCH}`)
    ).rows as { usuario_id: string; email: string; idioma: keyof typeof LOCALE_BY_IDIOMA }[];
    for (const u of users) await ctx.mailer.queue(tx, reminderMessage(ctx, c, lembrete.alvo, u.email, u.idioma));
    if (users.length === EMAIL_BATCH) {
      await ctx.jobs.send(
        REMINDER_EMAIL_QUEUE,
        { lembreteId: job.lembreteId, after: users[users.length - 1].usuario_id },
        { retryLimit: 10, retryDelay: 5, db: fromDrizzle(tx, sql) },
      );
    }
    return users.length;
  });
}

/** A reminder's e-mail in the recipient's language, with the communication's version of it (decision 0042). */
function reminderMessage(ctx: ActionContext, original: ComunicadoRow, alvo: AlvoLembrete, to: string, idioma: Idioma) {
  const locale: Locale = LOCALE_BY_IDIOMA[idioma] ?? 'pt-BR';
  const c = { ...original, ...comunicadoVersion(original, idioma) };
  const link = `${ctx.config.publicUrl}/comunicados/visualizarEnvio/${c.id}`;
  const open = t(locale, 'communicationsApi.emailOpen');
  const why = t(locale, `communicationsConfirmation.reminderText.${alvo}`);
  return {
    to,
    subject: t(locale, 'communicationsConfirmation.reminderTitle', { titulo: c.titulo }),
    html: `<p><strong>${escapeText(why)}</strong></p>${c.mensagem}<p><a href="${escapeText(link)}">${escapeText(open)}</a></p>`,
    text: `${why}\n\n${c.titulo}\n\n${c.mensagem
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()}\n\n${open}: ${link}`,
  };
}

/** Starts the reminders' e-mail worker of this instance. */
export async function startReminderJobs({ services }: JobContext) {
  await services.jobs.work<ReminderEmailJob>(REMINDER_EMAIL_QUEUE, async (job) => {
    await sendReminderEmails(services, job);
  });
}

const date = (v: Date | string) => new Date(v);

export const reminderGuards: ModuleGuards = {
  Mutation: { enviarLembreteComunicado: COMUNICADO_MANAGE_GUARD },
};

export const reminderResolvers: Resolvers = {
  Mutation: {
    enviarLembreteComunicado: (_, { id, alvo }, ctx) => sendReminder(actionContext(ctx), { id, alvo }) as never,
  },
  LembreteComunicado: {
    enviadoEm: (l) => date((l as unknown as LembreteRow).enviado_em),
  },
  DashboardComunicado: {
    ultimoLembrete: (d, _, ctx: GraphQLContext) => lastReminder(ctx.services.db, d.comunicado.id) as never,
    proximoLembreteEm: async (d, _, ctx: GraphQLContext) =>
      d.comunicado.status === 'ENVIADO'
        ? nextReminderAt(
            ctx.services.config,
            await lastReminder(ctx.services.db, d.comunicado.id),
            ctx.services.clock.now(),
          )
        : null,
  },
};

export const reminderSamples: Record<string, string> = {
  'Mutation.enviarLembreteComunicado':
    'mutation { enviarLembreteComunicado(id: "00000000-0000-0000-0000-000000000000", alvo: NAO_LIDOS) { destinatarios } }',
};
