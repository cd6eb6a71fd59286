import { changePasswordSchema, type Idioma, ONBOARDING_IDS } from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords.js';
import { beginGuess, guessSucceeded, passwordChangeCounters } from '../../platform/auth/throttle.js';
import type { Db, DbOrTx } from '../../platform/db.js';
import { AppError, badInput, notFound } from '../../platform/errors.js';
import type { CurrentUser } from '../../platform/graphql/context.js';
import { recordAudit } from '../audit/audit.service.js';
import { usuario, usuarioOnboarding } from './users.tables.js';

/** Changes the interface language of the signed-in user; another user's id answers NOT_FOUND. */
export async function mudarLinguaUsuario(db: Db, actor: CurrentUser, input: { id: string; idioma: Idioma }) {
  if (input.id !== actor.id) throw notFound();
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ idioma: usuario.idioma }).from(usuario).where(eq(usuario.id, actor.id));
    await tx.update(usuario).set({ idioma: input.idioma }).where(eq(usuario.id, actor.id));
    await recordAudit(tx, {
      actorId: actor.id,
      entity: 'usuario',
      entityId: actor.id,
      action: 'editar',
      before,
      after: { idioma: input.idioma },
    });
  });
}

function assertOnboardingId(id: string) {
  if (!(ONBOARDING_IDS as readonly string[]).includes(id)) throw badInput({ id: 'validation.invalid' });
}

/** Marks a guided tour as finished for the signed-in user (idempotent). */
export async function setOnboardingSeen(db: Db, actor: CurrentUser, onboardingId: string): Promise<void> {
  assertOnboardingId(onboardingId);
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(usuarioOnboarding)
      .values({ usuarioId: actor.id, onboardingId })
      .onConflictDoNothing()
      .returning({ id: usuarioOnboarding.onboardingId });
    if (inserted.length) {
      await recordAudit(tx, {
        actorId: actor.id,
        entity: 'usuario',
        entityId: actor.id,
        action: 'editar',
        after: { onboardingVisto: onboardingId },
      });
    }
  });
}

export { assertOnboardingId };

/**
 * Changes the signed-in user's password (embedded provider only). Validates SPEC §5 rules; a wrong
 * current password is BAD_USER_INPUT on `senhaAtual`. Wrong current passwords are throttled per user
 * and per client address like sign-in (growing waits): a stolen session cannot guess the password.
 */
export async function alterarSenha(
  db: Db,
  actor: CurrentUser,
  input: { senhaAtual: string; novaSenha: string; confirmacao: string },
  clientIp: string,
): Promise<void> {
  const parsed = changePasswordSchema.safeParse(input);
  if (!parsed.success) {
    throw badInput(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'novaSenha'), i.message])));
  }
  const [row] = await db.select({ senhaHash: usuario.senhaHash }).from(usuario).where(eq(usuario.id, actor.id));
  if (!row?.senhaHash) throw new AppError('FORBIDDEN', 'error.forbidden');
  const counters = passwordChangeCounters(actor.id, clientIp);
  if ((await beginGuess(db, counters)) > 0) {
    throw badInput({ senhaAtual: 'error.tooManyAttempts' }, 'error.tooManyAttempts');
  }
  if (!(await verifyPassword(row.senhaHash, input.senhaAtual))) {
    throw badInput({ senhaAtual: 'error.invalidCurrentPassword' }, 'error.invalidCurrentPassword');
  }
  await guessSucceeded(db, counters);
  const senhaHash = await hashPassword(input.novaSenha);
  await db.transaction((tx) => setPassword(tx, { userId: actor.id, senhaHash }));
}

/**
 * Stores a user's new password hash (changed by the user, or reset through a recovery link), audited
 * as the user's own change in the caller's transaction. The hash comes from sign-in (`passwords.ts`).
 */
export async function setPassword(tx: DbOrTx, input: { userId: string; senhaHash: string }): Promise<void> {
  await tx.update(usuario).set({ senhaHash: input.senhaHash, versao: sql`now()` }).where(eq(usuario.id, input.userId));
  await recordAudit(tx, { actorId: input.userId, entity: 'usuario', entityId: input.userId, action: 'senha' });
}

/** The user signed in now (`ultimo_acesso`, shown in the users administration). */
export async function recordSignIn(db: DbOrTx, userId: string): Promise<void> {
  await db.update(usuario).set({ ultimoAcesso: new Date() }).where(eq(usuario.id, userId));
}

/** Links an external provider's subject to the user (first sign-in there, matched by e-mail). */
export async function linkSubject(db: DbOrTx, input: { userId: string; subject: string }): Promise<void> {
  await db.update(usuario).set({ keycloakId: input.subject }).where(eq(usuario.id, input.userId));
}
