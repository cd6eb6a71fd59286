import crypto from 'node:crypto';
import { type Locale, t } from '@portal/i18n';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { recordAudit } from '../../modules/audit/audit.service.js';
import { loadPortalProperties } from '../../modules/portal/portal.queries.js';
import { findUserByEmail } from '../../modules/users/users.queries.js';
import { hashPassword } from '../../modules/users/users.service.js';
import { usuario } from '../../modules/users/users.tables.js';
import type { Services } from '../services.js';
import { senhaReset, sessao } from './auth.tables.js';
import { publishSessionEnded } from './session-events.js';
import { escapeHtml } from './views.js';

export const RESET_LINK_MINUTES = 30;
const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

/**
 * Starts a password recovery: when the e-mail belongs to an active user with a portal password, stores
 * a single-use token (hashed) and e-mails the link. Answers the same either way (no account probing).
 */
export async function requestPasswordReset(services: Services, email: string, locale: Locale): Promise<void> {
  const user = await findUserByEmail(services.db, email);
  if (!user?.active || !user.senhaHash) return;
  const token = crypto.randomBytes(32).toString('base64url');
  const link = `${services.config.publicUrl}/oidc/reset?token=${token}&lang=${locale}`;
  const props = await loadPortalProperties(services.db);
  const portal = props?.name ?? 'Portal';
  const params = { nome: user.nome, portal, minutos: RESET_LINK_MINUTES };
  await services.db.transaction(async (tx) => {
    await tx.insert(senhaReset).values({
      tokenHash: sha256(token),
      usuarioId: user.id,
      expiresAt: new Date(Date.now() + RESET_LINK_MINUTES * 60_000),
    });
    await services.mailer.queue(tx, {
      to: user.email,
      subject: t(locale, 'recovery.mailSubject', params),
      text: `${t(locale, 'recovery.mailText', params)}\n\n${link}\n`,
      html: `<p>${escapeHtml(t(locale, 'recovery.mailText', params))}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t(locale, 'recovery.mailButton'))}</a></p>`,
    });
  });
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
export async function resetPassword(services: Services, token: string, password: string): Promise<boolean> {
  const senhaHash = await hashPassword(password);
  const usuarioId = await services.db.transaction(async (tx) => {
    const [used] = await tx
      .update(senhaReset)
      .set({ usedAt: new Date() })
      .where(
        and(eq(senhaReset.tokenHash, sha256(token)), isNull(senhaReset.usedAt), gt(senhaReset.expiresAt, new Date())),
      )
      .returning({ usuarioId: senhaReset.usuarioId });
    if (!used) return null;
    await tx.update(usuario).set({ senhaHash }).where(eq(usuario.id, used.usuarioId));
    await tx.delete(sessao).where(eq(sessao.usuarioId, used.usuarioId));
    await recordAudit(tx, { actorId: used.usuarioId, entity: 'usuario', entityId: used.usuarioId, action: 'senha' });
    return used.usuarioId;
  });
  if (!usuarioId) return false;
  // Live streams of the user (any instance) re-check now and end.
  await publishSessionEnded(services.events, usuarioId);
  return true;
}
