import { comunicadoVersion, htmlToText, IDIOMAS, type Idioma, LOCALE_BY_IDIOMA, originalIdioma } from '@portal/domain';
import { t } from '@portal/i18n';
import { sql } from 'drizzle-orm';
import { fromDrizzle } from 'pg-boss';
import { type ActionContext, actorId, inTransaction, systemContext } from '../../platform/actions.js';
import type { JobContext } from '../../platform/module.js';
import type { Services } from '../../platform/services.js';
import { recordAudit } from '../audit/audit.service.js';
import { ANNOUNCE_EACH_MAX, announceTo, createDeliveredNotification } from '../notifications/notifications.service.js';
import { departmentsByIds, userSummarySql } from '../users/users.queries.js';
import { recordHistory } from './communications.history.js';
import {
  audienceOf,
  type ComunicadoRow,
  externalEmails,
  findComunicado,
  recipientsSql,
} from './communications.queries.js';
import { EMAIL_QUEUE, escapeText, SEND_QUEUE } from './communications.service.js';

/** E-mails queued per job run: the rest go in the next run of the same job. */
const EMAIL_BATCH = 500;

/**
 * The fan-out (issue 5, point 4), a job of the system (`systemContext`): in ONE transaction, one
 * delivery per recipient (the unique (comunicado, usuario) pair makes retries and concurrent
 * workers harmless), one notification whose recipients are those deliveries (the notifications module's
 * `createDeliveredNotification`, decision 0053), the status to ENVIADO and the e-mail job. A communication that is no longer
 * APROVADO was sent already: nothing happens. Returns how many users got a delivery now.
 */
export async function fanOut(services: Services | ActionContext, comunicadoId: string): Promise<{ n: number }> {
  const ctx = systemContext(services);
  const sent = await inTransaction(ctx, async (tx, txCtx) => {
    const c = await findComunicado(tx, comunicadoId, true);
    if (c?.status !== 'APROVADO') return { n: 0, ids: [] };
    const now = ctx.clock.now();
    const audience = await audienceOf(tx, c);
    // The recipients of 100,000 users are sorted and de-duplicated in memory (about 10 MB) rather than in temp
    // files on disk (PostgreSQL's default 4 MB): about 60 ms of the fan-out.
    await tx.execute(sql`SET LOCAL work_mem = '32MB'`);
    // The deliveries in one statement, in user order: each index they enter (the key (comunicado, usuario) at its
    // right edge, the user index) is walked once from left to right instead of at 100,000 random places.
    // Plain INSERT: the row lock above and the APROVADO check let one transaction through, and the primary key
    // (comunicado, usuario) would fail a second writer rather than duplicate a delivery.
    const [written] = (
      await tx.execute(sql`WITH novos AS (
          INSERT INTO comunicado_envio (comunicado_id, usuario_id, data_recebimento)
          SELECT ${c.id}, r.id, ${now} FROM (${recipientsSql(audience)}) r ORDER BY r.id RETURNING usuario_id)
        SELECT count(*)::int AS n, (array_agg(usuario_id))[1:${ANNOUNCE_EACH_MAX + 1}] AS ids FROM novos`)
    ).rows as { n: number; ids: string[] | null }[];
    const delivered = { n: written.n, ids: written.ids ?? [] };
    // The bell's notification reaches the recipients through these deliveries (decision 0053): one row, no row per
    // recipient.
    const notificacaoId = delivered.n
      ? await createDeliveredNotification(txCtx, {
          ...(await notificationContent(tx, c)),
          link: `/comunicados/visualizarEnvio/${c.id}`,
          push: 'comunicado',
        })
      : null;
    for (const email of audience.idOriginal ? [] : await externalEmails(tx, audience.emailsAvulsos)) {
      await tx.execute(sql`INSERT INTO comunicado_email_avulso (comunicado_id, email) VALUES (${c.id}, ${email})
        ON CONFLICT DO NOTHING`);
    }
    await tx.execute(sql`UPDATE comunicado SET status = 'ENVIADO', envio_date_time = ${now}, atualizado_em = now(),
        notificacao_id = ${notificacaoId} WHERE id = ${c.id}`);
    await ctx.jobs.send(
      EMAIL_QUEUE,
      { comunicadoId: c.id },
      { retryLimit: 10, retryDelay: 5, db: fromDrizzle(tx, sql) },
    );
    await recordAudit(tx, {
      actorId: null,
      entity: 'comunicado',
      entityId: c.id,
      action: 'enviar',
      before: { status: 'APROVADO' },
      after: { status: 'ENVIADO', destinatarios: delivered.n },
    });
    await recordHistory(tx, {
      comunicadoId: c.id,
      evento: 'ENVIO',
      atorId: null,
      data: now,
      detalhes: { destinatarios: delivered.n },
    });
    return delivered;
  });
  // Many recipients: one "everyone recount" event; few: one event each.
  await announceTo(ctx.events, sent);
  return { n: sent.n };
}

/** How long the excerpt of a communication's notification is, in characters. */
export const EXCERPT_MAX = 160;

/** The first EXCERPT_MAX characters of a message's text, cut at a word, with an ellipsis when cut. */
export function excerptOf(html: string): string {
  const text = htmlToText(html).replace(/\s+/g, ' ');
  if (text.length <= EXCERPT_MAX) return text;
  const cut = text.slice(0, EXCERPT_MAX);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), EXCERPT_MAX / 2)).trimEnd()}…`;
}

/**
 * A sent communication's notification (issue 17 points 6 and 9): per language, the title of that language's version,
 * the sender (the creator, and the department when there is one) and a short excerpt of the message; the default is
 * the original's.
 */
async function notificationContent(tx: Parameters<typeof recordHistory>[0], c: ComunicadoRow) {
  const [creator] = (await tx.execute(sql`SELECT u.nome FROM (${userSummarySql}) u WHERE u.id = ${c.criador_id}`))
    .rows as { nome: string }[];
  const [department] = c.departamento_id ? await departmentsByIds(tx, [c.departamento_id]) : [];
  const sender = department ? `${creator?.nome ?? ''} · ${department.nome}` : (creator?.nome ?? '');
  const version = (idioma: Idioma) => {
    const v = comunicadoVersion(c, idioma);
    const from = t(LOCALE_BY_IDIOMA[idioma], 'communicationsHistory.notification.from', { nome: sender });
    return {
      idioma,
      titulo: v.titulo,
      texto: `<p><strong>${escapeText(from)}</strong></p><p>${escapeText(excerptOf(v.mensagem))}</p>`,
    };
  };
  const traducoes = IDIOMAS.map(version);
  const original = version(originalIdioma(c));
  return { titulo: original.titulo, texto: original.texto, traducoes };
}

/** Mails one batch of recipients (their language) and manual addresses; queues itself again until done. */
export async function sendEmails(services: Services | ActionContext, comunicadoId: string): Promise<number> {
  const ctx = systemContext(services);
  return inTransaction(ctx, async (tx) => {
    const c = await findComunicado(tx, comunicadoId);
    if (!c) return 0;
    const users = (
      await tx.execute(sql`SELECT e.usuario_id, u.email::text AS email, u.idioma FROM comunicado_envio e
        JOIN (${userSummarySql}) u ON u.id = e.usuario_id
       WHERE e.comunicado_id = ${c.id} AND e.email_enviado_em IS NULL
       ORDER BY e.usuario_id LIMIT ${EMAIL_BATCH} FOR UPDATE OF e SKIP LOCKED`)
    ).rows as { usuario_id: string; email: string; idioma: Idioma }[];
    for (const u of users) {
      await ctx.mailer.queue(tx, message(ctx, c, u.email, u.idioma));
      await tx.execute(sql`UPDATE comunicado_envio SET email_enviado_em = now()
        WHERE comunicado_id = ${c.id} AND usuario_id = ${u.usuario_id}`);
    }
    const room = EMAIL_BATCH - users.length;
    const manual = room
      ? ((
          await tx.execute(sql`SELECT email FROM comunicado_email_avulso
           WHERE comunicado_id = ${c.id} AND enviado_em IS NULL ORDER BY email LIMIT ${room} FOR UPDATE SKIP LOCKED`)
        ).rows as { email: string }[])
      : [];
    for (const m of manual) {
      await ctx.mailer.queue(tx, message(ctx, c, m.email, originalIdioma(c)));
      await tx.execute(sql`UPDATE comunicado_email_avulso SET enviado_em = now()
        WHERE comunicado_id = ${c.id} AND email = ${m.email}`);
    }
    const sent = users.length + manual.length;
    if (sent === EMAIL_BATCH) {
      await ctx.jobs.send(
        EMAIL_QUEUE,
        { comunicadoId: c.id },
        { retryLimit: 10, retryDelay: 5, db: fromDrizzle(tx, sql) },
      );
    }
    return sent;
  });
}

/** The e-mail of a communication in the recipient's language: their version, else the original (decision 0042). */
function message(services: ActionContext, c: ComunicadoRow, to: string, idioma: Idioma) {
  const link = `${services.config.publicUrl}/comunicados/visualizarEnvio/${c.id}`;
  const locale = LOCALE_BY_IDIOMA[idioma] ?? 'pt-BR';
  const open = t(locale, 'communicationsApi.emailOpen');
  const v = comunicadoVersion(c, idioma);
  return {
    to,
    subject: v.titulo,
    html: `${v.mensagem}<p><a href="${escapeText(link)}">${escapeText(open)}</a></p>`,
    text: `${v.titulo}\n\n${v.mensagem
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()}\n\n${open}: ${link}`,
  };
}

/**
 * Scheduled sends that are due (by the server's clock) move to APROVADO and get their fan-out job,
 * in one transaction: the status lives in the database, so a restart loses nothing, and with several
 * instances the row lock hands each one to exactly one of them.
 */
export async function fireDueSchedules(services: Services | ActionContext): Promise<string[]> {
  const ctx = systemContext(services);
  return inTransaction(ctx, async (tx) => {
    const due = (
      await tx.execute(sql`UPDATE comunicado SET status = 'APROVADO', atualizado_em = now()
        WHERE id IN (SELECT id FROM comunicado WHERE status = 'AGENDADO' AND data_hora_agendamento <= ${ctx.clock.now()}
                      ORDER BY data_hora_agendamento FOR UPDATE SKIP LOCKED LIMIT 100)
        RETURNING id`)
    ).rows as { id: string }[];
    for (const { id } of due) {
      await ctx.jobs.send(
        SEND_QUEUE,
        { comunicadoId: id },
        { singletonKey: id, retryLimit: 5, retryDelay: 2, db: fromDrizzle(tx, sql) },
      );
      await recordAudit(tx, {
        actorId: actorId(ctx),
        entity: 'comunicado',
        entityId: id,
        action: 'disparar',
        before: { status: 'AGENDADO' },
        after: { status: 'APROVADO' },
      });
      await recordHistory(tx, { comunicadoId: id, evento: 'DISPARO', atorId: null, data: ctx.clock.now() });
    }
    return due.map((d) => d.id);
  });
}

/** Starts the workers and the schedule sweep of this instance (stopped when the server closes). */
export async function startCommunicationJobs({ services, log, onClose }: JobContext) {
  await services.jobs.work<{ comunicadoId: string }>(SEND_QUEUE, async ({ comunicadoId }) => {
    await fanOut(services, comunicadoId);
  });
  await services.jobs.work<{ comunicadoId: string }>(EMAIL_QUEUE, async ({ comunicadoId }) => {
    await sendEmails(services, comunicadoId);
  });
  let running = false;
  const sweep = async () => {
    if (running) return;
    running = true;
    try {
      await fireDueSchedules(services);
    } catch (err) {
      log(err, 'scheduled communications: sweep failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(sweep, services.config.scheduleSweepMs);
  timer.unref();
  onClose(() => clearInterval(timer));
}
