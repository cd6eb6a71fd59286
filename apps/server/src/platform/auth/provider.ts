import crypto from 'node:crypto';
import { t } from '@portal/i18n';
import Provider, { type ClientMetadata, type KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config.js';
import type { Db } from '../db.js';
import { createAdapterClass } from './adapter.js';
import { localeOfRequest } from './locale.js';
import type { ProviderSecrets } from './secrets.js';
import type { UserDirectory } from './user-directory.js';
import { escapeHtml, renderPage } from './views.js';

export const PORTAL_CLIENT_ID = 'portal';

/** The logout page's only script (submits the provider's form); the CSP allows it by its hash. */
export const LOGOUT_SCRIPT = "document.getElementById('op.logoutForm').submit()";

/** The audience of access tokens for the portal API (JWT, verified with jose). */
export const apiAudience = (config: Config) => `${config.publicUrl}/api`;
export const embeddedIssuer = (config: Config) => `${config.publicUrl}/oidc`;
/** Claim of the embedded provider's access tokens naming their grant (checked by bearer.ts). */
export const GRANT_CLAIM = 'grant_id';

/** The portal's own client secret at the embedded provider, derived from SESSION_SECRET. */
export const portalClientSecret = (config: Config) =>
  crypto.createHmac('sha256', config.sessionSecret).update('oidc-client').digest('base64url');

export function portalClient(config: Config): ClientMetadata {
  return {
    client_id: PORTAL_CLIENT_ID,
    client_secret: portalClientSecret(config),
    client_name: 'Portal',
    redirect_uris: [`${config.publicUrl}/auth/callback`],
    post_logout_redirect_uris: [`${config.publicUrl}/`],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  };
}

type ProviderOptions = {
  config: Config;
  db: Db;
  secrets: ProviderSecrets;
  /** Extra first-party clients (e.g. another portal using this one as its external provider). */
  extraClients?: ClientMetadata[];
  users: UserDirectory;
  portalName: () => Promise<{ name: string; theme: string }>;
};

/**
 * The embedded OpenID provider (docs/domains/sign-in-and-sessions.md#how-signing-in-works) at /oidc: authorization code
 * + PKCE, JWT access tokens for the API audience, refresh tokens, RP-initiated logout; state in the database.
 */
export function createProvider(o: ProviderOptions): Provider {
  const audience = apiAudience(o.config);
  const page = async (ctx: KoaContextWithOIDC, titleKey: string, body: string) => {
    const locale = localeOfRequest(ctx.req);
    const { name, theme } = await o.portalName();
    ctx.type = 'html';
    ctx.body = renderPage({
      locale,
      portalName: name,
      theme,
      title: t(locale, titleKey, { portal: name }),
      body,
      selfUrl: ctx.originalUrl,
    });
  };

  const provider = new Provider(embeddedIssuer(o.config), {
    adapter: createAdapterClass(o.db) as never,
    clients: [portalClient(o.config), ...(o.extraClients ?? [])],
    jwks: o.secrets.jwks as never,
    cookies: { keys: o.secrets.cookieKeys },
    async findAccount(_ctx, sub) {
      const user = await o.users.findById(o.db, sub);
      if (!user?.active) return undefined;
      return {
        accountId: sub,
        async claims() {
          const locale = user.idioma === 'ES' ? 'es' : user.idioma === 'EN' ? 'en' : 'pt-BR';
          return { sub, email: user.email, email_verified: true, name: user.nome, locale };
        },
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'locale'] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 3600,
      RefreshToken: 14 * 24 * 3600,
      Session: 14 * 24 * 3600,
      Interaction: 3600,
      Grant: 14 * 24 * 3600,
    },
    interactions: { url: (_ctx, interaction) => `/oidc/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          // Sign-out was already confirmed in the portal: submit the provider's form at once.
          const body = `${form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')}
<p>${escapeHtml(t(localeOfRequest(ctx.req), 'app.loading'))}</p>
<button type="submit" form="op.logoutForm">${escapeHtml(t(localeOfRequest(ctx.req), 'signin.logoutConfirm'))}</button>
<script>${LOGOUT_SCRIPT}</script>`;
          await page(ctx, 'signin.logoutTitle', body);
        },
        async postLogoutSuccessSource(ctx) {
          const locale = localeOfRequest(ctx.req);
          await page(
            ctx,
            'signin.logoutDone',
            `<p class="links"><a href="${escapeHtml(o.config.publicUrl)}/">${escapeHtml(t(locale, 'signin.backToSignIn'))}</a></p>`,
          );
        },
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: 'api',
          audience,
          accessTokenFormat: 'jwt',
          accessTokenTTL: 600,
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
    },
    // First-party clients only: consent is implied, so grant at once instead of prompting.
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId,
      });
      grant.addOIDCScope('openid email profile offline_access');
      grant.addResourceScope(audience, 'api');
      await grant.save();
      return grant;
    },
    // Refresh tokens for the portal even without offline_access; they still end with the session.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // Each refresh spends the old token; using a spent one revokes the whole grant (RFC 9700 §4.14.2).
    rotateRefreshToken: true,
    // JWT access tokens are not stored: the grant id lets bearer.ts refuse them once the grant is gone.
    async extraTokenClaims(_ctx, token) {
      return 'grantId' in token && token.grantId ? { [GRANT_CLAIM]: token.grantId } : undefined;
    },
    async renderError(ctx, out) {
      const locale = localeOfRequest(ctx.req);
      await page(
        ctx,
        'signin.errorTitle',
        `<p class="error" role="alert">${escapeHtml(String(out.error_description ?? out.error))}</p><p class="links"><a href="${escapeHtml(o.config.publicUrl)}/">${escapeHtml(t(locale, 'signin.backToSignIn'))}</a></p>`,
      );
    },
  });
  provider.proxy = true;
  return provider;
}
