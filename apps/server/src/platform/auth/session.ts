import crypto from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { type Database, type DbOrTx, queryPrepared } from '../db.js';
import type { CurrentUser } from '../graphql/context.js';
import { sessao } from './auth.tables.js';
import type { UserDirectory } from './user-directory.js';

export const SESSION_COOKIE = 'portal_sid';
/** Idle lifetime of a session; each use extends it. */
export const SESSION_IDLE_HOURS = 12;

export const hashSessionId = (raw: string) => crypto.createHash('sha256').update(raw).digest('hex');

export type SessionTokens = {
  accessToken?: string | null;
  refreshToken?: string | null;
  idToken?: string | null;
  tokenExpiresAt?: Date | null;
};

/** Creates a session and returns the raw id for the cookie (only its hash is stored). */
export async function createSession(db: DbOrTx, usuarioId: string, tokens: SessionTokens): Promise<string> {
  const raw = crypto.randomBytes(32).toString('base64url');
  await db.insert(sessao).values({
    idHash: hashSessionId(raw),
    usuarioId,
    ...tokens,
    expiresAt: new Date(Date.now() + SESSION_IDLE_HOURS * 3600_000),
  });
  return raw;
}

export type SessionRow = typeof sessao.$inferSelect;

/** The live session behind a cookie value, or null. Extends its idle expiry at most once a minute. */
export async function loadSession(db: DbOrTx, raw: string): Promise<SessionRow | null> {
  const idHash = hashSessionId(raw);
  const [row] = await db
    .select()
    .from(sessao)
    .where(and(eq(sessao.idHash, idHash), gt(sessao.expiresAt, new Date())));
  if (!row) return null;
  if (Date.now() - row.lastSeenAt.getTime() > 60_000) {
    await db
      .update(sessao)
      .set({ lastSeenAt: sql`now()`, expiresAt: sql`now() + make_interval(hours => ${SESSION_IDLE_HOURS})` })
      .where(eq(sessao.idHash, idHash));
  }
  return row;
}

type SessionUserRow = {
  id_hash: string;
  usuario_id: string;
  refresh_token: string | null;
  id_token: string | null;
  token_expires_at: Date | string | null;
  last_seen_at: Date | string;
};

export type SessionWithUser = {
  session: Pick<SessionRow, 'idHash' | 'usuarioId' | 'refreshToken' | 'idToken' | 'tokenExpiresAt'>;
  /** Null when the user was disabled: the caller ends the session. */
  user: CurrentUser | null;
};

/**
 * The hot path of every signed-in request: the live session behind a cookie and its user with their
 * effective keys, in one round trip. Extends the session's idle expiry at most once a minute.
 */
export async function loadSessionWithUser(
  database: Database,
  users: UserDirectory,
  raw: string,
  { renew = true }: { renew?: boolean } = {},
): Promise<SessionWithUser | null> {
  const idHash = hashSessionId(raw);
  const [row] = await queryPrepared<SessionUserRow>(
    database,
    'session_with_user',
    `SELECT s.id_hash, s.usuario_id, s.refresh_token, s.id_token, s.token_expires_at, s.last_seen_at,
            ${users.currentUserSql.select}
       FROM sessao s JOIN ${users.currentUserSql.from} ON u.id = s.usuario_id
      WHERE s.id_hash = $1 AND s.expires_at > now()`,
    [idHash],
  );
  if (!row) return null;
  if (renew && Date.now() - new Date(row.last_seen_at).getTime() > 60_000) {
    await database.db
      .update(sessao)
      .set({ lastSeenAt: sql`now()`, expiresAt: sql`now() + make_interval(hours => ${SESSION_IDLE_HOURS})` })
      .where(eq(sessao.idHash, idHash));
  }
  return {
    session: {
      idHash: row.id_hash,
      usuarioId: row.usuario_id,
      refreshToken: row.refresh_token,
      idToken: row.id_token,
      tokenExpiresAt: row.token_expires_at ? new Date(row.token_expires_at) : null,
    },
    user: users.toCurrentUser(row),
  };
}

export async function updateSessionTokens(db: DbOrTx, idHash: string, tokens: SessionTokens): Promise<void> {
  await db.update(sessao).set(tokens).where(eq(sessao.idHash, idHash));
}

export async function deleteSession(db: DbOrTx, idHash: string): Promise<void> {
  await db.delete(sessao).where(eq(sessao.idHash, idHash));
}

/** Ends every session of a user (logout everywhere, password reset, disabling); answers how many ended. */
export async function deleteUserSessions(db: DbOrTx, usuarioId: string): Promise<number> {
  const ended = await db.delete(sessao).where(eq(sessao.usuarioId, usuarioId)).returning({ idHash: sessao.idHash });
  return ended.length;
}
