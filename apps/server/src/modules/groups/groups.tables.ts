import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** A dealer group (grupo): owns dealers; inactivating it inactivates its dealers and users (docs/domains/organisation.md#inactivating-a-dealer-group). */
export const grupo = pgTable('grupo', {
  id: uuid('id').primaryKey().defaultRandom(),
  nome: text('nome').notNull().unique(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
