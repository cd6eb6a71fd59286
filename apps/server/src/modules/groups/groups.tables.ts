import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A dealer group (grupo): owns dealers; inactivating it inactivates its dealers and users (SPEC §4). */
export const grupo = pgTable('grupo', {
  id: uuid('id').primaryKey().defaultRandom(),
  nome: text('nome').notNull().unique(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
