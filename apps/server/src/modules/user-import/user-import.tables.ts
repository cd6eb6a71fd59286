import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { usuario } from '../users/users.tables.js';

/**
 * The bulk user imports (SPEC §3 Import status; docs/domains/user-import.md): one row per uploaded file, its
 * status and counters, and the checkpoint of the job that processes it (`linhas_processadas`: the file's data
 * rows handled by committed chunks, so a restarted job resumes after them).
 */
export const importacaoUsuarios = pgTable(
  'importacao_usuarios',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    usuarioId: uuid('usuario_id')
      .notNull()
      .references(() => usuario.id),
    nomeArquivo: text('nome_arquivo').notNull(),
    /** The uploaded file in storage (kept for the error report's header and for importing a dry run). */
    storageKey: text('storage_key').notNull(),
    /** The uploader's language when uploaded (the error report's language). */
    idioma: text('idioma').notNull(),
    simulacao: boolean('simulacao').notNull().default(false),
    status: text('status').$type<'RECEIVED' | 'PROCESSING' | 'FINISHED' | 'ERROR'>().notNull().default('RECEIVED'),
    /** The i18n key of a file error (status ERROR). */
    erro: text('erro'),
    /** The parameters of the file error's message (`max`, `columns`). */
    erroParams: jsonb('erro_params').$type<Record<string, string | number>>(),
    total: integer('total').notNull().default(0),
    linhasProcessadas: integer('linhas_processadas').notNull().default(0),
    criados: integer('criados').notNull().default(0),
    atualizados: integer('atualizados').notNull().default(0),
    semAlteracao: integer('sem_alteracao').notNull().default(0),
    rejeitadas: integer('rejeitadas').notNull().default(0),
    /** The file's header row as uploaded (the error report repeats it). */
    cabecalho: jsonb('cabecalho').$type<string[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('importacao_usuarios_usuario_idx').on(t.usuarioId, t.createdAt)],
);

/** A rejected row of an import: its original cells and its problems (the error report). */
export const importacaoUsuariosErro = pgTable(
  'importacao_usuarios_erro',
  {
    importacaoId: uuid('importacao_id')
      .notNull()
      .references(() => importacaoUsuarios.id, { onDelete: 'cascade' }),
    /** The row's number in the sheet (1-based, the header is row 1). */
    linha: integer('linha').notNull(),
    celulas: jsonb('celulas').$type<unknown[]>().notNull(),
    erros: jsonb('erros')
      .$type<{ field: string; message: string; params?: Record<string, string | number> }[]>()
      .notNull(),
  },
  (t) => [primaryKey({ columns: [t.importacaoId, t.linha] })],
);

/**
 * The users one chunk of an import created, not invited yet: one row per committed chunk (`inicio`, the checkpoint
 * where the chunk starts), its new users' ids in an array (one row per user cost a write and two foreign-key checks
 * each on a bulk import). The invitation job takes a row, invites its first ids and shrinks or deletes it in the same
 * transaction. A user removed since the import is skipped by the job (an array has no foreign key).
 */
export const importacaoUsuariosConvite = pgTable(
  'importacao_usuarios_convite',
  {
    importacaoId: uuid('importacao_id')
      .notNull()
      .references(() => importacaoUsuarios.id, { onDelete: 'cascade' }),
    inicio: integer('inicio').notNull(),
    usuarioIds: uuid('usuario_ids').array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.importacaoId, t.inicio] })],
);
