import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db.js';
import type { Events } from '../../platform/events.js';
import type { CurrentUser } from '../../platform/graphql/context.js';
import { recordAudit } from '../audit/audit.service.js';
import { notificacao, notificacaoUsuario } from './notifications.tables.js';

/** Channel on which unread-count changes are announced (payload: { usuarioId }). */
export const NOTIFICATIONS_CHANNEL = 'portal_notificacoes';

/**
 * Creates one notification for a list of users in the caller's transaction. Publish the change with
 * `announce` after the transaction commits so live counts update on every instance.
 */
export async function createNotification(
  tx: DbOrTx,
  input: { titulo: string; texto: string; link?: string | null; produtoId?: string | null; usuarioIds: string[] },
): Promise<string> {
  const [row] = await tx
    .insert(notificacao)
    .values({ titulo: input.titulo, texto: input.texto, link: input.link ?? null, produtoId: input.produtoId ?? null })
    .returning({ id: notificacao.id });
  if (input.usuarioIds.length) {
    await tx
      .insert(notificacaoUsuario)
      .values(input.usuarioIds.map((usuarioId) => ({ notificacaoId: row.id, usuarioId })))
      .onConflictDoNothing();
  }
  return row.id;
}

/** Tells every instance that these users' counts changed. */
export async function announce(events: Events, usuarioIds: string[]): Promise<void> {
  for (const usuarioId of usuarioIds) await events.publish(NOTIFICATIONS_CHANNEL, { usuarioId });
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
