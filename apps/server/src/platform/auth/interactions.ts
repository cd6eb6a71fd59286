import { passwordProblems } from '@portal/domain';
import { type Locale, t } from '@portal/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, type default as Provider } from 'oidc-provider';
import type { DomainPorts } from '../domain-ports.js';
import { isSameOrigin } from '../http/origin.js';
import type { Services } from '../services.js';
import { LANG_COOKIE, localeOfRequest } from './locale.js';
import { findResetToken, requestPasswordReset, resetPassword } from './password-reset.js';
import { verifyPassword } from './passwords.js';
import { beginGuess, guessSucceeded, signInCounters } from './throttle.js';
import { escapeHtml, message, renderPage } from './views.js';

// A real argon2id hash, verified when the e-mail is unknown so both paths take the same time.
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$cb+xI5sBTYvPdXgmlZDKjA$GToJG58JTFvjM1+YO+MXI9BLj+TaHFyIWFekNfknCrc';

type Body = Record<string, string | undefined>;

/**
 * The screens of the embedded provider: sign-in, forgot password and reset password, themed like the
 * portal and translated (docs/domains/sign-in-and-sessions.md#how-signing-in-works). They run beside the provider's own
 * routes under /oidc.
 */
export function registerInteractionRoutes(
  app: FastifyInstance,
  services: Services,
  provider: Provider,
  domain: Pick<DomainPorts, 'users' | 'audit' | 'look'>,
) {
  const send = async (
    request: FastifyRequest,
    reply: FastifyReply,
    titleKey: string,
    body: string,
    status = 200,
    locale: Locale = localeOfRequest(request.raw),
  ) => {
    const props = await domain.look(services);
    const portalName = props?.name ?? 'Portal';
    const lang = new URL(request.url, 'http://x').searchParams.get('lang');
    if (lang)
      reply.header(
        'set-cookie',
        `${LANG_COOKIE}=${encodeURIComponent(locale)}; Path=/; SameSite=Lax; Max-Age=31536000`,
      );
    const selfUrl = stripLang(request.url);
    reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(
        renderPage({
          locale,
          portalName,
          favicon: props?.favicon,
          theme: props?.theme ?? 'blueOcean',
          title: t(locale, titleKey, { portal: portalName }),
          body,
          selfUrl,
        }),
      );
  };

  const loginForm = (locale: Locale, uid: string, email = '', error?: string) => `
<form method="post" action="/oidc/interaction/${escapeHtml(uid)}/login" novalidate>
  <label for="email">${escapeHtml(t(locale, 'signin.email'))}</label>
  <input id="email" name="email" type="email" autocomplete="username" required ${email ? '' : 'autofocus '}value="${escapeHtml(email)}">
  <label for="password">${escapeHtml(t(locale, 'signin.password'))}</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required${email ? ' autofocus' : ''}>
  ${message('error', error)}
  <button type="submit">${escapeHtml(t(locale, 'signin.submit'))}</button>
</form>
<p class="links"><a href="/oidc/forgot?uid=${encodeURIComponent(uid)}">${escapeHtml(t(locale, 'signin.forgot'))}</a></p>`;

  /**
   * The interaction the address names, or null after sending the browser to /home when it is over: finished (the
   * browser's Back to the sign-in page once signed in), expired, or from another browser. /home lands a signed-in user
   * in the portal and starts a new sign-in otherwise, instead of the provider's bare "invalid_request".
   */
  const interactionOrHome = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch (error) {
      if (!(error instanceof errors.SessionNotFound)) throw error;
      request.log.info(
        { url: request.url, reason: error.error_description },
        'sign-in page of an interaction that is over',
      );
      await reply.header('cache-control', 'no-store').redirect('/home', 303);
      return null;
    }
  };

  app.get<{ Params: { uid: string } }>('/oidc/interaction/:uid', async (request, reply) => {
    const details = await interactionOrHome(request, reply);
    if (!details) return reply;
    const locale = localeOfRequest(request.raw, details.params.ui_locales);
    if (details.prompt.name !== 'login') {
      // Consent is implied for first-party clients (loadExistingGrant); finish with the existing grant.
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, { consent: {} }, { mergeWithLastSubmission: true });
      return;
    }
    const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
    return send(request, reply, 'signin.title', loginForm(locale, request.params.uid, hint), 200, locale);
  });

  app.post<{ Params: { uid: string }; Body: Body }>('/oidc/interaction/:uid/login', async (request, reply) => {
    const details = await interactionOrHome(request, reply);
    if (!details) return reply;
    const locale = localeOfRequest(request.raw, details.params.ui_locales);
    const email = String(request.body?.email ?? '')
      .trim()
      .toLowerCase();
    const password = String(request.body?.password ?? '');
    // An empty form is a slip, not a guess: it asks for both fields and counts nothing.
    if (!email || !password)
      return send(
        request,
        reply,
        'signin.title',
        loginForm(locale, details.uid, email, t(locale, 'signin.required')),
        400,
        locale,
      );
    // Counted per client address and per (e-mail, client address): never per e-mail alone, so nobody
    // can lock someone else out by failing on their address.
    const counters = signInCounters(email, request.ip);
    const wait = await beginGuess(services.db, counters);
    if (wait > 0) {
      request.log.warn({ email, ip: request.ip, wait }, 'sign-in refused: throttled');
      reply.header('retry-after', String(wait));
      return send(
        request,
        reply,
        'signin.title',
        loginForm(locale, details.uid, email, t(locale, 'signin.tooManyAttempts', { quando: waitText(locale, wait) })),
        429,
        locale,
      );
    }
    const user = email ? await domain.users.findByEmail(services.db, email) : null;
    const ok = await verifyPassword(user?.senhaHash ?? DUMMY_HASH, password);
    if (!user?.active || !user.senhaHash || !ok) {
      return send(
        request,
        reply,
        'signin.title',
        loginForm(locale, details.uid, email, t(locale, 'signin.invalid')),
        401,
        locale,
      );
    }
    await guessSucceeded(services.db, counters);
    await domain.audit(services.db, { actorId: user.id, entity: 'sessao', entityId: user.id, action: 'login' });
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { login: { accountId: user.id } },
      { mergeWithLastSubmission: false },
    );
  });

  const forgotForm = (locale: Locale, uid: string, info?: string) => `
<p>${escapeHtml(t(locale, 'recovery.intro'))}</p>
<form method="post" action="/oidc/forgot" novalidate>
  <input type="hidden" name="uid" value="${escapeHtml(uid)}">
  <label for="email">${escapeHtml(t(locale, 'signin.email'))}</label>
  <input id="email" name="email" type="email" autocomplete="username" required autofocus>
  ${message('info', info)}
  <button type="submit">${escapeHtml(t(locale, 'recovery.submit'))}</button>
</form>
<p class="links"><a href="${uid ? `/oidc/interaction/${encodeURIComponent(uid)}` : '/auth/login'}">${escapeHtml(t(locale, 'signin.backToSignIn'))}</a></p>`;

  app.get<{ Querystring: { uid?: string } }>('/oidc/forgot', async (request, reply) =>
    send(request, reply, 'recovery.title', forgotForm(localeOfRequest(request.raw), request.query.uid ?? '')),
  );

  /** The forms post only from the portal's own pages (CSRF, like the JSON twin /auth/password/forgot). */
  const crossSite = (request: FastifyRequest, reply: FastifyReply, titleKey: string) => {
    if (isSameOrigin(request, services.config.publicUrl)) return null;
    request.log.warn({ origin: request.headers.origin, url: request.url }, 'cross-site form post refused');
    return send(request, reply, titleKey, message('error', t(localeOfRequest(request.raw), 'error.forbidden')), 403);
  };

  app.post<{ Body: Body }>('/oidc/forgot', async (request, reply) => {
    const refused = crossSite(request, reply, 'recovery.title');
    if (refused) return refused;
    const locale = localeOfRequest(request.raw);
    const email = String(request.body?.email ?? '').trim();
    if (email && !(await requestPasswordReset(services, email, request.ip))) {
      request.log.warn({ ip: request.ip }, 'password recovery request over the limit: nothing sent');
    }
    return send(
      request,
      reply,
      'recovery.title',
      forgotForm(locale, request.body?.uid ?? '', t(locale, 'recovery.sent')),
    );
  });

  const resetForm = (locale: Locale, token: string, error?: string) => `
<form method="post" action="/oidc/reset" novalidate>
  <input type="hidden" name="token" value="${escapeHtml(token)}">
  <label for="password">${escapeHtml(t(locale, 'recovery.newPassword'))}</label>
  <input id="password" name="password" type="password" autocomplete="new-password" required autofocus>
  <label for="confirmation">${escapeHtml(t(locale, 'recovery.confirmation'))}</label>
  <input id="confirmation" name="confirmation" type="password" autocomplete="new-password" required>
  ${message('error', error)}
  <button type="submit">${escapeHtml(t(locale, 'recovery.resetSubmit'))}</button>
</form>`;
  const invalidLink = (locale: Locale) =>
    `${message('error', t(locale, 'recovery.invalidLink'))}<p class="links"><a href="/oidc/forgot">${escapeHtml(t(locale, 'recovery.title'))}</a></p>`;

  app.get<{ Querystring: { token?: string } }>('/oidc/reset', async (request, reply) => {
    const locale = localeOfRequest(request.raw);
    const token = request.query.token ?? '';
    if (!token || !(await findResetToken(services, token))) {
      return send(request, reply, 'recovery.resetTitle', invalidLink(locale), 410);
    }
    return send(request, reply, 'recovery.resetTitle', resetForm(locale, token));
  });

  app.post<{ Body: Body }>('/oidc/reset', async (request, reply) => {
    const refused = crossSite(request, reply, 'recovery.resetTitle');
    if (refused) return refused;
    const locale = localeOfRequest(request.raw);
    const token = String(request.body?.token ?? '');
    const password = String(request.body?.password ?? '');
    const problems = passwordProblems(password);
    if (password !== String(request.body?.confirmation ?? '')) problems.push('password.confirmationMismatch');
    if (problems.length) {
      return send(
        request,
        reply,
        'recovery.resetTitle',
        resetForm(locale, token, problems.map((p) => t(locale, p)).join(' ')),
        400,
      );
    }
    if (!(await resetPassword(services, domain.users, token, password))) {
      return send(request, reply, 'recovery.resetTitle', invalidLink(locale), 410);
    }
    return send(
      request,
      reply,
      'recovery.resetTitle',
      `${message('info', t(locale, 'recovery.resetDone'))}<p class="links"><a href="/auth/login">${escapeHtml(t(locale, 'signin.submit'))}</a></p>`,
    );
  });
}

/** "in 8 seconds" / "in 15 minutes", in the page's language (Intl, no catalogue entry per unit). */
export function waitText(locale: Locale, seconds: number): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  return seconds < 60 ? format.format(seconds, 'second') : format.format(Math.ceil(seconds / 60), 'minute');
}

function stripLang(url: string): string {
  const u = new URL(url, 'http://x');
  u.searchParams.delete('lang');
  return `${u.pathname}${u.search}`;
}
