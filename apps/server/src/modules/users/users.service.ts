import {
  type CreateUserInput,
  changeLanguageSchema,
  changePasswordSchema,
  createUserSchema,
  type Idioma,
  onboardingSeenSchema,
} from '@portal/domain';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import {
  type ActionContext,
  actorId,
  inTransaction,
  parseInput,
  requireActor,
  requireAllowed,
} from '../../platform/actions.js';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import { beginGuess, guessSucceeded, passwordChangeCounters } from '../../platform/auth/throttle.js';
import type { DbOrTx } from '../../platform/db.js';
import { AppError, badInput, notFound } from '../../platform/errors.js';
import { uuidArray } from '../../platform/sql.js';
import { recordAudit, recordAuditForEach } from '../audit/audit.service.js';
import { existingBrandIds, existingDealerIds } from '../dealers/dealers.queries.js';
import { existingDealerGroupIds } from '../groups/groups.queries.js';
import {
  existingAccessTypeIds,
  existingComplementaryDataIds,
  existingFeatureIds,
} from '../products/products.queries.js';
import { existingUserGroupIds } from '../user-groups/user-groups.queries.js';
import {
  usuario,
  usuarioDadoComplementar,
  usuarioDealer,
  usuarioFuncionalidade,
  usuarioGrupo,
  usuarioGrupoUsuarios,
  usuarioMarca,
  usuarioOnboarding,
  usuarioTipoAcesso,
} from './users.tables.js';

/** Changes the interface language of the signed-in user; another user's id answers NOT_FOUND. */
export async function mudarLinguaUsuario(ctx: ActionContext, input: { id: string; idioma: Idioma }): Promise<void> {
  const { id, idioma } = parseInput(changeLanguageSchema, input);
  const me = requireActor(ctx);
  if (id !== me.id) throw notFound();
  await inTransaction(ctx, async (tx) => {
    const [before] = await tx.select({ idioma: usuario.idioma }).from(usuario).where(eq(usuario.id, me.id));
    await tx.update(usuario).set({ idioma }).where(eq(usuario.id, me.id));
    await recordAudit(tx, {
      actorId: me.id,
      entity: 'usuario',
      entityId: me.id,
      action: 'editar',
      before,
      after: { idioma },
    });
  });
}

/** Marks a guided tour as finished for the signed-in user (idempotent: audited the first time only). */
export async function setOnboardingSeen(ctx: ActionContext, input: { id: string }): Promise<void> {
  const { id: onboardingId } = parseInput(onboardingSeenSchema, input);
  const me = requireActor(ctx);
  await inTransaction(ctx, async (tx) => {
    const inserted = await tx
      .insert(usuarioOnboarding)
      .values({ usuarioId: me.id, onboardingId })
      .onConflictDoNothing()
      .returning({ id: usuarioOnboarding.onboardingId });
    if (inserted.length) {
      await recordAudit(tx, {
        actorId: me.id,
        entity: 'usuario',
        entityId: me.id,
        action: 'editar',
        after: { onboardingVisto: onboardingId },
      });
    }
  });
}

/**
 * Changes the signed-in user's password (embedded provider only). Validates the password rules (docs/domains/sign-in-and-sessions.md#passwords); a wrong
 * current password is BAD_USER_INPUT on `senhaAtual`. Wrong current passwords are throttled per user
 * and per client address like sign-in (growing waits): a stolen session cannot guess the password.
 */
export async function alterarSenha(
  ctx: ActionContext,
  input: { senhaAtual: string; novaSenha: string; confirmacao: string },
): Promise<void> {
  const { senhaAtual, novaSenha } = parseInput(changePasswordSchema, input, 'novaSenha');
  const me = requireActor(ctx);
  const [row] = await ctx.db.select({ senhaHash: usuario.senhaHash }).from(usuario).where(eq(usuario.id, me.id));
  if (!row?.senhaHash) throw new AppError('FORBIDDEN', 'error.forbidden');
  const counters = passwordChangeCounters(me.id, ctx.clientIp ?? '');
  if ((await beginGuess(ctx.db, counters)) > 0) {
    throw badInput({ senhaAtual: 'error.tooManyAttempts' }, 'error.tooManyAttempts');
  }
  if (!(await verifyPassword(row.senhaHash, senhaAtual))) {
    throw badInput({ senhaAtual: 'error.invalidCurrentPassword' }, 'error.invalidCurrentPassword');
  }
  await guessSucceeded(ctx.db, counters);
  const senhaHash = await hashPassword(novaSenha);
  await setPassword(ctx, { userId: me.id, senhaHash });
}

/**
 * Stores a user's new password hash (changed by the user, or reset through a recovery link), audited
 * as the user's own change in the same transaction. Sign-in calls it through `UserDirectory`; the
 * hash comes from sign-in (`passwords.ts`), so there is no form input to parse.
 */
export async function setPassword(ctx: ActionContext, input: { userId: string; senhaHash: string }): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    await tx
      .update(usuario)
      .set({ senhaHash: input.senhaHash, versao: sql`now()` })
      .where(eq(usuario.id, input.userId));
    await recordAudit(tx, { actorId: input.userId, entity: 'usuario', entityId: input.userId, action: 'senha' });
  });
}

/**
 * The user signed in now (`ultimo_acesso`, shown in the users administration). Called by sign-in; no
 * audit row of its own: the sign-in is the audited event (`login`).
 */
export async function recordSignIn(ctx: ActionContext, input: { userId: string }): Promise<void> {
  await ctx.db.update(usuario).set({ ultimoAcesso: new Date() }).where(eq(usuario.id, input.userId));
}

/** Links an external provider's subject to the user (first sign-in there, matched by e-mail), audited. */
export async function linkSubject(ctx: ActionContext, input: { userId: string; subject: string }): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const [before] = await tx
      .select({ keycloakId: usuario.keycloakId })
      .from(usuario)
      .where(eq(usuario.id, input.userId));
    await tx.update(usuario).set({ keycloakId: input.subject }).where(eq(usuario.id, input.userId));
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'usuario',
      entityId: input.userId,
      action: 'editar',
      before,
      after: { keycloakId: input.subject },
    });
  });
}

/** The links of `createUser`: each input list, its table and the owner's check of its ids. */
const LINKS = [
  ['idsDealers', usuarioDealer, 'dealerId', existingDealerIds],
  ['idsGrupos', usuarioGrupo, 'grupoId', existingDealerGroupIds],
  ['idsGruposUsuarios', usuarioGrupoUsuarios, 'grupoUsuariosId', existingUserGroupIds],
  ['idsMarcas', usuarioMarca, 'marcaId', existingBrandIds],
  ['idsFuncionalidades', usuarioFuncionalidade, 'funcionalidadeId', existingFeatureIds],
  ['idsTiposAcesso', usuarioTipoAcesso, 'tipoAcessoId', existingAccessTypeIds],
  ['idsDadosComplementares', usuarioDadoComplementar, 'dadoComplementarId', existingComplementaryDataIds],
] as const;

/**
 * Creates a user (docs/domains/users.md, the part of the user form the tables hold): `PORTAL_MANUTENCAO_USUARIOS` or the
 * system. The e-mail (case-insensitively) and the CPF must be free, each linked id must exist (else
 * BAD_USER_INPUT on its field). `senhaHash` (from `passwords.ts`) lets the user sign in at the
 * embedded provider; without it the user signs in elsewhere or gets a password later. Audited with
 * what was stored (no hash). Returns the new id.
 */
export async function createUser(
  ctx: ActionContext,
  input: CreateUserInput & { senhaHash?: string | null },
): Promise<{ id: string }> {
  const data = parseInput(createUserSchema, input);
  requireAllowed(ctx, { keys: ['PORTAL_MANUTENCAO_USUARIOS'] });
  return inTransaction(ctx, async (tx) => {
    const taken = await tx
      .select({ email: usuario.email, cpf: usuario.cpf })
      .from(usuario)
      .where(data.cpf ? or(eq(usuario.email, data.email), eq(usuario.cpf, data.cpf)) : eq(usuario.email, data.email));
    const fields: Record<string, string> = {};
    if (taken.some((u) => u.email.toLowerCase() === data.email)) fields.email = 'users.emailTaken';
    if (data.cpf && taken.some((u) => u.cpf === data.cpf)) fields.cpf = 'users.cpfTaken';
    for (const [field, , , existing] of LINKS) {
      const ids = data[field];
      if (ids.length && (await existing(tx, ids)).length !== ids.length) fields[field] = 'validation.invalid';
    }
    if (Object.keys(fields).length) throw badInput(fields, Object.values(fields)[0]);

    const { nome, email, cpf, tipo, idioma, active } = data;
    const [row] = await tx
      .insert(usuario)
      .values({ nome, email, cpf, tipo, idioma, active, senhaHash: input.senhaHash ?? null })
      .returning({ id: usuario.id });
    for (const [field, table, column] of LINKS) {
      const ids = data[field];
      if (ids.length) await tx.insert(table).values(ids.map((id) => ({ usuarioId: row.id, [column]: id }) as never));
    }
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'usuario',
      entityId: row.id,
      action: 'criar',
      after: { ...data, senhaDefinida: Boolean(input.senhaHash) },
    });
    return { id: row.id };
  });
}

/**
 * Inactivates the active users linked to a dealer group or to any of `dealerIds`: the users' part of
 * the dealer group inactivation cascade (docs/domains/organisation.md), called by the groups module inside its transaction.
 * Each user gets an audit row; sessions end on their next request (`versao` and `active`).
 */
export async function inactivateUsersOfDealerGroup(
  ctx: ActionContext,
  input: { grupoId: string; dealerIds: string[] },
): Promise<string[]> {
  requireAllowed(ctx, { keys: ['PORTAL_MANUTENCAO_DEALERS_GRUPO'] });
  return inTransaction(ctx, async (tx) => {
    const linked = tx
      .select({ id: usuarioGrupo.usuarioId })
      .from(usuarioGrupo)
      .where(eq(usuarioGrupo.grupoId, input.grupoId));
    const viaDealers = tx
      .select({ id: usuarioDealer.usuarioId })
      .from(usuarioDealer)
      .where(sql`${usuarioDealer.dealerId} = ANY(${uuidArray(input.dealerIds)})`);
    const reached = input.dealerIds.length
      ? or(inArray(usuario.id, linked), inArray(usuario.id, viaDealers))
      : inArray(usuario.id, linked);
    const users = await tx
      .update(usuario)
      .set({ active: false, versao: sql`now()` })
      .where(and(eq(usuario.active, true), reached))
      .returning({ id: usuario.id });
    const ids = users.map((u) => u.id);
    await recordAuditForEach(
      tx,
      { actorId: actorId(ctx), entity: 'usuario', action: 'inativar', after: { active: false } },
      ids,
    );
    return ids;
  });
}

/**
 * Adds users to a user group (the users' part of `adicionarUsuariosGrupoUsuarios`, called by the
 * user-groups module inside its transaction, which checked that the actor may see the group). Every
 * id must be a user (else BAD_USER_INPUT on idsUsuarios); members already there are left as they are.
 * The new members' `versao` moves (a change of rights) and each gets an audit row. Answers the ids added.
 */
export async function addUsersToUserGroup(
  ctx: ActionContext,
  input: { grupoUsuariosId: string; idsUsuarios: string[] },
): Promise<string[]> {
  requireAllowed(ctx, { keys: ['PORTAL_MANUTENCAO_GRUPOS_USUARIOS'] });
  const ids = [...new Set(input.idsUsuarios)];
  return inTransaction(ctx, async (tx) => {
    const known = await tx.select({ id: usuario.id }).from(usuario).where(inArray(usuario.id, ids));
    if (known.length !== ids.length) throw badInput({ idsUsuarios: 'validation.invalid' });
    const added = await tx
      .insert(usuarioGrupoUsuarios)
      .values(ids.map((usuarioId) => ({ usuarioId, grupoUsuariosId: input.grupoUsuariosId })))
      .onConflictDoNothing()
      .returning({ id: usuarioGrupoUsuarios.usuarioId });
    await touchUsers(
      ctx,
      tx,
      added.map((a) => a.id),
      { grupoUsuariosAdicionado: input.grupoUsuariosId },
    );
    return added.map((a) => a.id);
  });
}

/**
 * Removes a user from a user group (the users' part of `removerUsuarioGrupoUsuarios`, inside the
 * user-groups module's transaction). Answers whether they were a member; when so, their `versao`
 * moves and they get an audit row.
 */
export async function removeUserFromUserGroup(
  ctx: ActionContext,
  input: { grupoUsuariosId: string; usuarioId: string },
): Promise<boolean> {
  requireAllowed(ctx, { keys: ['PORTAL_MANUTENCAO_GRUPOS_USUARIOS'] });
  return inTransaction(ctx, async (tx) => {
    const removed = await tx
      .delete(usuarioGrupoUsuarios)
      .where(
        and(
          eq(usuarioGrupoUsuarios.usuarioId, input.usuarioId),
          eq(usuarioGrupoUsuarios.grupoUsuariosId, input.grupoUsuariosId),
        ),
      )
      .returning({ id: usuarioGrupoUsuarios.usuarioId });
    await touchUsers(
      ctx,
      tx,
      removed.map((r) => r.id),
      { grupoUsuariosRemovido: input.grupoUsuariosId },
    );
    return removed.length > 0;
  });
}

/** Moves `versao` of users whose rights changed and writes one audit row each (`editar`, with `after`). */
async function touchUsers(ctx: ActionContext, tx: DbOrTx, ids: string[], after: Record<string, unknown>) {
  if (!ids.length) return;
  await tx.update(usuario).set({ versao: sql`now()` }).where(inArray(usuario.id, ids));
  for (const id of ids) {
    await recordAudit(tx, { actorId: actorId(ctx), entity: 'usuario', entityId: id, action: 'editar', after });
  }
}
