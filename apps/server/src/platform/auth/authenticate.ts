import { TOKEN_REFRESH_MARGIN_MS } from '@portal/domain';
import type { FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import type { Database } from '../db.js';
import type { CurrentUser } from '../graphql/context.js';
import type { OidcClient } from './oidc-client.js';
import {
  deleteSession,
  loadSessionWithUser,
  SESSION_COOKIE,
  type SessionRead,
  type SessionWithUser,
  sessionTokens,
  updateSessionTokens,
} from './session.js';
import type { UserDirectory } from './user-directory.js';

/** Who a request acts for; `preloaded`: the values of the reads asked for, when the session's load read them. */
export type Authenticated = { user: CurrentUser; via: 'session' | 'bearer'; preloaded?: ReadonlyMap<string, unknown> };

/** Who a request acts for (see createAuthenticator); `renew: false` keeps the session's idle expiry. */
export type Authenticate = ReturnType<typeof createAuthenticator>;

/**
 * Resolves who a request acts for, on every request (docs/domains/sign-in-and-sessions.md#sessions): a bearer token,
 * else the session cookie. The user is read fresh from the database, so disabling a user or changing their rights takes
 * effect on their next request. Tokens close to expiry are refreshed server-side.
 */
export function createAuthenticator(deps: {
  database: Database;
  users: UserDirectory;
  oidc: OidcClient;
  verifyBearer: (token: string) => Promise<string | null>;
  log: (obj: object, msg: string) => void;
}) {
  const refreshing = new Map<string, Promise<boolean>>();

  const userIdForSubject = async (sub: string): Promise<string | null> => {
    if (!deps.oidc.external) return sub;
    return (await deps.users.findBySubject(deps.database.db, sub))?.id ?? null;
  };

  /** Refreshes the session's tokens once even when parallel requests need it. */
  const refresh = (session: SessionWithUser['session']): Promise<boolean> => {
    const running = refreshing.get(session.idHash);
    if (running) return running;
    const work = (async () => {
      try {
        const stored = await sessionTokens(deps.database.db, session.idHash);
        if (!stored?.refreshToken) return false;
        const tokens = await client.refreshTokenGrant(await deps.oidc.configuration(), stored.refreshToken);
        await updateSessionTokens(deps.database.db, session.idHash, {
          accessToken: tokens.access_token,
          refreshToken: tokens.refresh_token ?? stored.refreshToken,
          idToken: tokens.id_token ?? stored.idToken,
          tokenExpiresAt: new Date(Date.now() + (tokens.expiresIn() ?? 600) * 1000),
        });
        return true;
      } catch (err) {
        // The provider refused (400: revoked, expired, user disabled): the session ends.
        deps.log({ err: String(err) }, 'token refresh failed; session ended');
        await deleteSession(deps.database.db, session.idHash);
        return false;
      } finally {
        refreshing.delete(session.idHash);
      }
    })();
    refreshing.set(session.idHash, work);
    return work;
  };

  /**
   * `renew: false` (a live stream's re-check) does not count as activity: the idle expiry stays. `reads`: root fields'
   * values to read with the session's user (a bearer token's request reads none).
   */
  return async function authenticate(
    request: FastifyRequest,
    opts: { renew?: boolean; reads?: readonly SessionRead[]; now?: Date } = {},
  ): Promise<Authenticated | null> {
    const header = request.headers.authorization;
    if (header?.toLowerCase().startsWith('bearer ')) {
      const sub = await deps.verifyBearer(header.slice(7).trim());
      const userId = sub ? await userIdForSubject(sub) : null;
      const user = userId ? await deps.users.currentUser(deps.database, userId) : null;
      return user ? { user, via: 'bearer' } : null;
    }
    const raw = request.cookies?.[SESSION_COOKIE];
    if (!raw) return null;
    const found = await loadSessionWithUser(deps.database, deps.users, raw, opts);
    if (!found) return null;
    const { session, user, preloaded } = found;
    if (!user) {
      await deleteSession(deps.database.db, session.idHash);
      return null;
    }
    const expiresAt = session.tokenExpiresAt;
    if (session.canRefresh && expiresAt && expiresAt - Date.now() < TOKEN_REFRESH_MARGIN_MS) {
      if (!(await refresh(session))) return null;
    }
    return { user, via: 'session', preloaded };
  };
}
