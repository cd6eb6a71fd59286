import { bigserial, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Every e-mail the portal sends, kept as an outbox (docs/domains/audit.md#the-e-mail-outbox). */
export const emailOutbox = pgTable('email_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  para: text('para').notNull(),
  assunto: text('assunto').notNull(),
  html: text('html').notNull(),
  texto: text('texto').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  erro: text('erro'),
});
