import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The users module's table as sign-in's foreign keys see it: its name and key only (decision 0010).
 * A session or a reset link dies with its user (cascade); the table itself is the users module's.
 */
const usuario = pgTable('usuario', { id: uuid('id').primaryKey() });

/**
 * A browser session (docs/domains/sign-in-and-sessions.md#sessions): the cookie holds a random id; only its SHA-256 is
 * stored here.
 */
export const sessao = pgTable(
  'sessao',
  {
    idHash: text('id_hash').primaryKey(),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    tokenExpiresAt: timestamp('token_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessao_usuario_idx').on(t.usuarioId)],
);

/** Pending sign-ins: PKCE verifier, state and nonce between /auth/login and /auth/callback. */
export const loginPendente = pgTable('login_pendente', {
  state: text('state').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  returnTo: text('return_to').notNull().default('/'),
  /** SHA-256 of the `portal_login` cookie of the browser that started it: only that browser finishes it. */
  navegadorHash: text('navegador_hash').notNull().default(''),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Storage of the embedded OpenID provider (oidc-provider adapter): shared by every instance. */
export const oidcPayload = pgTable(
  'oidc_payload',
  {
    id: text('id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    userCode: text('user_code'),
    uid: text('uid'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.type] }),
    index('oidc_payload_grant_idx').on(t.grantId),
    index('oidc_payload_uid_idx').on(t.uid),
  ],
);

/** Signing keys and cookie keys of the provider, created once so every instance shares them. */
export const segredo = pgTable('segredo', {
  nome: text('nome').primaryKey(),
  valor: jsonb('valor').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use password-reset links: only the token's SHA-256 is stored. */
export const senhaReset = pgTable('senha_reset', {
  tokenHash: text('token_hash').primaryKey(),
  usuarioId: uuid('usuario_id')
    .notNull()
    .references(() => usuario.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/**
 * Throttling counters, shared across instances (`auth/throttle.ts`): failed password guesses per client
 * address, per (e-mail, client address) and per user, and recovery requests per e-mail and per client
 * address. `bloqueado_ate`: the next attempt of the key waits until then.
 */
export const loginTentativa = pgTable('login_tentativa', {
  chave: text('chave').primaryKey(),
  falhas: integer('falhas').notNull().default(0),
  janelaInicio: timestamp('janela_inicio', { withTimezone: true }).notNull().defaultNow(),
  bloqueadoAte: timestamp('bloqueado_ate', { withTimezone: true }),
});
