import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { produto } from '../products/products.tables.js';

/** A notification (docs/domains/notifications.md#a-notification): one row, delivered to users through notificacao_usuario. */
export const notificacao = pgTable('notificacao', {
  id: uuid('id').primaryKey().defaultRandom(),
  titulo: text('titulo').notNull(),
  /** Sanitised HTML. */
  texto: text('texto').notNull(),
  produtoId: uuid('produto_id').references(() => produto.id),
  link: text('link'),
  data: timestamp('data', { withTimezone: true }).notNull().defaultNow(),
  /**
   * The title and text in each language (issue 17 point 9): each user reads the one of their language, else
   * `titulo`/`texto` (decision 0042).
   */
  traducoes: jsonb('traducoes').$type<TraducaoNotificacao[]>().notNull().default([]),
});

/** A notification's title and text in one language (sanitised HTML text). */
export type TraducaoNotificacao = { idioma: 'PT_BR' | 'ES' | 'EN'; titulo: string; texto: string };

/**
 * Per-user state of a notification: seen (bell opened) and read. No foreign keys on purpose: a
 * communication to 100,000 users writes 100,000 rows here in one INSERT … SELECT, and per-row key
 * checks were a third of that time (docs/benchmarks.md). Rows are written only for existing users
 * and notifications, which are never deleted.
 */
export const notificacaoUsuario = pgTable(
  'notificacao_usuario',
  {
    notificacaoId: uuid('notificacao_id').notNull(),
    usuarioId: uuid('usuario_id').notNull(),
    vista: boolean('vista').notNull().default(false),
    lida: boolean('lida').notNull().default(false),
    dataLeitura: timestamp('data_leitura', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.usuarioId, t.notificacaoId] }),
    index('notificacao_usuario_nao_vista_idx').on(t.usuarioId, t.vista),
  ],
);
