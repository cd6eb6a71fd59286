import { type Guard, type UserGroupInput, userGroupMembersSchema, userGroupSchema } from '@portal/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import { type ActionContext, actorId, inTransaction, parseInput, requireAllowed } from '../../platform/actions.js';
import type { Tx } from '../../platform/db.js';
import { badInput, notFound } from '../../platform/errors.js';
import { isUuid } from '../../platform/sql.js';
import { recordAudit } from '../audit/audit.service.js';
import { addUsersToUserGroup, removeUserFromUserGroup } from '../users/users.service.js';
import { findUserGroup, USER_GROUPS_CACHE_KEY } from './user-groups.queries.js';
import { grupoUsuarios } from './user-groups.tables.js';

// Actions of the user groups administration (decision 0013; rules in docs/domains/user-groups.md).

const MAINTENANCE: Guard = { keys: ['PORTAL_MANUTENCAO_GRUPOS_USUARIOS'] };
const PUBLIC_GROUPS: Guard = { keys: ['PORTAL_CRIACAO_GRUPOS_USUARIOS_PUBLICOS'] };

/** BAD_USER_INPUT on `nome` when another group (not `exceptId`) has the name, ignoring case and accents. */
async function checkNameFree(tx: Tx, nome: string, exceptId: string | null) {
  const sameName = sql`immutable_unaccent(lower(${grupoUsuarios.nome})) = immutable_unaccent(lower(${nome}))`;
  const [taken] = await tx
    .select({ id: grupoUsuarios.id })
    .from(grupoUsuarios)
    .where(exceptId ? and(sameName, ne(grupoUsuarios.id, exceptId)) : sameName);
  if (taken) throw badInput({ nome: 'organisation.nameTaken' }, 'organisation.nameTaken');
}

/**
 * Locks the group `id` for a change if the actor may see it (docs/domains/user-groups.md#who-sees-a-group);
 * NOT_FOUND otherwise, exactly as for a missing one.
 */
async function lockVisible(ctx: ActionContext, tx: Tx, id: string) {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx.select().from(grupoUsuarios).where(eq(grupoUsuarios.id, id)).for('update');
  if (!row || !(await findUserGroup(tx, ctx.actor, id))) throw notFound();
  return row;
}

/**
 * Creates a user group (`PORTAL_MANUTENCAO_GRUPOS_USUARIOS`, or the system); a public one also needs
 * `PORTAL_CRIACAO_GRUPOS_USUARIOS_PUBLICOS`. The name is unique accent- and case-insensitively: a
 * taken one is BAD_USER_INPUT on `nome`. The actor is kept as its creator (who sees it while private).
 * Audited; returns the id.
 */
export async function createUserGroup(ctx: ActionContext, input: UserGroupInput): Promise<{ id: string }> {
  const data = parseInput(userGroupSchema, input);
  requireAllowed(ctx, MAINTENANCE);
  if (data.publico) requireAllowed(ctx, PUBLIC_GROUPS);
  return inTransaction(ctx, async (tx) => {
    await checkNameFree(tx, data.nome, null);
    const [row] = await tx
      .insert(grupoUsuarios)
      .values({ ...data, criadorId: actorId(ctx) })
      .returning({ id: grupoUsuarios.id });
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'grupo_usuarios',
      entityId: row.id,
      action: 'criar',
      after: data,
    });
    return { id: row.id };
  });
}

/**
 * Creates (no `id`) or edits a user group (`salvarGrupoUsuarios`): name, visibility and state. Making
 * a private group public needs `PORTAL_CRIACAO_GRUPOS_USUARIOS_PUBLICOS` (FORBIDDEN otherwise); a
 * group the actor may not see is NOT_FOUND. Audited with before and after; returns the id.
 */
export async function salvarGrupoUsuarios(
  ctx: ActionContext,
  input: { id?: string | null; grupo: UserGroupInput },
): Promise<string> {
  if (!input.id) return (await createUserGroup(ctx, input.grupo)).id;
  const id = input.id;
  const data = parseInput(userGroupSchema, input.grupo, 'grupo');
  requireAllowed(ctx, MAINTENANCE);
  const saved = await inTransaction(ctx, async (tx) => {
    const before = await lockVisible(ctx, tx, id);
    if (data.publico && !before.publico) requireAllowed(ctx, PUBLIC_GROUPS);
    await checkNameFree(tx, data.nome, id);
    await tx.update(grupoUsuarios).set(data).where(eq(grupoUsuarios.id, id));
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'grupo_usuarios',
      entityId: id,
      action: 'editar',
      before: { nome: before.nome, publico: before.publico, active: before.active },
      after: data,
    });
    return id;
  });
  // A renamed group: this instance names it anew at once, the others within the cache's TTL.
  ctx.cache.invalidate(USER_GROUPS_CACHE_KEY);
  return saved;
}

/**
 * Activates or inactivates a user group (`ativarGrupoUsuarios`/`inativarGrupoUsuarios`). An inactive
 * group keeps its members but grants nothing (library folders, /home content) and is not offered in
 * the access forms, until it is activated again. Audited when the state changes.
 */
export async function alterarStatusGrupoUsuarios(
  ctx: ActionContext,
  input: { id: string; active: boolean },
): Promise<string> {
  requireAllowed(ctx, MAINTENANCE);
  return inTransaction(ctx, async (tx) => {
    const before = await lockVisible(ctx, tx, input.id);
    if (before.active === input.active) return input.id;
    await tx.update(grupoUsuarios).set({ active: input.active }).where(eq(grupoUsuarios.id, input.id));
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'grupo_usuarios',
      entityId: input.id,
      action: input.active ? 'ativar' : 'inativar',
      before: { active: before.active },
      after: { active: input.active },
    });
    return input.id;
  });
}

/**
 * Adds users to a user group the actor may see (`adicionarUsuariosGrupoUsuarios`), through the users
 * module's action in the same transaction. The new members see what the group grants on their next
 * request. Audited on the group (and on each user by the users module).
 */
export async function adicionarUsuariosGrupoUsuarios(
  ctx: ActionContext,
  input: { id: string; idsUsuarios: string[] },
): Promise<string> {
  const { idsUsuarios } = parseInput(userGroupMembersSchema, { idsUsuarios: input.idsUsuarios });
  requireAllowed(ctx, MAINTENANCE);
  return inTransaction(ctx, async (tx, txCtx) => {
    await lockVisible(ctx, tx, input.id);
    const added = await addUsersToUserGroup(txCtx, { grupoUsuariosId: input.id, idsUsuarios });
    if (added.length) {
      await recordAudit(tx, {
        actorId: actorId(ctx),
        entity: 'grupo_usuarios',
        entityId: input.id,
        action: 'editar',
        after: { usuariosAdicionados: added },
      });
    }
    return input.id;
  });
}

/**
 * Removes a user from a user group the actor may see (`removerUsuarioGrupoUsuarios`): they lose what
 * the group grants on their next request. A user who is not a member is BAD_USER_INPUT on idUsuario.
 * Audited on the group and on the user.
 */
export async function removerUsuarioGrupoUsuarios(
  ctx: ActionContext,
  input: { id: string; idUsuario: string },
): Promise<string> {
  requireAllowed(ctx, MAINTENANCE);
  if (!isUuid(input.idUsuario)) throw badInput({ idUsuario: 'validation.invalid' });
  return inTransaction(ctx, async (tx, txCtx) => {
    await lockVisible(ctx, tx, input.id);
    const removed = await removeUserFromUserGroup(txCtx, { grupoUsuariosId: input.id, usuarioId: input.idUsuario });
    if (!removed) throw badInput({ idUsuario: 'validation.invalid' });
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'grupo_usuarios',
      entityId: input.id,
      action: 'editar',
      before: { usuarioRemovido: input.idUsuario },
    });
    return input.id;
  });
}
