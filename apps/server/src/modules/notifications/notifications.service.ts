import { isNotificationLink } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db.js';
import { badInput, notFound } from '../../platform/errors.js';
import type { Events } from '../../platform/events.js';
import type { CurrentUser } from '../../platform/graphql/context.js';
import { sanitizeHtml } from '../../platform/html.js';
import { UUID } from '../../platform/sql.js';
import { recordAudit } from '../audit/audit.service.js';
import { activeAudienceIds } from '../users/users.queries.js';
import { notificacao, notificacaoUsuario } from './notifications.tables.js';

/** Channel on which unread-count changes are announced (payload: { usuarioId }). */
export const NOTIFICATIONS_CHANNEL = 'portal_notificacoes';

/**
 * Creates one notification for a list of users in the caller's transaction. Publish the change with
 * `announce` after the transaction commits so live counts update on every instance. `texto` is stored
 * through the allow-list sanitiser (the web renders it as HTML).
 */
export async function createNotification(
  tx: DbOrTx,
  input: { titulo: string; texto: string; link?: string | null; produtoId?: string | null; usuarioIds: string[] },
): Promise<string> {
  const [row] = await tx
    .insert(notificacao)
    .values({
      titulo: input.titulo,
      texto: sanitizeHtml(input.texto),
      link: input.link ?? null,
      produtoId: input.produtoId ?? null,
    })
    .returning({ id: notificacao.id });
  if (input.usuarioIds.length) {
    await tx
      .insert(notificacaoUsuario)
      .values(input.usuarioIds.map((usuarioId) => ({ notificacaoId: row.id, usuarioId })))
      .onConflictDoNothing();
  }
  return row.id;
}

export type GenericNotificationInput = {
  titulo: string;
  texto: string;
  link?: string | null;
  idsUsuarios?: string[] | null;
  idsGruposUsuarios?: string[] | null;
};

/**
 * Sends a generic notification (SPEC §1: administered by holders of PORTAL_NOTIFICACOES_GENERICAS) to
 * the active users listed and the members of the user groups listed, audited, then announced so
 * the bells update live. Returns how many users received it.
 */
export async function sendGenericNotification(
  db: Db,
  events: Events,
  actor: CurrentUser,
  input: GenericNotificationInput,
): Promise<number> {
  const titulo = input.titulo.trim();
  const texto = input.texto.trim();
  const link = input.link?.trim() || null;
  const usuarioIds = (input.idsUsuarios ?? []).filter((id) => UUID.test(id));
  const grupoUsuariosIds = (input.idsGruposUsuarios ?? []).filter((id) => UUID.test(id));
  const errors: Record<string, string> = {};
  if (!titulo) errors.titulo = 'validation.required';
  else if (titulo.length > 200) errors.titulo = 'validation.invalid';
  if (!texto) errors.texto = 'validation.required';
  if (link && !isNotificationLink(link)) errors.link = 'validation.invalidFormat';
  if (Object.keys(errors).length) throw badInput(errors);

  const recipients = await db.transaction(async (tx) => {
    const ids = await activeAudienceIds(tx, { usuarioIds, grupoUsuariosIds });
    if (!ids.length) throw badInput({ destinatarios: 'notifications.noRecipients' }, 'notifications.noRecipients');
    const id = await createNotification(tx, { titulo, texto, link, usuarioIds: ids });
    await recordAudit(tx, {
      actorId: actor.id,
      entity: 'notificacao',
      entityId: id,
      action: 'criar',
      after: { titulo, link, destinatarios: ids.length, usuarioIds, grupoUsuariosIds },
    });
    return ids;
  });
  await announce(events, recipients);
  return recipients.length;
}

/** Above this many users, one "everyone recount" event replaces one event per user. */
export const ANNOUNCE_EACH_MAX = 50;

/**
 * Tells every instance that these users' counts changed. For a large audience (a communication to
 * 100,000) one `{ todos: true }` event makes each open stream recount instead.
 */
export async function announce(events: Events, usuarioIds: string[]): Promise<void> {
  if (usuarioIds.length > ANNOUNCE_EACH_MAX) return announceEveryone(events);
  for (const usuarioId of usuarioIds) await events.publish(NOTIFICATIONS_CHANNEL, { usuarioId });
}

/** Tells every open bell, on every instance, to recount (a large audience). */
export function announceEveryone(events: Events): Promise<void> {
  return events.publish(NOTIFICATIONS_CHANNEL, { todos: true });
}

/** Marks all notifications of the signed-in user as seen (bell closed). */
export async function markAllSeen(db: Db, events: Events, actor: CurrentUser): Promise<number> {
  const changed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(notificacaoUsuario)
      .set({ vista: true })
      .where(and(eq(notificacaoUsuario.usuarioId, actor.id), eq(notificacaoUsuario.vista, false)))
      .returning({ id: notificacaoUsuario.notificacaoId });
    if (rows.length) {
      await recordAudit(tx, {
        actorId: actor.id,
        entity: 'notificacao',
        entityId: actor.id,
        action: 'editar',
        after: { vistas: rows.length },
      });
    }
    return rows.length;
  });
  if (changed) await announce(events, [actor.id]);
  return changed;
}

/**
 * Marks one notification of the signed-in user as read (and seen). Another user's or an unknown id
 * is NOT_FOUND. Returns the notification's id.
 */
export async function markRead(db: Db, events: Events, actor: CurrentUser, notificacaoId: string): Promise<string> {
  if (!UUID.test(notificacaoId)) throw notFound();
  const changedSeen = await db.transaction(async (tx) => {
    const where = and(eq(notificacaoUsuario.usuarioId, actor.id), eq(notificacaoUsuario.notificacaoId, notificacaoId));
    const [before] = await tx
      .select({ vista: notificacaoUsuario.vista, lida: notificacaoUsuario.lida })
      .from(notificacaoUsuario)
      .where(where)
      .for('update');
    if (!before) throw notFound();
    if (before.lida && before.vista) return false;
    const [after] = await tx
      .update(notificacaoUsuario)
      .set({ vista: true, lida: true, dataLeitura: new Date() })
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
  if (changedSeen) await announce(events, [actor.id]);
  return notificacaoId;
}
