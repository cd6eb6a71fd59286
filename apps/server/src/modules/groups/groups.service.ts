import {
  type DealerGroupInput,
  dealerGroupFormSchema,
  dealerGroupSchema,
  type ImportarGrupoUsuariosInput,
  importarGrupoUsuariosSchema,
  inactivateDealerGroupSchema,
} from '@portal/domain';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import { type ActionContext, actorId, inTransaction, parseInput, requireAllowed } from '../../platform/actions.js';
import type { Tx } from '../../platform/db.js';
import { badInput, notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/sql.js';
import { recordAudit } from '../audit/audit.service.js';
import {
  inactivateDealersOfGroup,
  inactivateDealersOfInactiveGroups,
  moveDealersToGroup,
} from '../dealers/dealers.service.js';
import { inactivateUsersOfDealerGroup, moveUsersBetweenDealerGroups } from '../users/users.service.js';
import { inactivateUsersOfInactiveGroups, lockSynchronisation, type SyncChange } from '../users/users.sync.js';
import { grupo } from './groups.tables.js';

const MAINTAIN = { keys: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] } as const;

/** The name is unique ignoring case and accents (another group than `exceptId`): else BAD_USER_INPUT on `nome`. */
async function checkNameFree(tx: Tx, nome: string, exceptId?: string) {
  const sameName: SQL = sql`immutable_unaccent(lower(${grupo.nome})) = immutable_unaccent(lower(${nome}))`;
  const [taken] = await tx
    .select({ id: grupo.id })
    .from(grupo)
    .where(exceptId ? and(sameName, ne(grupo.id, exceptId)) : sameName);
  if (taken) throw badInput({ nome: 'organisation.nameTaken' }, 'organisation.nameTaken');
}

/**
 * Creates a dealer group (`PORTAL_MANUTENCAO_DEALERS_GRUPO`, or the system). The name is unique
 * accent- and case-insensitively: a taken one is BAD_USER_INPUT on `nome`. Audited; returns the id.
 */
export async function createDealerGroup(ctx: ActionContext, input: DealerGroupInput): Promise<{ id: string }> {
  const data = parseInput(dealerGroupSchema, input);
  requireAllowed(ctx, MAINTAIN);
  return inTransaction(ctx, async (tx) => {
    await checkNameFree(tx, data.nome);
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

/**
 * Saves the dealer group form (`salvarGrupo`): creates a group (no `id`, active) or renames one. Same
 * name rules as `createDealerGroup`; the active state is not the form's (see `ativarGrupo`,
 * `inativarGrupo`). Audited (`criar` or `editar`); returns the id. Unknown ids are NOT_FOUND.
 */
export async function salvarGrupo(ctx: ActionContext, input: { id?: string | null; grupo: unknown }): Promise<string> {
  const data = parseInput(dealerGroupFormSchema, input.grupo, 'grupo');
  requireAllowed(ctx, MAINTAIN);
  const id = input.id ?? null;
  if (!id) return (await createDealerGroup(ctx, { nome: data.nome })).id;
  if (!isUuid(id)) throw notFound();
  return inTransaction(ctx, async (tx) => {
    const [before] = await tx.select().from(grupo).where(eq(grupo.id, id)).for('update');
    if (!before) throw notFound();
    await checkNameFree(tx, data.nome, id);
    if (before.nome !== data.nome) {
      await tx.update(grupo).set({ nome: data.nome }).where(eq(grupo.id, id));
      await recordAudit(tx, {
        actorId: actorId(ctx),
        entity: 'grupo',
        entityId: id,
        action: 'editar',
        before: { nome: before.nome },
        after: { nome: data.nome },
      });
    }
    return id;
  });
}

/**
 * Reactivates a dealer group (`ativarGrupo`): the group only. Its dealers and users inactivated with
 * it stay inactive (each is reactivated on its own screen), which the confirmation says. Audited when
 * it changes; unknown ids are NOT_FOUND.
 */
export async function ativarGrupo(ctx: ActionContext, input: { grupoId: string }): Promise<string> {
  requireAllowed(ctx, MAINTAIN);
  if (!isUuid(input.grupoId)) throw notFound();
  return inTransaction(ctx, async (tx) => {
    const [before] = await tx.select().from(grupo).where(eq(grupo.id, input.grupoId)).for('update');
    if (!before) throw notFound();
    if (!before.active) {
      await tx.update(grupo).set({ active: true }).where(eq(grupo.id, input.grupoId));
      await recordAudit(tx, {
        actorId: actorId(ctx),
        entity: 'grupo',
        entityId: input.grupoId,
        action: 'ativar',
        before: { active: false },
        after: { active: true },
      });
    }
    return input.grupoId;
  });
}

/**
 * `importarGrupoUsuarios` (superAdmin migration, TECSINAPSE; docs/domains/superadmin.md#migration): moves
 * the chosen dealers of the origin dealer group (all of them when none is chosen: a merge) to the
 * destination, with their users' group links, in one transaction, through the dealers' and the
 * users' actions; on a merge with `inativarOrigem` the emptied origin is inactivated (audited
 * `inativar`). Both groups must exist (NOT_FOUND) and the destination be active (BAD_USER_INPUT).
 * Returns what moved.
 */
export async function importarGrupoUsuarios(ctx: ActionContext, input: ImportarGrupoUsuariosInput) {
  const data = parseInput(importarGrupoUsuariosSchema, input);
  requireAllowed(ctx, { types: ['TECSINAPSE'] });
  const merge = data.idsDealers.length === 0;
  return inTransaction(ctx, async (tx, txCtx) => {
    const groups = await tx
      .select()
      .from(grupo)
      .where(sql`${grupo.id} IN (${data.grupoOrigemId}, ${data.grupoDestinoId})`)
      .orderBy(grupo.id)
      .for('update');
    const origem = groups.find((g) => g.id === data.grupoOrigemId);
    const destino = groups.find((g) => g.id === data.grupoDestinoId);
    if (!origem || !destino) throw notFound();
    if (!destino.active) {
      throw badInput({ grupoDestinoId: 'superAdmin.migration.inactiveTarget' }, 'superAdmin.migration.inactiveTarget');
    }
    const dealers = await moveDealersToGroup(txCtx, { origem, destino, dealerIds: data.idsDealers });
    const usuarios = await moveUsersBetweenDealerGroups(txCtx, { origem, destino, dealerIds: dealers, merge });
    let origemInativada = false;
    if (merge && data.inativarOrigem && origem.active) {
      await tx.update(grupo).set({ active: false }).where(eq(grupo.id, origem.id));
      await recordAudit(tx, {
        actorId: actorId(ctx),
        entity: 'grupo',
        entityId: origem.id,
        action: 'inativar',
        before: { active: true },
        after: { active: false },
      });
      origemInativada = true;
    }
    return { dealers: dealers.length, usuarios: usuarios.length, origemInativada };
  });
}

/**
 * `sincronizarGrupos` (superAdmin, docs/domains/superadmin.md#synchronisation): the inactivation cascade of
 * the inactive dealer groups, re-applied where it cannot undo a decision: their active dealers are
 * inactivated, then the users left with no active group who were never reactivated by hand. One
 * transaction, serialised with the other synchronisations; answers what changed.
 */
export async function sincronizarGrupos(ctx: ActionContext): Promise<SyncChange[]> {
  requireAllowed(ctx, { types: ['TECSINAPSE'] });
  return inTransaction(ctx, async (tx, txCtx) => {
    await lockSynchronisation(tx);
    const dealers = await inactivateDealersOfInactiveGroups(txCtx);
    const users = await inactivateUsersOfInactiveGroups(txCtx);
    return [{ tipo: 'dealersInativados', quantidade: dealers }, ...users];
  });
}
