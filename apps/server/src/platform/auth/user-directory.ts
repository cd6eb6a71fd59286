import type { Idioma } from '@portal/domain';
import type { ActionContext } from '../actions.js';
import type { Database, DbOrTx } from '../db.js';
import type { CurrentUser } from '../graphql/context.js';

/** What sign-in reads of a user. */
export type SignInUser = {
  id: string;
  nome: string;
  email: string;
  idioma: Idioma;
  active: boolean;
  /** Argon2id hash (`passwords.ts`); null when the user signs in at another provider. */
  senhaHash: string | null;
  /** The external provider's subject once linked. */
  keycloakId: string | null;
};

/**
 * Sign-in's narrow view of the users module (decision 0010). Sign-in owns sessions, tokens and
 * throttling; the users module owns the `usuario` row, and every write to it is one of its actions
 * here. The composition root passes the users module's implementation.
 */
export type UserDirectory = {
  /**
   * The acting user as one SQL fragment: `select` columns of `from` (alias `u`, key `u.id`), joined to
   * the session on every request; `toCurrentUser` maps such a row (null: inactive, signed out).
   */
  currentUserSql: { select: string; from: string };
  toCurrentUser(row: unknown): CurrentUser | null;
  /** The acting user by id, with their effective keys, in one round trip (bearer tokens). */
  currentUser(database: Database, id: string): Promise<CurrentUser | null>;
  findById(db: DbOrTx, id: string): Promise<SignInUser | null>;
  /** Case-insensitive. */
  findByEmail(db: DbOrTx, email: string): Promise<SignInUser | null>;
  /** The user linked to an external provider's subject. */
  findBySubject(db: DbOrTx, subject: string): Promise<SignInUser | null>;
  /** Holds the user's row until `tx` ends: two recoveries of one user run one after the other. */
  lock(tx: DbOrTx, id: string): Promise<void>;
  /**
   * Users action: stores a new password hash, audited as the user's own change, in the transaction of
   * `ctx.db` when it is one (decision 0013: actions take an `ActionContext`).
   */
  setPassword(ctx: ActionContext, input: { userId: string; senhaHash: string }): Promise<void>;
  /** Users action: the user signed in now (`ultimo_acesso`). */
  recordSignIn(ctx: ActionContext, input: { userId: string }): Promise<void>;
  /** Users action: links the external provider's subject to the user, audited. */
  linkSubject(ctx: ActionContext, input: { userId: string; subject: string }): Promise<void>;
};
