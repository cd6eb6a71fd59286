import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import type { Db } from '../db.js';
import { segredo } from './auth.tables.js';

export type ProviderSecrets = { jwks: { keys: Record<string, unknown>[] }; cookieKeys: string[] };

/**
 * Loads the provider's signing keys and cookie keys, creating them on the very first start.
 * Stored in the database so that every instance signs and verifies with the same keys.
 */
export async function loadProviderSecrets(db: Db): Promise<ProviderSecrets> {
  const [existing] = await db.select().from(segredo).where(eq(segredo.nome, 'oidc'));
  if (existing) return existing.valor as ProviderSecrets;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: crypto.randomUUID(), alg: 'RS256', use: 'sig' };
  const fresh: ProviderSecrets = {
    jwks: { keys: [jwk] },
    cookieKeys: [crypto.randomBytes(32).toString('base64url'), crypto.randomBytes(32).toString('base64url')],
  };
  // Two instances starting at once: the first insert wins and both read it back.
  await db.insert(segredo).values({ nome: 'oidc', valor: fresh }).onConflictDoNothing();
  const [row] = await db.select().from(segredo).where(eq(segredo.nome, 'oidc'));
  return row.valor as ProviderSecrets;
}
