import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { arquivo } from '../files/files.tables.js';
import { grupo } from '../groups/groups.tables.js';
import { notificacao } from '../notifications/notifications.tables.js';
import { grupoUsuarios } from '../user-groups/user-groups.tables.js';
import { departamento, usuario } from '../users/users.tables.js';

/** A language version of a communication's title and message (decision 0042); `mensagem` sanitised HTML. */
export type TraducaoComunicado = { idioma: 'PT_BR' | 'ES' | 'EN'; titulo: string; mensagem: string };

/**
 * A communication (comunicado, docs/domains/communications.md) through its lifecycle (packages/domain communications-rules,
 * docs/communications-lifecycle.md). `mensagem` is HTML stored through the allow-list sanitiser.
 * An errata is a communication with `id_parent` (the original) and a `justificativa`.
 */
export const comunicado = pgTable(
  'comunicado',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    titulo: text('titulo').notNull(),
    // The title in lower case without accents, stored: what the title searches match (through its trigram index)
    // without folding every candidate's title again.
    tituloBusca: text('titulo_busca').notNull().generatedAlwaysAs(sql`immutable_unaccent(lower(titulo))`),
    mensagem: text('mensagem').notNull(),
    status: text('status').notNull().default('RASCUNHO'),
    criadorId: uuid('criador_id')
      .notNull()
      .references(() => usuario.id),
    aprovadorId: uuid('aprovador_id').references(() => usuario.id),
    motivoRejeicao: text('motivo_rejeicao'),
    dataHoraAgendamento: timestamp('data_hora_agendamento', { withTimezone: true }),
    envioDateTime: timestamp('envio_date_time', { withTimezone: true }),
    createdDateTime: timestamp('created_date_time', { withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
    departamentoId: uuid('departamento_id').references(() => departamento.id),
    etiquetas: text('etiquetas').array().notNull().default([]),
    emailsAvulsos: text('emails_avulsos').array().notNull().default([]),
    dataInicioExibicao: timestamp('data_inicio_exibicao', { withTimezone: true }),
    dataFimExibicao: timestamp('data_fim_exibicao', { withTimezone: true }),
    idParent: uuid('id_parent').references((): AnyPgColumn => comunicado.id),
    justificativa: text('justificativa'),
    active: boolean('active').notNull().default(true),
    /** Recipients are asked to confirm they read and understood it (issue 17 point 4, communications.confirmation.ts). */
    exigeConfirmacao: boolean('exige_confirmacao').notNull().default(false),
    /** Language of titulo/mensagem (the original); null: Portuguese (before issue 17, decision 0042). */
    idioma: text('idioma'),
    /** Versions of title and message in the other languages (decision 0042). */
    traducoes: jsonb('traducoes').$type<TraducaoComunicado[]>().notNull().default([]),
    /**
     * The bell's notification of its sending (decision 0053): its recipients are the deliveries, so the fan-out
     * writes no row per recipient in the notifications module (`deliveredNotificationsOfUserSql`). Null before it
     * is sent, and for communications sent before decision 0053 (their recipients have rows of their own).
     */
    notificacaoId: uuid('notificacao_id').references(() => notificacao.id),
  },
  (t) => [
    index('comunicado_criador_idx').on(t.criadorId),
    index('comunicado_aprovador_idx').on(t.aprovadorId),
    index('comunicado_agendado_idx').on(t.status, t.dataHoraAgendamento),
    index('comunicado_parent_idx').on(t.idParent),
    // From a notification to its recipients (the web push's claim, one notification's "is it yours").
    index('comunicado_notificacao_idx').on(t.notificacaoId),
    // The title search of the management tabs and of the header search (a "contains", accents and case folded).
    index('comunicado_titulo_busca_trgm_idx').using('gin', sql`${t.tituloBusca} gin_trgm_ops`),
  ],
);

/** Audience: user groups. */
export const comunicadoGrupoUsuarios = pgTable(
  'comunicado_grupo_usuarios',
  {
    comunicadoId: uuid('comunicado_id')
      .notNull()
      .references(() => comunicado.id, { onDelete: 'cascade' }),
    grupoUsuariosId: uuid('grupo_usuarios_id')
      .notNull()
      .references(() => grupoUsuarios.id),
  },
  (t) => [primaryKey({ columns: [t.comunicadoId, t.grupoUsuariosId] })],
);

/** Audience: dealer groups (their users, directly or through their dealers). */
export const comunicadoGrupo = pgTable(
  'comunicado_grupo',
  {
    comunicadoId: uuid('comunicado_id')
      .notNull()
      .references(() => comunicado.id, { onDelete: 'cascade' }),
    grupoId: uuid('grupo_id')
      .notNull()
      .references(() => grupo.id),
  },
  (t) => [primaryKey({ columns: [t.comunicadoId, t.grupoId] })],
);

/** Users taken out of the audience (usuariosRemovidos). */
export const comunicadoUsuarioRemovido = pgTable(
  'comunicado_usuario_removido',
  {
    comunicadoId: uuid('comunicado_id')
      .notNull()
      .references(() => comunicado.id, { onDelete: 'cascade' }),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => usuario.id),
  },
  (t) => [primaryKey({ columns: [t.comunicadoId, t.usuarioId] })],
);

/** Attachments, uploaded through POST /api/upload (fileType COMUNICADO). */
export const comunicadoArquivo = pgTable(
  'comunicado_arquivo',
  {
    comunicadoId: uuid('comunicado_id')
      .notNull()
      .references(() => comunicado.id, { onDelete: 'cascade' }),
    arquivoId: uuid('arquivo_id')
      .notNull()
      .references(() => arquivo.id),
    ordem: integer('ordem').notNull().default(0),
  },
  // By upload: the download check asks which communications hold a file.
  (t) => [
    primaryKey({ columns: [t.comunicadoId, t.arquivoId] }),
    index('comunicado_arquivo_arquivo_idx').on(t.arquivoId),
  ],
);

/**
 * One delivery per recipient (comunicado envio, docs/domains/communications.md#deliveries-and-the-inbox). The primary key (comunicado, usuario) is
 * what makes the fan-out exactly once, whatever retries or instances run it (docs/domains/communications.md#sending).
 * No foreign keys on purpose: the fan-out writes 100,000 rows in one INSERT … SELECT from existing
 * communications and users, and per-row key checks were most of its time (docs/benchmarks.md);
 * neither communications nor users are ever deleted (users are inactivated).
 */
export const comunicadoEnvio = pgTable(
  'comunicado_envio',
  {
    comunicadoId: uuid('comunicado_id').notNull(),
    usuarioId: uuid('usuario_id').notNull(),
    dataRecebimento: timestamp('data_recebimento', { withTimezone: true }).notNull().defaultNow(),
    lido: boolean('lido').notNull().default(false),
    dataLeitura: timestamp('data_leitura', { withTimezone: true }),
    favorito: boolean('favorito').notNull().default(false),
    arquivado: boolean('arquivado').notNull().default(false),
    emailEnviadoEm: timestamp('email_enviado_em', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
    /** When the recipient confirmed "I have read and understood" (communications.confirmation.ts); null: not yet. */
    dataConfirmacao: timestamp('data_confirmacao', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.comunicadoId, t.usuarioId] }),
    index('comunicado_envio_usuario_idx').on(t.usuarioId, t.dataRecebimento),
  ],
);

/** Manual e-mail addresses (emailsAvulsos) mailed once per communication. */
export const comunicadoEmailAvulso = pgTable(
  'comunicado_email_avulso',
  {
    comunicadoId: uuid('comunicado_id')
      .notNull()
      .references(() => comunicado.id),
    email: text('email').notNull(),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.comunicadoId, t.email] })],
);

/**
 * A sent communication's dashboard, kept as counters (issue 21 point 2, communications.dashboard.ts): one row per
 * figure the dashboard shows. `fatia` TOTAL (`ref` ''): deliveries, reads and confirmations; DIA (`ref` the UTC day
 * YYYY-MM-DD): reads that day; DEALER, GRUPO, MARCA, GRUPO_USUARIOS (`ref` the unit's id): recipients and reads of
 * the unit. Built from the deliveries once, when the dashboard is first asked for; every read or confirmation then
 * adds to its rows in its own transaction, so no request recounts 100,000 deliveries. No foreign key, like the
 * deliveries it counts.
 */
export const comunicadoPainel = pgTable(
  'comunicado_painel',
  {
    comunicadoId: uuid('comunicado_id').notNull(),
    fatia: text('fatia').notNull(),
    ref: text('ref').notNull(),
    destinatarios: integer('destinatarios').notNull().default(0),
    lidos: integer('lidos').notNull().default(0),
    confirmados: integer('confirmados').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.comunicadoId, t.fatia, t.ref] })],
);
