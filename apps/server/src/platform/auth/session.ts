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
  can_refresh: boolean;
  token_expires_ms: number | null;
  last_seen_ms: number;
};

export type SessionWithUser = {
  /** The session; its tokens are read only to refresh them (`sessionTokens`). */
  session: { idHash: string; canRefresh: boolean; tokenExpiresAt: number | null };
  /** Null when the user was disabled: the caller ends the session. */
  user: CurrentUser | null;
  /** The values of the `reads` asked for, by key (the field and its arguments, `sessionReadKey`). */
  preloaded: ReadonlyMap<string, unknown>;
};

/**
 * A root field's value read with the user (PortalModule.sessionReads): `key` names the field and its arguments (as
 * `preloaded` looks it up), `sql` is the text of one value with the user's id as SESSION_READ_USER and, when
 * `usesNow`, the business clock's now as SESSION_READ_NOW.
 */
export type SessionRead = { key: string; sql: string; usesNow: boolean };

/** How a session read refers to the business clock's now: the statement's second parameter. */
export const SESSION_READ_NOW = '$2::timestamptz';
/** How a session read refers to the user's id: through an alias no read's own subqueries use (they say `u`, `s`). */
export const SESSION_READ_USER = 'session_row.usuario_id';

/** The statement's name and text for each set of reads, by the reads' keys (one text per set, built once). */
const sessionStatements = new Map<string, { name: string; text: string }>();
const SESSION_STATEMENTS_MAX = 1000;

function sessionStatement(users: UserDirectory, reads: readonly SessionRead[]): { name: string; text: string } {
  const keys = reads.map((r) => r.key).join('\n');
  let statement = sessionStatements.get(keys);
  if (statement === undefined) {
    // PostgreSQL keeps 63 bytes of a statement's name: a set of reads is named by a digest of its keys.
    const name = reads.length
      ? `session_with_user_${crypto.createHash('sha256').update(keys).digest('base64url').slice(0, 20)}`
      : 'session_with_user';
    // Times as epoch milliseconds (a float, not a Date to parse), the tokens only as whether one can be refreshed.
    const text = `SELECT session_row.refresh_token IS NOT NULL AS can_refresh,
            (extract(epoch FROM session_row.token_expires_at) * 1000)::float8 AS token_expires_ms,
            (extract(epoch FROM session_row.last_seen_at) * 1000)::float8 AS last_seen_ms,
            ${[users.currentUserSql.select, ...reads.map((r, i) => `(${r.sql}) AS read_${i}`)].join(',\n')}
       FROM sessao session_row JOIN ${users.currentUserSql.from} ON u.id = session_row.usuario_id
      WHERE session_row.id_hash = $1 AND session_row.expires_at > now()`;
    if (sessionStatements.size >= SESSION_STATEMENTS_MAX) sessionStatements.clear();
    statement = { name, text };
    sessionStatements.set(keys, statement);
  }
  return statement;
}

/** The tokens of a session (a refresh needs them; the hot path does not read them). */
export async function sessionTokens(db: DbOrTx, idHash: string) {
  const [row] = await db
    .select({ refreshToken: sessao.refreshToken, idToken: sessao.idToken })
    .from(sessao)
    .where(eq(sessao.idHash, idHash));
  return row ?? null;
}

/**
 * The hot path of every signed-in request: the live session behind a cookie and its user with their
 * effective keys, and the `reads` the request's queries ask for (`now`: the business clock's, for the reads that
 * use it), in one round trip. Extends the session's idle expiry
 * at most once a minute.
 */
export async function loadSessionWithUser(
  database: Database,
  users: UserDirectory,
  raw: string,
  { renew = true, reads = [], now }: { renew?: boolean; reads?: readonly SessionRead[]; now?: Date } = {},
): Promise<SessionWithUser | null> {
  const idHash = hashSessionId(raw);
  const statement = sessionStatement(users, reads);
  const values = reads.some((r) => r.usesNow) ? [idHash, (now ?? new Date()).toISOString()] : [idHash];
  const [row] = await queryPrepared<SessionUserRow & Record<string, unknown>>(
    database,
    statement.name,
    statement.text,
    values,
  );
  if (!row) return null;
  if (renew && Date.now() - row.last_seen_ms > 60_000) {
    await database.db
      .update(sessao)
      .set({ lastSeenAt: sql`now()`, expiresAt: sql`now() + make_interval(hours => ${SESSION_IDLE_HOURS})` })
      .where(eq(sessao.idHash, idHash));
  }
  return {
    session: { idHash, canRefresh: row.can_refresh, tokenExpiresAt: row.token_expires_ms },
    user: users.toCurrentUser(row),
    preloaded: new Map(reads.map((r, i) => [r.key, row[`read_${i}`]])),
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
