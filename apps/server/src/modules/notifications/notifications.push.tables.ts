import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { usuario } from '../users/users.tables.js';
import { notificacao } from './notifications.tables.js';

/**
 * A browser's web push subscription (docs/domains/notifications.md#web-push): one per endpoint, which is the
 * browser's; a user signing in on that browser takes it over (upsert on the endpoint). `p256dh` and `auth`
 * are the browser's keys (base64url) for the payload's encryption (RFC 8291). Gone with its user.
 */
export const pushSubscription = pgTable(
  'push_subscription',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => usuario.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscription_usuario_idx').on(t.usuarioId)],
);

/**
 * How far the push of one notification went (`notifications.push.jobs.ts`): the last subscription id handed to
 * a sender, so that concurrent or retried workers each take the next batch and no subscription gets it twice.
 */
export const pushEnvio = pgTable('push_envio', {
  notificacaoId: uuid('notificacao_id')
    .primaryKey()
    .references(() => notificacao.id, { onDelete: 'cascade' }),
  cursor: uuid('cursor'),
  concluido: boolean('concluido').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
