import { type MarcarNovidadesVistasInput, marcarNovidadesVistasSchema } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { type ActionContext, inTransaction, parseInput, requireActor } from '../../platform/actions.js';
import { recordAudit } from '../audit/audit.service.js';
import { storedMarker } from './news.queries.js';
import { novidadesVisita } from './news.tables.js';

/**
 * Moves the signed-in user's news marker to `ate` (the moment the page read its data), never past the
 * server's now and never backwards: what arrived after `ate` stays new. Returns the marker. Audited,
 * like every mutation (decision 0013).
 */
export async function markNewsSeen(ctx: ActionContext, input: MarcarNovidadesVistasInput): Promise<Date> {
  const { ate } = parseInput(marcarNovidadesVistasSchema, input);
  const actor = requireActor(ctx);
  const now = ctx.clock.now();
  const target = ate.getTime() > now.getTime() ? now : ate;
  return inTransaction(ctx, async (tx) => {
    const before = await storedMarker(tx, actor.id);
    const [row] = await tx
      .insert(novidadesVisita)
      .values({ usuarioId: actor.id, vistoAte: target })
      .onConflictDoUpdate({
        target: novidadesVisita.usuarioId,
        set: { vistoAte: sql`GREATEST(${novidadesVisita.vistoAte}, excluded.visto_ate)` },
      })
      .returning({ vistoAte: novidadesVisita.vistoAte });
    await recordAudit(tx, {
      actorId: actor.id,
      entity: 'novidades_visita',
      entityId: actor.id,
      action: 'editar',
      before: { vistoAte: before },
      after: { vistoAte: row.vistoAte },
    });
    return row.vistoAte;
  });
}
