import crypto from 'node:crypto';
import { resolveLocale, t } from '@portal/i18n';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { systemContext } from '../actions.js';
import type { DomainPorts } from '../domain-ports.js';
import { isSameOrigin } from '../http/origin.js';
import type { Services } from '../services.js';
import { endProviderAccount } from './adapter.js';
import { loginPendente } from './auth.tables.js';
import type { Authenticate } from './authenticate.js';
import { localeOfRequest } from './locale.js';
import type { OidcClient } from './oidc-client.js';
import { requestPasswordReset } from './password-reset.js';
import { createSession, deleteUserSessions, loadSession, SESSION_COOKIE, SESSION_IDLE_HOURS } from './session.js';
import { publishSessionEnded } from './session-events.js';
import type { UserDirectory } from './user-directory.js';
import { escapeHtml, renderPage } from './views.js';

/** Pending sign-in state lives 60 minutes (docs/domains/sign-in-and-sessions.md#constants). */
const PENDING_LOGIN_MINUTES = 60;

/** Where sign-in lands when `returnTo` is missing or not a path of the portal. */
export const DEFAULT_RETURN_TO = '/home';

/** The cookie that binds a pending sign-in to the browser that started it (only its SHA-256 is stored). */
export const LOGIN_COOKIE = 'portal_login';

/** Whether a value holds a control character, raw or percent-encoded (a browser may decode it). */
const hasControlCharacter = (s: string) =>
  /%(?:[01][0-9a-f]|7f)/i.test(s) || [...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * The path of the portal to land on after sign-in (no open redirect). The value is resolved with the
 * WHATWG URL parser against the portal's origin, as a browser resolves a Location: anything that
 * lands elsewhere (absolute or protocol-relative URLs, backslashes, `javascript:`), carries control
 * characters, or would be read as protocol-relative again (`//…`) falls back to /home. The result
 * is pathname+search+hash of the parsed URL, so it is always plain ASCII and a valid header.
 */
export function safeReturnTo(value: unknown, publicUrl: string): string {
  if (typeof value !== 'string' || value === '' || value.length > 2048 || hasControlCharacter(value)) {
    return DEFAULT_RETURN_TO;
  }
  const origin = new URL(publicUrl).origin;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return DEFAULT_RETURN_TO;
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (url.origin !== origin || !path.startsWith('/') || path.startsWith('//') || hasControlCharacter(path)) {
    return DEFAULT_RETURN_TO;
  }
  return path;
}

const sha256 = (raw: string) => crypto.createHash('sha256').update(raw).digest('hex');

/** The BFF sign-in routes: /auth/login, /auth/callback, /auth/logout, /auth/password/forgot. */
export function registerBffRoutes(
  app: FastifyInstance,
  services: Services,
  oidc: OidcClient,
  authenticate: Authenticate,
  domain: Pick<DomainPorts, 'users' | 'audit'>,
) {
  const { db, config } = services;
  const secure = config.publicUrl.startsWith('https:');

  const errorPage = (request: FastifyRequest, reply: FastifyReply, text: string, status: number) => {
    const locale = localeOfRequest(request.raw);
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .send(
        renderPage({
          locale,
          portalName: 'Portal',
          theme: 'blueOcean',
          title: t(locale, 'signin.errorTitle'),
          body: `<p class="error" role="alert">${escapeHtml(text)}</p><p class="links"><a href="/auth/login">${escapeHtml(t(locale, 'signin.backToSignIn'))}</a></p>`,
          selfUrl: request.url,
        }),
      );
  };

  app.get<{ Querystring: { returnTo?: string; lang?: string } }>('/auth/login', async (request, reply) => {
    const configuration = await oidc.configuration();
    const state = client.randomState();
    const nonce = client.randomNonce();
    // 96 characters (docs/domains/sign-in-and-sessions.md#constants).
    const codeVerifier = crypto.randomBytes(72).toString('base64url');
    // Reused when present, so two tabs of one browser can sign in at the same time.
    const existing = request.cookies?.[LOGIN_COOKIE];
    const browser = existing && /^[\w-]{43}$/.test(existing) ? existing : crypto.randomBytes(32).toString('base64url');
    reply.setCookie(LOGIN_COOKIE, browser, {
      path: '/auth',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: PENDING_LOGIN_MINUTES * 60,
    });
    await db.delete(loginPendente).where(lt(loginPendente.expiresAt, new Date()));
    await db.insert(loginPendente).values({
      state,
      nonce,
      codeVerifier,
      returnTo: safeReturnTo(request.query.returnTo, config.publicUrl),
      navegadorHash: sha256(browser),
      expiresAt: new Date(Date.now() + PENDING_LOGIN_MINUTES * 60_000),
    });
    const params: Record<string, string> = {
      redirect_uri: `${config.publicUrl}/auth/callback`,
      scope: 'openid email profile',
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    };
    if (request.query.lang) params.ui_locales = resolveLocale(request.query.lang);
    return reply.redirect(client.buildAuthorizationUrl(configuration, params).href, 302);
  });

  app.get<{ Querystring: { state?: string } }>('/auth/callback', async (request, reply) => {
    const locale = localeOfRequest(request.raw);
    const state = request.query.state ?? '';
    // Only the browser that started the sign-in finds it: a callback URL opened elsewhere (login CSRF,
    // a leaked link) neither signs that browser in nor spends the pending sign-in.
    const browser = request.cookies?.[LOGIN_COOKIE];
    if (!browser) return reply.redirect('/auth/login', 302);
    const [pending] = await db
      .delete(loginPendente)
      .where(
        and(
          eq(loginPendente.state, state),
          eq(loginPendente.navegadorHash, sha256(browser)),
          gt(loginPendente.expiresAt, new Date()),
        ),
      )
      .returning();
    if (!pending) return reply.redirect('/auth/login', 302);
    let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
    try {
      tokens = await client.authorizationCodeGrant(await oidc.configuration(), new URL(request.url, config.publicUrl), {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
      });
    } catch (err) {
      request.log.warn({ err }, 'authorization code exchange failed');
      return errorPage(request, reply, t(locale, 'error.internal'), 400);
    }
    const claims = tokens.claims();
    const userId = claims ? await portalUserFor(services, domain.users, oidc, claims) : null;
    if (!userId) return errorPage(request, reply, t(locale, 'error.forbidden'), 403);
    const raw = await createSession(db, userId, {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? null,
      idToken: tokens.id_token ?? null,
      tokenExpiresAt: new Date(Date.now() + (tokens.expiresIn() ?? 600) * 1000),
    });
    await domain.users.recordSignIn(systemContext(services), { userId });
    reply.setCookie(SESSION_COOKIE, raw, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: SESSION_IDLE_HOURS * 3600 * 14,
    });
    // Checked again: rows written before this rule, and a header that can never be invalid.
    return reply.redirect(safeReturnTo(pending.returnTo, config.publicUrl), 302);
  });

  /** Ends every session of the user here and the provider session; answers where to go next. */
  app.post('/auth/logout', async (request, reply) => {
    if (!isSameOrigin(request, config.publicUrl)) return reply.code(403).send({ error: 'FORBIDDEN' });
    const raw = request.cookies?.[SESSION_COOKIE];
    const session = raw ? await loadSession(db, raw) : null;
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    if (!session) return reply.send({ logoutUrl: '/' });
    await db.transaction(async (tx) => {
      await deleteUserSessions(tx, session.usuarioId);
      // The embedded provider forgets the user too (its session, grants, tokens): signing in again
      // asks for the password, and no access token of these sessions is accepted any more.
      if (!oidc.external) await endProviderAccount(tx, session.usuarioId);
      await domain.audit(tx, {
        actorId: session.usuarioId,
        entity: 'sessao',
        entityId: session.usuarioId,
        action: 'logout',
      });
    });
    // Live streams of the user (any instance) re-check now and end.
    await publishSessionEnded(services.events, session.usuarioId);
    const configuration = await oidc.configuration();
    const params: Record<string, string> = { post_logout_redirect_uri: `${config.publicUrl}/` };
    if (session.idToken) params.id_token_hint = session.idToken;
    let logoutUrl = '/';
    if (configuration.serverMetadata().end_session_endpoint) {
      logoutUrl = client.buildEndSessionUrl(configuration, params).href;
    }
    return reply.send({ logoutUrl });
  });

  app.get('/auth/session', async (request, reply) => {
    const auth = await authenticate(request);
    return reply.header('cache-control', 'no-store').send({ authenticated: Boolean(auth) });
  });

  app.post<{ Body: { email?: string; locale?: string } }>('/auth/password/forgot', async (request, reply) => {
    if (!isSameOrigin(request, config.publicUrl)) return reply.code(403).send({ error: 'FORBIDDEN' });
    const email = String(request.body?.email ?? '').trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(email))
      return reply.code(400).send({ error: 'BAD_USER_INPUT', fields: { email: 'validation.email' } });
    // The mail goes out in the user's stored language: the body's `locale` is no longer needed.
    if (!oidc.external && !(await requestPasswordReset(services, email, request.ip))) {
      request.log.warn({ ip: request.ip }, 'password recovery request over the limit: nothing sent');
    }
    return reply.code(202).send({ ok: true });
  });
}

/**
 * Maps the provider's identity to a portal user: the embedded provider's subject is the user id; an
 * external provider's subject is kept in keycloak_id, first matched by e-mail. Inactive: null.
 */
async function portalUserFor(
  services: Services,
  users: UserDirectory,
  oidc: OidcClient,
  claims: client.IDToken,
): Promise<string | null> {
  const { db } = services;
  if (!oidc.external) {
    const row = await users.findById(db, claims.sub);
    return row?.active ? row.id : null;
  }
  const bySubject = await users.findBySubject(db, claims.sub);
  const user = bySubject ?? (typeof claims.email === 'string' ? await users.findByEmail(db, claims.email) : null);
  if (!user?.active) return null;
  if (user.keycloakId !== claims.sub)
    await users.linkSubject(systemContext(services), { userId: user.id, subject: claims.sub });
  return user.id;
}
