import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A user group (grupo de usuários): the audience unit of the library and communications. */
export const grupoUsuarios = pgTable('grupo_usuarios', {
  id: uuid('id').primaryKey().defaultRandom(),
  nome: text('nome').notNull().unique(),
  publico: boolean('publico').notNull().default(false),
  active: boolean('active').notNull().default(true),
  /** Who created it (null: the system); a private group is visible to its creator (docs/domains/user-groups.md). */
  criadorId: uuid('criador_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
