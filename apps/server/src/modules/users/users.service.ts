import {
  type CreateUserInput,
  changeLanguageSchema,
  changePasswordSchema,
  createUserSchema,
  type Guard,
  type Idioma,
  onboardingSeenSchema,
  salvarUsuarioSchema,
  type UserFormRules,
  type UserType,
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
import { AppError, badInput, forbidden, notFound } from '../../platform/errors.js';
import type { CurrentUser } from '../../platform/graphql/context.js';
import { uuidArray } from '../../platform/sql.js';
import { recordAudit, recordAuditForEach, recordAudits } from '../audit/audit.service.js';
import { dealerGroupOfDealersSql, existingBrandIds, existingDealerIds } from '../dealers/dealers.queries.js';
import { existingDealerGroupIds } from '../groups/groups.queries.js';
import { removePushSubscriptionsOfUsers } from '../notifications/notifications.push.service.js';
import { loadPortalProperties } from '../portal/portal.queries.js';
import {
  existingAccessTypeIds,
  existingComplementaryDataIds,
  existingFeatureIds,
  existingProductIds,
  productCatalogue,
} from '../products/products.queries.js';
import { existingUserGroupIds } from '../user-groups/user-groups.queries.js';
import { inviteUser } from './users.invitation.js';
import {
  type AdminScope,
  accessTypeIdsOf,
  adminScope,
  dismissalReasons,
  positionCatalogue,
  userAccess,
} from './users.list.js';
import { existingDepartmentIds } from './users.queries.js';
import { type Grants, NO_RIGHTS, positionsAllowed, refusedByScopeAndGrants, samePosition } from './users.rules.js';
import {
  usuario,
  usuarioCargo,
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
 * The user signed in now (`ultimo_acesso`, shown in the users administration; the one before kept as
 * `acesso_anterior`). Called by sign-in; no audit row of its own: the sign-in is the audited event (`login`).
 */
export async function recordSignIn(ctx: ActionContext, input: { userId: string }): Promise<void> {
  // The access before this one becomes the baseline of "new since your last visit" (the library's mark).
  await ctx.db
    .update(usuario)
    .set({ acessoAnterior: sql`${usuario.ultimoAcesso}`, ultimoAcesso: new Date() })
    .where(eq(usuario.id, input.userId));
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
  return inTransaction(ctx, async (tx, txCtx) => {
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
    // Their browsers stop getting pushes (docs/domains/notifications.md#web-push).
    await removePushSubscriptionsOfUsers(txCtx, { usuarioIds: ids });
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

// ---- The users administration (issue 14; docs/domains/users.md#administration) ----

const MAINTAIN_USERS: Guard = { keys: ['PORTAL_MANUTENCAO_USUARIOS'] };

/** The user form's rules of this portal: its properties' lists of types and whether positions exist. */
export async function userFormRules(db: DbOrTx): Promise<UserFormRules> {
  // In turn, not Promise.all: `db` may be a transaction (the import's chunk), one connection, one query at a time.
  const props = await loadPortalProperties(db);
  const cargos = await positionCatalogue(db);
  return {
    tiposUsuarioDocumentoObrigatorio: (props?.tiposUsuarioDocumentoObrigatorio ?? []) as UserType[],
    tiposUsuarioInformarCargo: (props?.tiposUsuarioInformarCargo ?? []) as UserType[],
    tiposUsuarioInformarGestao: (props?.tiposUsuarioInformarGestao ?? []) as UserType[],
    informarDepartamentoCargo: props?.informarDepartamentoCargo ?? false,
    cargosExistem: cargos.length > 0,
  };
}

/**
 * What the administrator holds (the grant rule): their access types and their effective features (ids). The
 * system holds everything (null).
 */
export async function grantsOf(
  db: DbOrTx,
  admin: CurrentUser | null,
  loaded?: Awaited<ReturnType<typeof productCatalogue>>,
): Promise<Grants> {
  if (!admin) return null;
  // In turn, not Promise.all: `db` may be a transaction (the import's chunk), one connection, one query at a time.
  const tipos = await accessTypeIdsOf(db, admin.id);
  const catalogue = loaded ?? (await productCatalogue(db));
  const keys = new Set(admin.chaves);
  return {
    tiposAcesso: new Set(tipos),
    funcionalidades: new Set(catalogue.funcionalidades.filter((f) => keys.has(f.chave)).map((f) => f.id)),
  };
}

/**
 * Whether a position may be added (podeAdicionarCargo; docs/domains/users.md#positions): the type carries
 * positions (tiposUsuarioInformarCargo); a DEALER_GRUPO position is at a dealer (of the administrator's scope),
 * another type's is at none; a position marked unico_por_dealer is free at that dealer (no other active holder).
 */
export async function canAddPosition(
  db: DbOrTx,
  scope: AdminScope,
  rules: UserFormRules,
  input: { cargoId: string; tipoUsuario: UserType; dealerId?: string | null; usuarioId?: string | null },
): Promise<boolean> {
  const claim = {
    cargoId: input.cargoId,
    tipoUsuario: input.tipoUsuario,
    dealerId: input.dealerId || null,
    usuarioId: input.usuarioId || null,
  };
  const [allowed] = await positionsAllowed(db, scope, rules, [claim]);
  return allowed;
}

/** A user's state as salvarUsuario compares and audits it. */
async function userSnapshot(tx: DbOrTx, id: string) {
  const [core] = await tx.select().from(usuario).where(eq(usuario.id, id)).for('update');
  if (!core) return null;
  // One after the other: a transaction is one connection, which runs one statement at a time.
  const ids = async <T extends Record<string, unknown>>(rows: PromiseLike<T[]>, key: keyof T) =>
    (await rows).map((r) => String(r[key])).sort();
  const idsDealers = await ids(tx.select().from(usuarioDealer).where(eq(usuarioDealer.usuarioId, id)), 'dealerId');
  const idsGrupos = await ids(tx.select().from(usuarioGrupo).where(eq(usuarioGrupo.usuarioId, id)), 'grupoId');
  const marcas = await ids(tx.select().from(usuarioMarca).where(eq(usuarioMarca.usuarioId, id)), 'marcaId');
  const idsGruposUsuarios = await ids(
    tx.select().from(usuarioGrupoUsuarios).where(eq(usuarioGrupoUsuarios.usuarioId, id)),
    'grupoUsuariosId',
  );
  const idsTiposAcesso = await ids(
    tx.select().from(usuarioTipoAcesso).where(eq(usuarioTipoAcesso.usuarioId, id)),
    'tipoAcessoId',
  );
  const idsFuncionalidades = await ids(
    tx.select().from(usuarioFuncionalidade).where(eq(usuarioFuncionalidade.usuarioId, id)),
    'funcionalidadeId',
  );
  const cargos = await tx
    .select({
      cargoId: usuarioCargo.cargoId,
      dealerId: usuarioCargo.dealerId,
      departamentoId: usuarioCargo.departamentoId,
      dataInicio: usuarioCargo.dataInicio,
    })
    .from(usuarioCargo)
    .where(eq(usuarioCargo.usuarioId, id))
    .orderBy(usuarioCargo.dataInicio);
  const { senhaHash: _h, nomeBusca: _n, versao: _v, ultimoAcesso: _u, createdAt: _c, ...fields } = core;
  return {
    ...fields,
    idsDealers,
    idsGrupos,
    marcas,
    idsGruposUsuarios,
    idsTiposAcesso,
    idsFuncionalidades,
    cargos,
  };
}

/**
 * Creates (no usuario.id) or edits a user with their links, positions, management data and per-product
 * permissions, in one transaction (salvarUsuario; docs/domains/users.md#administration). Parses with
 * `salvarUsuarioSchema` (unknown fields refused), then enforces the scope rule (the user visible, else
 * NOT_FOUND; editable and the type, dealers and dealer groups assignable, else FORBIDDEN; oneself: personal
 * data only), the grant rule (each access type or feature added or removed is one the administrator holds, else
 * FORBIDDEN), e-mail and CPF unique (BAD_USER_INPUT), the linked ids exist and the positions can be added.
 * Bumps `versao` (sessions read rights afresh on the next request) and audits before and after. Returns the id.
 */
export async function salvarUsuario(
  ctx: ActionContext,
  input: { usuario: unknown; cargos?: unknown; infos?: unknown },
): Promise<{ id: string; created: boolean }> {
  const rules = await userFormRules(ctx.db);
  const data = parseInput(salvarUsuarioSchema(rules), input);
  requireAllowed(ctx, MAINTAIN_USERS);
  const scope = await adminScope(ctx.db, ctx.actor);
  const grants = await grantsOf(ctx.db, ctx.actor);
  const { usuario: form, cargos, infos } = data;
  const idsTiposAcesso = [...new Set(form.produtos.flatMap((p) => p.idsTiposAcesso))].sort();
  const idsFuncionalidades = [...new Set(form.produtos.flatMap((p) => p.idsFuncionalidades))].sort();

  return inTransaction(ctx, async (tx, txCtx) => {
    const id = form.id;
    let before: Awaited<ReturnType<typeof userSnapshot>> = null;
    if (id) {
      const access = await userAccess(tx, scope, id);
      if (!access) throw notFound();
      if (!access.editavel) throw forbidden();
      before = await userSnapshot(tx, id);
      if (!before) throw notFound();
    }
    // The scope rule and the grant rule (users.rules.ts, shared with the import).
    const next = {
      tipo: form.tipo,
      idsDealers: form.idsDealers,
      idsGrupos: form.idsGrupos,
      idsTiposAcesso,
      idsFuncionalidades,
    };
    if (
      refusedByScopeAndGrants(
        scope,
        grants,
        id,
        before ? { ...before, tipo: before.tipo as UserType } : NO_RIGHTS,
        next,
      ).length
    )
      throw forbidden();

    // Uniqueness and the linked ids.
    const fields: Record<string, string> = {};
    const taken = await tx
      .select({ id: usuario.id, email: usuario.email, cpf: usuario.cpf })
      .from(usuario)
      .where(form.cpf ? or(eq(usuario.email, form.email), eq(usuario.cpf, form.cpf)) : eq(usuario.email, form.email));
    if (taken.some((u) => u.id !== id && u.email.toLowerCase() === form.email))
      fields['usuario.email'] = 'users.emailTaken';
    if (form.cpf && taken.some((u) => u.id !== id && u.cpf === form.cpf)) fields['usuario.cpf'] = 'users.cpfTaken';
    const checks: [string, string[], (db: DbOrTx, ids: readonly string[]) => Promise<string[]>][] = [
      ['usuario.idsDealers', form.idsDealers, existingDealerIds],
      ['usuario.idsGrupos', form.idsGrupos, existingDealerGroupIds],
      ['usuario.marcas', form.marcas, existingBrandIds],
      ['usuario.idsGruposUsuarios', form.idsGruposUsuarios, existingUserGroupIds],
      ['usuario.produtos', idsTiposAcesso, existingAccessTypeIds],
      ['usuario.produtos', idsFuncionalidades, existingFeatureIds],
      ['usuario.produtos', form.produtos.map((p) => p.idProduto), existingProductIds],
      [
        'cargos',
        [...new Set(cargos.flatMap((c) => (c.departamentoId ? [c.departamentoId] : [])))],
        existingDepartmentIds,
      ],
    ];
    for (const [field, ids, existing] of checks) {
      if (ids.length && (await existing(tx, ids)).length !== new Set(ids).size) fields[field] ??= 'validation.invalid';
    }
    if (infos?.desligamentoId && !(await dismissalReasons(tx)).some((r) => r.id === infos.desligamentoId))
      fields['infos.desligamentoId'] = 'validation.invalid';
    // The positions check for each new position (kept ones are not re-checked).
    const keptPositions = before?.cargos ?? [];
    const fresh = [...cargos.entries()].filter(([, c]) => !keptPositions.some((k) => samePosition(k, c)));
    const claims = fresh.map(([, c]) => ({
      cargoId: c.cargoId,
      tipoUsuario: form.tipo,
      dealerId: c.dealerId,
      usuarioId: id,
    }));
    const allowed = await positionsAllowed(tx, scope, rules, claims);
    fresh.forEach(([i], n) => {
      if (!allowed[n]) fields[`cargos.${i}.cargoId`] = 'users.positionNotAllowed';
    });
    if (Object.keys(fields).length) throw badInput(fields, Object.values(fields)[0]);

    // The write.
    const values = {
      nome: form.nome,
      email: form.email,
      cpf: form.cpf,
      codigos: form.codigos,
      tipo: form.tipo,
      telefones: form.telefones,
      celulares: form.celulares,
      dataAdmissao: infos?.dataAdmissao ?? null,
      emailSuperior: infos?.emailSuperior ?? null,
      dataDesligamento: infos?.dataDesligamento ?? null,
      desligamentoId: infos?.desligamentoId ?? null,
      versao: sql`now()`,
    };
    let userId: string;
    if (id) {
      await tx
        .update(usuario)
        .set({ ...values, ...(form.idioma ? { idioma: form.idioma } : {}) })
        .where(eq(usuario.id, id));
      userId = id;
    } else {
      const [row] = await tx
        .insert(usuario)
        .values({ ...values, idioma: form.idioma ?? 'PT_BR' })
        .returning({ id: usuario.id });
      userId = row.id;
    }
    const links = [
      [usuarioDealer, usuarioDealer.usuarioId, 'dealerId', form.idsDealers],
      [usuarioGrupo, usuarioGrupo.usuarioId, 'grupoId', form.idsGrupos],
      [usuarioMarca, usuarioMarca.usuarioId, 'marcaId', form.marcas],
      [usuarioGrupoUsuarios, usuarioGrupoUsuarios.usuarioId, 'grupoUsuariosId', form.idsGruposUsuarios],
      [usuarioTipoAcesso, usuarioTipoAcesso.usuarioId, 'tipoAcessoId', idsTiposAcesso],
      [usuarioFuncionalidade, usuarioFuncionalidade.usuarioId, 'funcionalidadeId', idsFuncionalidades],
    ] as const;
    for (const [table, owner, column, ids] of links) {
      if (id) await tx.delete(table).where(eq(owner, userId));
      if (ids.length) await tx.insert(table).values(ids.map((v) => ({ usuarioId: userId, [column]: v }) as never));
    }
    if (id) await tx.delete(usuarioCargo).where(eq(usuarioCargo.usuarioId, userId));
    if (cargos.length)
      await tx.insert(usuarioCargo).values(
        cargos.map((c) => ({
          usuarioId: userId,
          cargoId: c.cargoId,
          dealerId: c.dealerId,
          departamentoId: c.departamentoId,
          dataInicio: c.dataInicio,
        })),
      );

    const after = await userSnapshot(tx, userId);
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'usuario',
      entityId: userId,
      action: id ? 'editar' : 'criar',
      ...(before ? { before } : {}),
      after,
    });
    // A new user gets the invitation e-mail (embedded provider), sent only if this transaction commits.
    if (!id) await inviteUser(txCtx, { userId });
    return { id: userId, created: !id };
  });
}

/** The user `id` as an administrator may change their state: visible (else NOT_FOUND) and editable (else FORBIDDEN). */
async function requireEditable(ctx: ActionContext, tx: DbOrTx, id: string) {
  const scope = await adminScope(tx, ctx.actor);
  const access = await userAccess(tx, scope, id);
  if (!access) throw notFound();
  if (!access.editavel) throw forbidden();
  return { scope, access };
}

/**
 * Activates (ativarUsuario) or inactivates (inativarUsuario) a user in the administrator's scope; nobody
 * inactivates themselves (FORBIDDEN). Inactivation ends the user's sessions at once: the session's user load
 * refuses an inactive user on the next request (and `versao` moves), as the dealer-group cascade does.
 * Audited with before and after when the state changes. Returns the id.
 */
export async function alterarAtivacaoUsuario(ctx: ActionContext, input: { id: string; active: boolean }) {
  requireAllowed(ctx, MAINTAIN_USERS);
  return inTransaction(ctx, async (tx, txCtx) => {
    const { access } = await requireEditable(ctx, tx, input.id);
    if (!input.active && input.id === ctx.actor?.id) throw forbidden();
    if (access.active !== input.active) {
      // Reactivation restarts the inactivity count (`ativado_em`, by the business clock; users.inactivity.ts).
      const restart = input.active ? { ativadoEm: ctx.clock.now() } : {};
      await tx
        .update(usuario)
        .set({ active: input.active, versao: sql`now()`, ...restart })
        .where(eq(usuario.id, input.id));
      await recordAudit(tx, {
        actorId: actorId(ctx),
        entity: 'usuario',
        entityId: input.id,
        action: input.active ? 'ativar' : 'inativar',
        before: { active: access.active },
        after: { active: input.active },
      });
      // An inactivated user's browsers stop getting pushes (docs/domains/notifications.md#web-push).
      if (!input.active) await removePushSubscriptionsOfUsers(txCtx, { usuarioIds: [input.id] });
    }
    return input.id;
  });
}

/**
 * Grants (true) or removes (false) special activation (alterarAtivacaoEspecial, LIBERAR_ATIVACAO_ESPECIAL and the
 * scope rule): a specially activated user is never inactivated for inactivity. Audited with before and after.
 */
export async function alterarAtivacaoEspecial(ctx: ActionContext, input: { id: string; ativacaoEspecial: boolean }) {
  requireAllowed(ctx, { keys: ['LIBERAR_ATIVACAO_ESPECIAL'] });
  return inTransaction(ctx, async (tx) => {
    await requireEditable(ctx, tx, input.id);
    const [before] = await tx
      .select({ ativacaoEspecial: usuario.ativacaoEspecial })
      .from(usuario)
      .where(eq(usuario.id, input.id));
    if (before.ativacaoEspecial !== input.ativacaoEspecial) {
      await tx.update(usuario).set({ ativacaoEspecial: input.ativacaoEspecial }).where(eq(usuario.id, input.id));
      await recordAudit(tx, {
        actorId: actorId(ctx),
        entity: 'usuario',
        entityId: input.id,
        action: 'editar',
        before,
        after: { ativacaoEspecial: input.ativacaoEspecial },
      });
    }
    return input.id;
  });
}

/**
 * The users' part of `importarGrupoUsuarios` (superAdmin migration, docs/domains/superadmin.md#migration),
 * called by the groups module inside its transaction after the dealers moved. Users linked to a moved
 * dealer (and, on a merge, every user linked to the origin group) are linked to the destination group;
 * their link to the origin goes on a merge, or when none of their dealers is left in the origin. Each
 * changed user gets an audit row `mover` and a new `versao` (their visibility changed). Returns their ids.
 */
export async function moveUsersBetweenDealerGroups(
  ctx: ActionContext,
  input: {
    origem: { id: string; nome: string };
    destino: { id: string; nome: string };
    dealerIds: readonly string[];
    merge: boolean;
  },
): Promise<string[]> {
  requireAllowed(ctx, { types: ['TECSINAPSE'] });
  return inTransaction(ctx, async (tx) => {
    const reached = sql`SELECT usuario_id FROM usuario_dealer WHERE dealer_id = ANY(${uuidArray(input.dealerIds)})
      UNION SELECT usuario_id FROM usuario_grupo WHERE grupo_id = ${input.origem.id} AND ${input.merge}`;
    const added = (
      await tx.execute(sql`INSERT INTO usuario_grupo (usuario_id, grupo_id)
        SELECT usuario_id, ${input.destino.id}::uuid FROM (${reached}) r
        ON CONFLICT DO NOTHING RETURNING usuario_id`)
    ).rows as { usuario_id: string }[];
    const removed = (
      await tx.execute(sql`DELETE FROM usuario_grupo ug WHERE ug.grupo_id = ${input.origem.id}
        AND ug.usuario_id IN (${reached})
        AND (${input.merge} OR NOT EXISTS (SELECT 1 FROM usuario_dealer ud JOIN (${dealerGroupOfDealersSql}) d ON d.id = ud.dealer_id
              WHERE ud.usuario_id = ug.usuario_id AND d.grupo_id = ${input.origem.id}))
        RETURNING ug.usuario_id`)
    ).rows as { usuario_id: string }[];
    const removedIds = new Set(removed.map((r) => r.usuario_id));
    const ids = [...new Set([...added.map((r) => r.usuario_id), ...removedIds])];
    if (!ids.length) return [];
    await tx.update(usuario).set({ versao: sql`now()` }).where(inArray(usuario.id, ids));
    await recordAudits(
      tx,
      ids.map((id) => ({
        actorId: actorId(ctx),
        entity: 'usuario' as const,
        entityId: id,
        action: 'mover' as const,
        before: removedIds.has(id) ? { grupo: input.origem.nome } : undefined,
        after: { grupo: input.destino.nome },
      })),
    );
    return ids;
  });
}
