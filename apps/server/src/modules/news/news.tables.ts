import { pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { usuario } from '../users/users.tables.js';

/**
 * The news marker (docs/domains/news.md): per user, the moment up to which they have seen the news page.
 * No row yet: a first visit, which looks back NEWS_FIRST_VISIT_DAYS.
 */
export const novidadesVisita = pgTable('novidades_visita', {
  usuarioId: uuid('usuario_id')
    .primaryKey()
    .references(() => usuario.id),
  vistoAte: timestamp('visto_ate', { withTimezone: true }).notNull(),
});
