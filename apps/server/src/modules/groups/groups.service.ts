import { eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db.js';
import { notFound } from '../../platform/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { dealer } from '../dealers/dealers.tables.js';
import { usuario, usuarioDealer, usuarioGrupo } from '../users/users.tables.js';
import { grupo } from './groups.tables.js';

/**
 * Inactivates a dealer group and, in the same transaction, its dealers and the users linked to the
 * group or to those dealers (SPEC §4 cascade). Every changed row is audited.
 */
export async function inativarGrupo(db: Db, opts: { actorId: string | null; grupoId: string }) {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(grupo).where(eq(grupo.id, opts.grupoId));
    if (!before) throw notFound();
    await tx.update(grupo).set({ active: false }).where(eq(grupo.id, opts.grupoId));
    await recordAudit(tx, {
      actorId: opts.actorId,
      entity: 'grupo',
      entityId: opts.grupoId,
      action: 'inativar',
      before: { active: before.active },
      after: { active: false },
    });
    const dealers = await tx
      .update(dealer)
      .set({ active: false })
      .where(sql`${dealer.grupoId} = ${opts.grupoId} AND ${dealer.active}`)
      .returning({ id: dealer.id });
    const dealerIds = dealers.map((d) => d.id);
    const linked = tx
      .select({ id: usuarioGrupo.usuarioId })
      .from(usuarioGrupo)
      .where(eq(usuarioGrupo.grupoId, opts.grupoId));
    const viaDealers = dealerIds.length
      ? tx.select({ id: usuarioDealer.usuarioId }).from(usuarioDealer).where(inArray(usuarioDealer.dealerId, dealerIds))
      : undefined;
    const users = await tx
      .update(usuario)
      .set({ active: false, versao: sql`now()` })
      .where(
        sql`${usuario.active} AND ${viaDealers ? or(inArray(usuario.id, linked), inArray(usuario.id, viaDealers)) : inArray(usuario.id, linked)}`,
      )
      .returning({ id: usuario.id });
    const cascaded = [
      ...dealers.map((d) => ({ entity: 'dealer' as const, id: d.id })),
      ...users.map((u) => ({ entity: 'usuario' as const, id: u.id })),
    ];
    for (const row of cascaded) {
      await recordAudit(tx, {
        actorId: opts.actorId,
        entity: row.entity,
        entityId: row.id,
        action: 'inativar',
        after: { active: false },
      });
    }
    return { dealers: dealerIds, usuarios: users.map((u) => u.id) };
  });
}
