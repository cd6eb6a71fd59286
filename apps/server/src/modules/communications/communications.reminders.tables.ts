import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { usuario } from '../users/users.tables.js';
import { comunicado } from './communications.tables.js';

/**
 * The reminders of a sent communication (issue 17 point 5, communications.reminders.ts): who sent one, to whom
 * (`alvo`: NAO_LIDOS or NAO_CONFIRMADOS), when and how many it reached. The latest one sets when the next is allowed
 * (`COMUNICADO_REMINDER_INTERVAL_HOURS`).
 */
export const comunicadoLembrete = pgTable(
  'comunicado_lembrete',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    comunicadoId: uuid('comunicado_id')
      .notNull()
      .references(() => comunicado.id),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => usuario.id),
    alvo: text('alvo').notNull(),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }).notNull(),
    destinatarios: integer('destinatarios').notNull(),
  },
  (t) => [index('comunicado_lembrete_comunicado_idx').on(t.comunicadoId, t.enviadoEm)],
);
