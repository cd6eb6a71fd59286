import { and, eq, ne, sql } from 'drizzle-orm';
import { type ActionContext, actorId, inTransaction, requireAllowed } from '../../platform/actions.js';
import { recordAuditForEach } from '../audit/audit.service.js';
import { removePushSubscriptionsOfUsers } from '../notifications/notifications.push.service.js';
import { usuario } from './users.tables.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The inactivity sweep (docs/domains/users.md#inactivity; the daily job of users.jobs.ts): inactivates, in
 * one statement, the active users whose latest of creation, last access and reactivation is older than
 * USER_INACTIVITY_DAYS by the business clock, except the specially activated (`ativacao_especial`) and
 * TECSINAPSE users. Each gets an audit row (`inativar`, by the system when the job runs); their sessions
 * end on their next request (`active` and `versao`, as the dealer group cascade). Answers their ids.
 */
export async function inactivateIdleUsers(ctx: ActionContext): Promise<string[]> {
  requireAllowed(ctx, { keys: ['PORTAL_MANUTENCAO_USUARIOS'] });
  const days = ctx.config.userInactivityDays;
  const cutoff = new Date(ctx.clock.now().getTime() - days * DAY_MS);
  return inTransaction(ctx, async (tx, txCtx) => {
    const users = await tx
      .update(usuario)
      .set({ active: false, versao: sql`now()` })
      .where(
        and(
          eq(usuario.active, true),
          eq(usuario.ativacaoEspecial, false),
          ne(usuario.tipo, 'TECSINAPSE'),
          // greatest() skips nulls: never signed in counts from creation, a reactivation restarts the count.
          sql`greatest(${usuario.createdAt}, ${usuario.ultimoAcesso}, ${usuario.ativadoEm}) < ${cutoff.toISOString()}::timestamptz`,
        ),
      )
      .returning({ id: usuario.id });
    const ids = users.map((u) => u.id);
    await recordAuditForEach(
      tx,
      {
        actorId: actorId(ctx),
        entity: 'usuario',
        action: 'inativar',
        after: { active: false, motivo: 'inatividade', dias: days },
      },
      ids,
    );
    await removePushSubscriptionsOfUsers(txCtx, { usuarioIds: ids });
    return ids;
  });
}
