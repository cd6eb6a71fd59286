import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { arquivo } from '../files/files.tables.js';
import { grupoUsuarios } from '../user-groups/user-groups.tables.js';
import { usuario } from '../users/users.tables.js';

/**
 * A folder or a file of the virtual library (docs/domains/library.md#folders-files-and-the-root). The root is not a row: items at the top have
 * no `pasta_pai_id` (the API names the root by LIBRARY_ROOT_ID).
 *
 * Two columns are kept by the service so reads stay one indexed query (docs/benchmarks.md#the-budget):
 * - `caminho`: ids of the folders from the top down to the parent (breadcrumbs; "is X inside Y"
 *   is `caminho @> {Y}`, GIN-indexed), rewritten for a whole subtree on move;
 * - `acl_item_id`: the item whose permissions govern this one: itself when it has its own groups,
 *   else the nearest folder above with groups (docs/domains/library.md#access-by-user-group).
 *
 * Deletion is soft (docs/domains/library.md#deleting): `excluido_em` is set on the item and everything below it, with the
 * id of the deleted item in `excluido_com` so one delete can be undone as a whole; the deleted item itself (the row whose
 * `excluido_com` is its own id) is an entry of the bin, with who deleted it in `excluido_por`
 * (docs/domains/library.md#the-bin).
 */
export const itemBiblioteca = pgTable(
  'item_biblioteca',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nome: text('nome').notNull(),
    /** The name without case and accents, kept by the database: search and ordering use it. */
    nomeBusca: text('nome_busca').notNull().generatedAlwaysAs(sql`immutable_unaccent(lower(nome))`),
    pasta: boolean('pasta').notNull(),
    pastaPaiId: uuid('pasta_pai_id').references((): AnyPgColumn => itemBiblioteca.id),
    caminho: uuid('caminho').array().notNull().default(sql`'{}'::uuid[]`),
    aclItemId: uuid('acl_item_id').references((): AnyPgColumn => itemBiblioteca.id),
    arquivoId: uuid('arquivo_id').references(() => arquivo.id),
    proprietarioId: uuid('proprietario_id').references(() => usuario.id),
    dataCriacao: timestamp('data_criacao', { withTimezone: true }).notNull().defaultNow(),
    ultimaModificacao: timestamp('ultima_modificacao', { withTimezone: true }).notNull().defaultNow(),
    excluidoEm: timestamp('excluido_em', { withTimezone: true }),
    excluidoCom: uuid('excluido_com'),
    excluidoPor: uuid('excluido_por').references(() => usuario.id),
  },
  (t) => [
    // A folder's page: folders first, then by name ignoring case and accents, live items only. The access rule last
    // (after the unique id: the order is unchanged) so that a reader's page checks each entry's rule from the index
    // alone: an index-only scan, never a heap read per item skipped by OFFSET (issue 21 point 7).
    index('item_biblioteca_pasta_pai_idx')
      .on(t.pastaPaiId, t.pasta.desc(), t.nomeBusca, t.id, t.aclItemId)
      .where(sql`excluido_em IS NULL`),
    // Search results by name: a frequent term walks this in order and stops at the page.
    index('item_biblioteca_nome_busca_idx').on(t.nomeBusca, t.id).where(sql`excluido_em IS NULL`),
    index('item_biblioteca_caminho_idx').using('gin', t.caminho),
    index('item_biblioteca_acl_idx').on(t.aclItemId),
    // The item holding an upload: the download check of every library file and thumbnail.
    index('item_biblioteca_arquivo_idx').on(t.arquivoId).where(sql`arquivo_id IS NOT NULL`),
    index('item_biblioteca_modificacao_idx').on(t.ultimaModificacao),
    // The bin: its entries by date (list, purge), and the rows that went with each entry (restore, purge).
    index('item_biblioteca_lixeira_idx')
      .on(t.excluidoEm, t.id)
      .where(sql`excluido_em IS NOT NULL AND id = excluido_com`),
    index('item_biblioteca_excluido_com_idx').on(t.excluidoCom).where(sql`excluido_com IS NOT NULL`),
    index('item_biblioteca_nome_trgm_idx').using('gin', sql`${t.nomeBusca} gin_trgm_ops`),
  ],
);

/**
 * How many live items each folder holds under each access rule (`acl_item_id`): a reader's count of a folder sums the
 * rows of the rules they may read, one check per rule instead of one per item (issue 21 points 6 and 7). Kept by a
 * trigger on item_biblioteca (migration 0034), so every write path keeps it exact. The root folder and items
 * without a rule are keyed by the zero UUID (NO_KEY in library.queries.ts).
 */
export const pastaContagem = pgTable(
  'pasta_contagem',
  {
    pastaId: uuid('pasta_id').notNull(),
    aclItemId: uuid('acl_item_id').notNull(),
    itens: integer('itens').notNull(),
  },
  (t) => [primaryKey({ columns: [t.pastaId, t.aclItemId] })],
);

/** A user group's access level on an item that has its own groups (LEITURA or LEITURA_ESCRITA). */
export const permissaoItemBiblioteca = pgTable(
  'permissao_item_biblioteca',
  {
    itemId: uuid('item_id')
      .notNull()
      .references(() => itemBiblioteca.id, { onDelete: 'cascade' }),
    grupoUsuariosId: uuid('grupo_usuarios_id')
      .notNull()
      .references(() => grupoUsuarios.id, { onDelete: 'cascade' }),
    permissao: text('permissao').notNull().$type<'LEITURA' | 'LEITURA_ESCRITA'>(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.grupoUsuariosId] }),
    index('permissao_item_biblioteca_grupo_idx').on(t.grupoUsuariosId),
  ],
);

/**
 * The versions of a library file (docs/domains/library.md#versions), numbered from 1; the highest is the current
 * content (`item_biblioteca.arquivo_id`). A file never replaced has no rows: its content is version 1. Restoring
 * an earlier version adds a new one pointing at the same upload.
 */
export const versaoItemBiblioteca = pgTable(
  'versao_item_biblioteca',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => itemBiblioteca.id, { onDelete: 'cascade' }),
    numero: integer('numero').notNull(),
    arquivoId: uuid('arquivo_id')
      .notNull()
      .references(() => arquivo.id),
    autorId: uuid('autor_id').references(() => usuario.id),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('versao_item_biblioteca_item_numero_idx').on(t.itemId, t.numero),
    // The download check of an earlier version: which item holds this upload.
    index('versao_item_biblioteca_arquivo_idx').on(t.arquivoId),
  ],
);

export type ItemBibliotecaRow = typeof itemBiblioteca.$inferSelect;
