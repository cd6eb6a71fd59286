import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One row per change (docs/domains/audit.md#what-is-recorded): who, when, what, before/after. Written in the change's transaction. */
export const auditoria = pgTable(
  'auditoria',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    usuarioId: uuid('usuario_id'),
    data: timestamp('data', { withTimezone: true }).notNull().defaultNow(),
    entidade: text('entidade').notNull(),
    entidadeId: text('entidade_id').notNull(),
    acao: text('acao').notNull(),
    antes: jsonb('antes'),
    depois: jsonb('depois'),
  },
  (t) => [
    index('auditoria_entidade_idx').on(t.entidade, t.entidadeId),
    // The audit search by who acted (docs/domains/audit.md#reading-the-trail), newest first.
    index('auditoria_usuario_idx').on(t.usuarioId, t.id),
  ],
);
