import { and, eq, or, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db.js';
import { oidcPayload } from './auth.tables.js';

type Payload = Record<string, any>;

/**
 * oidc-provider storage adapter over the `oidc_payload` table (sessions, grants, codes, tokens,
 * interactions), so the provider survives restarts and any instance can continue a sign-in.
 */
export function createAdapterClass(db: Db) {
  return class PostgresAdapter {
    constructor(private readonly type: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number) {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const row = {
        id,
        type: this.type,
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt,
      };
      await db
        .insert(oidcPayload)
        .values(row)
        .onConflictDoUpdate({
          target: [oidcPayload.id, oidcPayload.type],
          set: { payload, grantId: row.grantId, userCode: row.userCode, uid: row.uid, expiresAt },
        });
    }

    private async findWhere(where: ReturnType<typeof and>): Promise<Payload | undefined> {
      const [row] = await db
        .select()
        .from(oidcPayload)
        .where(
          and(
            eq(oidcPayload.type, this.type),
            where,
            sql`(${oidcPayload.expiresAt} IS NULL OR ${oidcPayload.expiresAt} > now())`,
          ),
        );
      if (!row) return undefined;
      return { ...(row.payload as Payload), ...(row.consumedAt ? { consumed: true } : {}) };
    }

    find(id: string) {
      return this.findWhere(eq(oidcPayload.id, id));
    }

    findByUid(uid: string) {
      return this.findWhere(eq(oidcPayload.uid, uid));
    }

    findByUserCode(userCode: string) {
      return this.findWhere(eq(oidcPayload.userCode, userCode));
    }

    async consume(id: string) {
      await db
        .update(oidcPayload)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcPayload.id, id), eq(oidcPayload.type, this.type)));
    }

    async destroy(id: string) {
      await db.delete(oidcPayload).where(and(eq(oidcPayload.id, id), eq(oidcPayload.type, this.type)));
    }

    /**
     * Revokes a whole grant: its codes and tokens and the Grant itself, whichever model asks. The
     * provider calls this when a code or a rotated refresh token is used twice, and bearer.ts
     * accepts an access token only while its Grant row exists.
     */
    async revokeByGrantId(grantId: string) {
      await db
        .delete(oidcPayload)
        .where(or(eq(oidcPayload.grantId, grantId), and(eq(oidcPayload.type, 'Grant'), eq(oidcPayload.id, grantId))));
    }
  };
}

/**
 * Ends everything the embedded provider keeps for an account (sessions, grants, codes, refresh
 * tokens), as logout does: the next sign-in asks for the password, and the account's access tokens
 * are refused because their grants are gone.
 */
export async function endProviderAccount(db: DbOrTx, accountId: string): Promise<void> {
  await db.delete(oidcPayload).where(sql`${oidcPayload.payload}->>'accountId' = ${accountId}`);
}

/** Whether a grant of the embedded provider still lives (not revoked, not expired). */
export async function grantIsLive(db: DbOrTx, grantId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: oidcPayload.id })
    .from(oidcPayload)
    .where(
      and(
        eq(oidcPayload.type, 'Grant'),
        eq(oidcPayload.id, grantId),
        sql`(${oidcPayload.expiresAt} IS NULL OR ${oidcPayload.expiresAt} > now())`,
      ),
    );
  return Boolean(row);
}
