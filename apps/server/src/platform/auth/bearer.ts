import { createLocalJWKSet, createRemoteJWKSet, type JWTVerifyGetKey, jwtVerify } from 'jose';
import type { Config } from '../config.js';
import type { Db } from '../db.js';
import { grantIsLive } from './adapter.js';
import type { OidcClient } from './oidc-client.js';
import { apiAudience, GRANT_CLAIM } from './provider.js';
import type { ProviderSecrets } from './secrets.js';

const PRIVATE_PARTS = ['d', 'p', 'q', 'dp', 'dq', 'qi'];

/**
 * Verifies `Authorization: Bearer` access tokens of API clients (JWT, jose): signature against the
 * provider's keys, issuer and audience and, for the embedded provider, that the token's grant still
 * lives (logout, a replayed code or a reused refresh token delete it). Returns the subject, or null
 * when the token is not valid.
 */
export function createBearerVerifier(config: Config, oidc: OidcClient, secrets: ProviderSecrets, db: Db) {
  let keys: JWTVerifyGetKey | undefined;
  const audience = config.externalOidc ? config.externalOidc.apiAudience : apiAudience(config);
  const getKeys = async (): Promise<JWTVerifyGetKey> => {
    if (keys) return keys;
    if (oidc.external) {
      const metadata = (await oidc.configuration()).serverMetadata();
      keys = createRemoteJWKSet(new URL(metadata.jwks_uri as string));
    } else {
      const publicKeys = secrets.jwks.keys.map((k) =>
        Object.fromEntries(Object.entries(k).filter(([name]) => !PRIVATE_PARTS.includes(name))),
      );
      keys = createLocalJWKSet({ keys: publicKeys as never });
    }
    return keys;
  };
  return async (token: string): Promise<string | null> => {
    try {
      const { payload } = await jwtVerify(token, await getKeys(), { issuer: oidc.issuer, audience });
      if (typeof payload.sub !== 'string') return null;
      if (!oidc.external) {
        const grantId = payload[GRANT_CLAIM];
        if (typeof grantId !== 'string' || !(await grantIsLive(db, grantId))) return null;
      }
      return payload.sub;
    } catch {
      return null;
    }
  };
}
