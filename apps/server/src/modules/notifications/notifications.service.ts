import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type ActionContext, inTransaction } from '../../platform/actions.js';
import type { DbOrTx } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import type { Events } from '../../platform/events.js';
import { sanitizeHtml } from '../../platform/html.js';
import { UUID } from '../../platform/sql.js';
import { recordAudit } from '../audit/audit.service.js';
import { notificationDeliveredToSql } from '../communications/communications.queries.js';
import { type PushKind, queuePush } from './notifications.push.service.js';
import { deliveredWithoutRowSql } from './notifications.queries.js';
import { notificacao, notificacaoUsuario, type TraducaoNotificacao } from './notifications.tables.js';

/** Channel on which unread-count changes are announced (payload: { usuarioId }). */
export const NOTIFICATIONS_CHANNEL = 'portal_notificacoes';

type NotificationContent = {
  titulo: string;
  texto: string;
  link?: string | null;
  produtoId?: string | null;
  /** What the web push says it is (a communication or a notification; docs/domains/notifications.md#web-push). */
  push?: PushKind;
  /**
   * The title and text in each language (issue 17 point 9): each user reads theirs, else `titulo`/`texto`; the
   * web push too.
   */
  traducoes?: TraducaoNotificacao[];
};

/**
 * What the bell's writes need of the action context: the database or the caller's transaction, and, to queue the
 * web push in that transaction, the jobs and configuration (every action context has them; a bare `{ db }`, as
 * some tests pass, pushes nothing).
 */
type DbContext = Pick<ActionContext, 'db'> & Partial<Pick<ActionContext, 'jobs' | 'config'>>;

/** Queues the notification's web push in its transaction, when the context can (`DbContext`). */
async function pushInTransaction(ctx: DbContext, tx: DbOrTx, notificacaoId: string, kind: PushKind = 'notificacao') {
  if (ctx.jobs && ctx.config)
    await queuePush({ db: tx, jobs: ctx.jobs, config: ctx.config }, { notificacaoId, tipo: kind });
}

/** Inserts the notification row (its `texto` through the allow-list sanitiser: the web renders it as HTML). */
async function insertNotification(db: DbOrTx, input: NotificationContent): Promise<string> {
  const [row] = await db
    .insert(notificacao)
    .values({
      titulo: input.titulo,
      texto: sanitizeHtml(input.texto),
      traducoes: (input.traducoes ?? []).map((t) => ({ ...t, texto: sanitizeHtml(t.texto) })),
      link: input.link ?? null,
      produtoId: input.produtoId ?? null,
    })
    .returning({ id: notificacao.id });
  return row.id;
}

/**
 * Creates one notification for a list of users, in the caller's transaction when `ctx.db` is one, with its
 * web push job (`queuePush`). A step of the caller's action (its audit row records why); publish with
 * `announce` after the transaction commits so live counts update on every instance.
 */
export async function createNotification(
  ctx: DbContext,
  input: NotificationContent & { usuarioIds: string[] },
): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const id = await insertNotification(tx, input);
    if (input.usuarioIds.length) {
      await tx
        .insert(notificacaoUsuario)
        .values(input.usuarioIds.map((usuarioId) => ({ notificacaoId: id, usuarioId })))
        .onConflictDoNothing();
      await pushInTransaction(ctx, tx, id, input.push);
    }
    return id;
  });
}

/**
 * Creates one notification for a set of users given as SQL, in one statement however many they are
 * (a communication to 100,000). `recipients` yields one column `id`: a SELECT (e.g. `audienceSql`),
 * or the caller's own INSERT … RETURNING, so its rows and the bell's are written in the same
 * statement without being read back. Each recipient must appear once. With no recipient, nothing
 * is kept (`id` null). Returns how many got it and the first ANNOUNCE_EACH_MAX + 1 of them, which is
 * what `announceTo` needs. A step of the caller's action, in its transaction (its audit row records
 * why).
 */
export async function notifyRecipients(
  ctx: DbContext,
  input: NotificationContent & { recipients: SQL },
): Promise<Recipients & { id: string | null }> {
  return ctx.db.transaction(async (tx) => {
    const id = await insertNotification(tx, input);
    const [written] = (
      await tx.execute(sql`WITH alvo AS (${input.recipients}),
        avisos AS (INSERT INTO notificacao_usuario (notificacao_id, usuario_id) SELECT ${id}, id FROM alvo
          RETURNING usuario_id)
        SELECT count(*)::int AS n, (array_agg(usuario_id))[1:${ANNOUNCE_EACH_MAX + 1}] AS ids FROM avisos`)
    ).rows as { n: number; ids: string[] | null }[];
    if (written.n === 0) {
      await tx.delete(notificacao).where(eq(notificacao.id, id));
      return { id: null, n: 0, ids: [] };
    }
    await pushInTransaction(ctx, tx, id, input.push);
    return { id, n: written.n, ids: written.ids ?? [] };
  });
}

/**
 * Creates the notification of a sent communication, whose recipients are its deliveries (decision 0053): the
 * notification row and its web push job, and no row per recipient (the bell finds them through the communications
 * module's `deliveredNotificationsOfUserSql`; a user's row is written when they first see or read it). The caller
 * links it to its communication and has at least one recipient. A step of the caller's action, in its transaction.
 */
export async function createDeliveredNotification(ctx: DbContext, input: NotificationContent): Promise<string> {
  return ctx.db.transaction(async (tx) => {
    const id = await insertNotification(tx, input);
    await pushInTransaction(ctx, tx, id, input.push);
    return id;
  });
}

/** Above this many users, one "everyone recount" event replaces one event per user. */
export const ANNOUNCE_EACH_MAX = 50;

/** How many users a notification reached, and the first ANNOUNCE_EACH_MAX + 1 of them. */
export type Recipients = { n: number; ids: string[] };

/**
 * Tells every instance that these users' counts changed. For a large audience (a communication to
 * 100,000) one `{ todos: true }` event makes each open stream recount instead.
 */
export async function announce(events: Events, usuarioIds: string[]): Promise<void> {
  if (usuarioIds.length > ANNOUNCE_EACH_MAX) return announceEveryone(events);
  for (const usuarioId of usuarioIds) await events.publish(NOTIFICATIONS_CHANNEL, { usuarioId });
}

/** `announce` for what `notifyRecipients` returned: one event each when few, one recount when many. */
export async function announceTo(events: Events, sent: Recipients): Promise<void> {
  if (sent.n > ANNOUNCE_EACH_MAX) return announceEveryone(events);
  return announce(events, sent.ids);
}

/** Tells every open bell, on every instance, to recount (a large audience). */
export function announceEveryone(events: Events): Promise<void> {
  return events.publish(NOTIFICATIONS_CHANNEL, { todos: true });
}

/** Marks all notifications of the signed-in user as seen (bell closed), audited when any changed. */
export function markAllSeen(ctx: ActionContext): Promise<number> {
  return markAll(ctx, 'vistas');
}

/**
 * Marks every notification of the signed-in user as read (and seen), at any time (issue 17 point 9), audited when
 * any changed. Returns how many changed.
 */
export function markAllRead(ctx: ActionContext): Promise<number> {
  return markAll(ctx, 'lidas');
}

/**
 * The two "mark all" of the signed-in user: `vistas` marks the unseen ones seen, `lidas` the unread ones read (and
 * seen). One audit row with how many changed; the badge's count is announced when any did.
 */
async function markAll(ctx: ActionContext, what: 'vistas' | 'lidas'): Promise<number> {
  const actor = ctx.actor;
  if (!actor) throw notFound();
  const read = what === 'lidas';
  const changed = await inTransaction(ctx, async (tx) => {
    const rows = await tx
      .update(notificacaoUsuario)
      .set(read ? { vista: true, lida: true, dataLeitura: ctx.clock.now() } : { vista: true })
      .where(
        and(
          eq(notificacaoUsuario.usuarioId, actor.id),
          read ? eq(notificacaoUsuario.lida, false) : eq(notificacaoUsuario.vista, false),
        ),
      )
      .returning({ id: notificacaoUsuario.notificacaoId });
    // The notifications the user's deliveries brought with no row yet (decision 0053) get theirs, seen (and read).
    const delivered = (
      await tx.execute(sql`INSERT INTO notificacao_usuario (notificacao_id, usuario_id, vista, lida, data_leitura)
        SELECT d.notificacao_id, ${actor.id}::uuid, true, ${read}::boolean, ${read ? ctx.clock.now() : null}::timestamptz
          FROM (${deliveredWithoutRowSql(actor.id)}) d
        ON CONFLICT DO NOTHING RETURNING notificacao_id`)
    ).rows.length;
    const n = rows.length + delivered;
    if (n) {
      await recordAudit(tx, {
        actorId: actor.id,
        entity: 'notificacao',
        entityId: actor.id,
        action: 'editar',
        after: { [what]: n },
      });
    }
    return n;
  });
  if (changed) await announce(ctx.events, [actor.id]);
  return changed;
}

/**
 * Marks one notification of the signed-in user as read (and seen), audited. Another user's or an
 * unknown id is NOT_FOUND. Returns the notification's id.
 */
export async function markRead(ctx: ActionContext, input: { id: string }): Promise<string> {
  const actor = ctx.actor;
  const notificacaoId = input.id;
  if (!actor || !UUID.test(notificacaoId)) throw notFound();
  const changedSeen = await inTransaction(ctx, async (tx) => {
    const where = and(eq(notificacaoUsuario.usuarioId, actor.id), eq(notificacaoUsuario.notificacaoId, notificacaoId));
    // A notification the user's deliveries brought (decision 0053) gets its row first, unseen and unread: then it is
    // marked like any other (a concurrent mark may have written it: nothing is inserted twice).
    await tx.execute(sql`INSERT INTO notificacao_usuario (notificacao_id, usuario_id)
      SELECT ${notificacaoId}::uuid, ${actor.id}::uuid WHERE ${notificationDeliveredToSql(notificacaoId, actor.id)}
      ON CONFLICT DO NOTHING`);
    const [before] = await tx
      .select({ vista: notificacaoUsuario.vista, lida: notificacaoUsuario.lida })
      .from(notificacaoUsuario)
      .where(where)
      .for('update');
    if (!before) throw notFound();
    if (before.lida && before.vista) return false;
    const [after] = await tx
      .update(notificacaoUsuario)
      .set({ vista: true, lida: true, dataLeitura: ctx.clock.now() })
      .where(where)
      .returning({
        vista: notificacaoUsuario.vista,
        lida: notificacaoUsuario.lida,
        dataLeitura: notificacaoUsuario.dataLeitura,
      });
    await recordAudit(tx, {
      actorId: actor.id,
      entity: 'notificacao',
      entityId: notificacaoId,
      action: 'editar',
      before,
      after,
    });
    return !before.vista;
  });
  if (changedSeen) await announce(ctx.events, [actor.id]);
  return notificacaoId;
}
