import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { comunicado } from './communications.tables.js';

/**
 * The history of a communication (issue 17 point 2, decision 0041): one row per step, never updated or deleted, so a
 * resubmission keeps every earlier submission, rejection and its reason. `conteudo` is the snapshot of what was
 * submitted (SUBMISSAO) or sent directly (ENVIO_DIRETO, AGENDAMENTO by the creator), the base of the approver's
 * difference. `detalhes` holds what the step adds (a schedule, a count, the errata's id).
 */
export const comunicadoHistorico = pgTable(
  'comunicado_historico',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    comunicadoId: uuid('comunicado_id')
      .notNull()
      .references(() => comunicado.id),
    evento: text('evento').notNull(),
    /** Who did it; null: the system (the scheduled send, the fan-out). */
    atorId: uuid('ator_id'),
    data: timestamp('data', { withTimezone: true }).notNull().defaultNow(),
    motivo: text('motivo'),
    conteudo: jsonb('conteudo'),
    detalhes: jsonb('detalhes'),
  },
  (t) => [index('comunicado_historico_comunicado_idx').on(t.comunicadoId, t.data)],
);
