import crypto from 'node:crypto';
import { LOCALE_BY_IDIOMA } from '@portal/domain';
import { t } from '@portal/i18n';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { inTransaction, systemContext } from '../actions.js';
import type { DbOrTx } from '../db.js';
import type { DomainPorts } from '../domain-ports.js';
import type { Services } from '../services.js';
import { endProviderAccount } from './adapter.js';
import { senhaReset, sessao } from './auth.tables.js';
import { hashPassword } from './passwords.js';
import { publishSessionEnded } from './session-events.js';
import { THROTTLE, withinLimit } from './throttle.js';
import type { UserDirectory } from './user-directory.js';
import { escapeHtml } from './views.js';

export const RESET_LINK_MINUTES = 30;
const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/** The pg-boss queue that looks the address up, stores the token and queues the mail. */
export const PASSWORD_RESET_QUEUE = 'auth.password-reset';

/**
 * Starts a password recovery. The request only counts against the limits (per client address, per
 * e-mail) and queues a job with the e-mail: the answer is the same, in the same time, whether or not
 * the address exists (no account probing). False when over a limit: nothing is queued.
 */
export async function requestPasswordReset(services: Services, email: string, clientIp: string): Promise<boolean> {
  const address = email.trim().toLowerCase();
  if (!(await withinLimit(services.db, `recovery-ip:${clientIp}`, THROTTLE.recoveryPerIp))) return false;
  if (!(await withinLimit(services.db, `recovery:${address}`, THROTTLE.recoveryPerAddress))) return false;
  await services.jobs.send(PASSWORD_RESET_QUEUE, { email: address }, { retryLimit: 3, retryDelay: 1 });
  return true;
}

/**
 * Runs the recovery jobs of this instance (embedded provider only). Several at once: requests for
 * unknown addresses queue jobs too, and must not hold a real user's link back for long.
 */
export async function startPasswordResetJob(
  services: Services,
  domain: Pick<DomainPorts, 'users' | 'look'>,
): Promise<void> {
  await services.jobs.work<{ email: string }>(
    PASSWORD_RESET_QUEUE,
    ({ email }) => sendResetLink(services, domain, email),
    { concurrency: 5 },
  );
}

/**
 * When the e-mail belongs to an active user with a portal password: a new link (`issuePasswordLink`)
 * and its mail, queued in the user's own language.
 */
async function sendResetLink(
  services: Services,
  { users, look }: Pick<DomainPorts, 'users' | 'look'>,
  email: string,
): Promise<void> {
  const user = await users.findByEmail(services.db, email);
  if (!user?.active || !user.senhaHash) return;
  const locale = LOCALE_BY_IDIOMA[user.idioma] ?? 'pt-BR';
  const portal = (await look(services))?.name ?? 'Portal';
  const params = { nome: user.nome, portal, minutos: RESET_LINK_MINUTES };
  await services.db.transaction(async (tx) => {
    // Serialises two recoveries of one user (two instances): each sees the other's link and voids it.
    await users.lock(tx, user.id);
    const link = await issuePasswordLink(tx, services, { userId: user.id, locale, minutes: RESET_LINK_MINUTES });
    await services.mailer.queue(tx, {
      to: user.email,
      subject: t(locale, 'recovery.mailSubject', params),
      text: `${t(locale, 'recovery.mailText', params)}\n\n${link}\n`,
      html: `<p>${escapeHtml(t(locale, 'recovery.mailText', params))}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t(locale, 'recovery.mailButton'))}</a></p>`,
    });
  });
}

/**
 * Stores a new single-use set-password link of a user (only the token's hash) valid for `minutes`, voiding
 * the user's earlier links (at most one live link per user), and answers the link to mail (the screen
 * /oidc/reset in `locale`). Used by recovery above and by the users module's invitation of a new user
 * (a longer life), in the caller's transaction; the caller locks the user's row first.
 */
export async function issuePasswordLink(
  tx: DbOrTx,
  services: Pick<Services, 'config'>,
  input: { userId: string; locale: string; minutes: number },
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await tx.delete(senhaReset).where(eq(senhaReset.usuarioId, input.userId));
  await tx.insert(senhaReset).values({
    tokenHash: sha256(token),
    usuarioId: input.userId,
    expiresAt: new Date(Date.now() + input.minutes * 60_000),
  });
  return `${services.config.publicUrl}/oidc/reset?token=${token}&lang=${input.locale}`;
}

/** Finds the user of a valid (unused, unexpired) reset token. */
export async function findResetToken(services: Services, token: string) {
  const [row] = await services.db
    .select()
    .from(senhaReset)
    .where(
      and(eq(senhaReset.tokenHash, sha256(token)), isNull(senhaReset.usedAt), gt(senhaReset.expiresAt, new Date())),
    );
  return row ?? null;
}

/**
 * Sets a new password with a reset token. The token is consumed atomically (a second use fails) and
 * every session of the user ends.
 */
export async function resetPassword(
  services: Services,
  users: UserDirectory,
  token: string,
  password: string,
): Promise<boolean> {
  const senhaHash = await hashPassword(password);
  const usuarioId = await inTransaction(systemContext(services), async (tx, txCtx) => {
    const [used] = await tx
      .update(senhaReset)
      .set({ usedAt: new Date() })
      .where(
        and(eq(senhaReset.tokenHash, sha256(token)), isNull(senhaReset.usedAt), gt(senhaReset.expiresAt, new Date())),
      )
      .returning({ usuarioId: senhaReset.usuarioId });
    if (!used) return null;
    await users.setPassword(txCtx, { userId: used.usuarioId, senhaHash });
    await tx.delete(sessao).where(eq(sessao.usuarioId, used.usuarioId));
    // The provider's session, grants and tokens too: a bearer token from before the reset dies with it.
    await endProviderAccount(tx, used.usuarioId);
    return used.usuarioId;
  });
  if (!usuarioId) return false;
  // Live streams of the user (any instance) re-check now and end.
  await publishSessionEnded(services.events, usuarioId);
  return true;
}
