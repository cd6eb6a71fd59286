import { type DealerGroupInput, dealerGroupSchema, inactivateDealerGroupSchema } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { type ActionContext, actorId, inTransaction, parseInput, requireAllowed } from '../../platform/actions.js';
import { badInput, notFound } from '../../platform/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { inactivateDealersOfGroup } from '../dealers/dealers.service.js';
import { inactivateUsersOfDealerGroup } from '../users/users.service.js';
import { grupo } from './groups.tables.js';

const MAINTAIN = { keys: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] } as const;

/**
 * Creates a dealer group (`PORTAL_MANUTENCAO_DEALERS_GRUPO`, or the system). The name is unique
 * accent- and case-insensitively: a taken one is BAD_USER_INPUT on `nome`. Audited; returns the id.
 */
export async function createDealerGroup(ctx: ActionContext, input: DealerGroupInput): Promise<{ id: string }> {
  const data = parseInput(dealerGroupSchema, input);
  requireAllowed(ctx, MAINTAIN);
  return inTransaction(ctx, async (tx) => {
    const [taken] = await tx
      .select({ id: grupo.id })
      .from(grupo)
      .where(sql`immutable_unaccent(lower(${grupo.nome})) = immutable_unaccent(lower(${data.nome}))`);
    if (taken) throw badInput({ nome: 'organisation.nameTaken' }, 'organisation.nameTaken');
    const [row] = await tx.insert(grupo).values(data).returning({ id: grupo.id });
    await recordAudit(tx, { actorId: actorId(ctx), entity: 'grupo', entityId: row.id, action: 'criar', after: data });
    return { id: row.id };
  });
}

/**
 * Inactivates a dealer group and, in the same transaction, its dealers and the users linked to the
 * group or to those dealers (docs/domains/organisation.md), through the dealers' and the users' actions. Every
 * changed row is audited.
 */
export async function inativarGrupo(ctx: ActionContext, input: { grupoId: string }) {
  const { grupoId } = parseInput(inactivateDealerGroupSchema, input);
  requireAllowed(ctx, MAINTAIN);
  return inTransaction(ctx, async (tx, txCtx) => {
    const [before] = await tx.select().from(grupo).where(eq(grupo.id, grupoId));
    if (!before) throw notFound();
    await tx.update(grupo).set({ active: false }).where(eq(grupo.id, grupoId));
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'grupo',
      entityId: grupoId,
      action: 'inativar',
      before: { active: before.active },
      after: { active: false },
    });
    const dealers = await inactivateDealersOfGroup(txCtx, { grupoId });
    const usuarios = await inactivateUsersOfDealerGroup(txCtx, { grupoId, dealerIds: dealers });
    return { dealers, usuarios };
  });
}
