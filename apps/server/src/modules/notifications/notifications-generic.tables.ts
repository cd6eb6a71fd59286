import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { usuario } from '../users/users.tables.js';
import { notificacao } from './notifications.tables.js';

/** A language version of a template: its own title and text (docs/domains/notifications.md#templates). */
export type TraducaoModelo = { idioma: 'PT_BR' | 'ES' | 'EN'; titulo: string; texto: string };

/**
 * A notification template (docs/domains/notifications.md#templates): a name, a default title and
 * sanitised rich text with placeholders, and optional versions per language.
 */
export const modeloNotificacao = pgTable('modelo_notificacao', {
  id: uuid('id').primaryKey().defaultRandom(),
  nome: text('nome').notNull(),
  titulo: text('titulo').notNull(),
  /** Sanitised HTML with placeholders ({{nome}}, {{produto}}, {{link}}). */
  texto: text('texto').notNull(),
  traducoes: jsonb('traducoes').$type<TraducaoModelo[]>().notNull().default([]),
  active: boolean('active').notNull().default(true),
  criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
});

/** The audience of a generic notification as the author chose it (ids; the resolver reads it at send). */
export type AudienciaGenerica = {
  idsUsuarios: string[];
  idsGruposUsuarios: string[];
  tiposUsuario: string[];
  idsGrupos: string[];
  idsDealers: string[];
};

/**
 * A generic notification written on the screens or through enviarNotificacaoGenerica
 * (docs/domains/notifications.md#generic-notifications): what was asked, its audience, its schedule and
 * status (AGENDADA, ENVIADA, CANCELADA), and how many it reached. The bell's rows it created are
 * linked in notificacao_generica_envio.
 */
export const notificacaoGenerica = pgTable(
  'notificacao_generica',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** modelo (written from scratch) or comModelo (from a template). */
    tipo: text('tipo').notNull(),
    modeloId: uuid('modelo_id').references(() => modeloNotificacao.id),
    titulo: text('titulo').notNull(),
    /** Sanitised HTML (from scratch); a template's text is filled per recipient at send. */
    texto: text('texto').notNull(),
    link: text('link'),
    audiencia: jsonb('audiencia').$type<AudienciaGenerica>().notNull(),
    status: text('status').notNull(),
    dataAgendamento: timestamp('data_agendamento', { withTimezone: true }),
    enviadaEm: timestamp('enviada_em', { withTimezone: true }),
    destinatarios: integer('destinatarios').notNull().default(0),
    criadorId: uuid('criador_id').references(() => usuario.id),
    criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notificacao_generica_criada_idx').on(t.criadaEm, t.id)],
);

/** The bell's notifications a generic notification created: one, or one per distinct filled text. */
export const notificacaoGenericaEnvio = pgTable(
  'notificacao_generica_envio',
  {
    genericaId: uuid('generica_id')
      .notNull()
      .references(() => notificacaoGenerica.id),
    notificacaoId: uuid('notificacao_id')
      .notNull()
      .references(() => notificacao.id),
  },
  (t) => [primaryKey({ columns: [t.genericaId, t.notificacaoId] })],
);
