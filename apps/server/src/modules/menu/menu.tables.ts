import { type AnyPgColumn, boolean, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { produto } from '../products/products.tables.js';

/**
 * The menu tree (docs/domains/menu-and-shell.md#menu): categories (no parent), items and sub-items. `chaves`/`tipos` restrict
 * who sees an entry with the guard rule (docs/domains/permissions.md#the-guard-rule); in-app entries are also filtered by the route table.
 */
export const menu = pgTable('menu', {
  id: uuid('id').primaryKey().defaultRandom(),
  parentId: uuid('parent_id').references((): AnyPgColumn => menu.id, { onDelete: 'cascade' }),
  titulo: text('titulo').notNull(),
  /** i18n key for the title; when set it wins over `titulo` in the user's language. */
  tituloChave: text('titulo_chave'),
  uri: text('uri'),
  produtoId: uuid('produto_id').references(() => produto.id),
  ordem: integer('ordem').notNull().default(0),
  externo: boolean('externo').notNull().default(false),
  active: boolean('active').notNull().default(true),
  chaves: text('chaves').array().notNull().default([]),
  tipos: text('tipos').array().notNull().default([]),
});

/**
 * Extra links of the user menu (docs/domains/menu-and-shell.md#user-menu), per customer. Guarded
 * like menu entries: `chaves`/`tipos` and, for in-app paths, the route table.
 */
export const linkUsuario = pgTable('link_usuario', {
  id: uuid('id').primaryKey().defaultRandom(),
  titulo: text('titulo').notNull(),
  /** i18n key for the label; when set it wins over `titulo` in the user's language. */
  tituloChave: text('titulo_chave'),
  uri: text('uri').notNull(),
  ordem: integer('ordem').notNull().default(0),
  externo: boolean('externo').notNull().default(false),
  active: boolean('active').notNull().default(true),
  chaves: text('chaves').array().notNull().default([]),
  tipos: text('tipos').array().notNull().default([]),
});
