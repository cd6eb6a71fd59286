import { type Idioma, LOCALE_BY_IDIOMA } from '@portal/domain';
import { t } from '@portal/i18n';
import { eq } from 'drizzle-orm';
import { type ActionContext, actorId, inTransaction, requireAllowed } from '../../platform/actions.js';
import { issuePasswordLink } from '../../platform/auth/password-reset.js';
import { escapeHtml } from '../../platform/auth/views.js';
import { notFound } from '../../platform/errors.js';
import { recordAudit } from '../audit/audit.service.js';
import { cachedPortalProperties } from '../portal/portal.queries.js';
import { usuario } from './users.tables.js';

/**
 * Invites a user to the portal (docs/domains/users.md#invitation): with the embedded provider, queues an
 * e-mail in the user's language with a single-use set-password link (the recovery screen /oidc/reset)
 * valid for INVITATION_LINK_DAYS, in the caller's transaction (a new user's `salvarUsuario`), and audits
 * it (`convidar`). A new link voids the user's earlier one. With an external provider (OIDC_ISSUER) it
 * sends nothing: the account there is matched by e-mail at the first sign-in. An inactive user is not
 * invited (they could not sign in). The caller has applied the scope rule; the input is an id the caller
 * holds, not form input, so there is nothing to parse.
 */
export async function inviteUser(ctx: ActionContext, input: { userId: string }): Promise<void> {
  requireAllowed(ctx, { keys: ['PORTAL_MANUTENCAO_USUARIOS'] });
  if (ctx.config.externalOidc) return;
  await inTransaction(ctx, async (tx) => {
    // The row lock serialises two invitations (or an invitation and a recovery) of the same user.
    const [user] = await tx
      .select({ nome: usuario.nome, email: usuario.email, idioma: usuario.idioma, active: usuario.active })
      .from(usuario)
      .where(eq(usuario.id, input.userId))
      .for('update');
    if (!user) throw notFound();
    if (!user.active) return;
    const locale = LOCALE_BY_IDIOMA[user.idioma as Idioma] ?? 'pt-BR';
    const dias = ctx.config.invitationLinkDays;
    const link = await issuePasswordLink(tx, ctx, { userId: input.userId, locale, minutes: dias * 24 * 60 });
    const portal = (await cachedPortalProperties(ctx.cache, tx))?.name ?? 'Portal';
    const params = { nome: user.nome, email: user.email, portal, dias };
    const text = t(locale, 'invitation.mailText', params);
    await ctx.mailer.queue(tx, {
      to: user.email,
      subject: t(locale, 'invitation.mailSubject', params),
      text: `${text}\n\n${link}\n`,
      html: `<p>${escapeHtml(text)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t(locale, 'invitation.mailButton'))}</a></p>`,
    });
    await recordAudit(tx, {
      actorId: actorId(ctx),
      entity: 'usuario',
      entityId: input.userId,
      action: 'convidar',
      after: { email: user.email, idioma: user.idioma, validadeDias: dias },
    });
  });
}
