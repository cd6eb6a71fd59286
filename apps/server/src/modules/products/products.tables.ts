import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/** A product of the customer's suite; the portal itself is the product with chave 'PORTAL'. */
export const produto = pgTable('produto', {
  id: uuid('id').primaryKey().defaultRandom(),
  chave: text('chave').notNull().unique(),
  nome: text('nome').notNull(),
  baseUriHomolog: text('base_uri_homolog'),
  ordem: integer('ordem').notNull().default(0),
});

/** A feature of a product, identified by its key (docs/domains/permissions.md#feature-keys). */
export const funcionalidade = pgTable('funcionalidade', {
  id: uuid('id').primaryKey().defaultRandom(),
  produtoId: uuid('produto_id')
    .notNull()
    .references(() => produto.id),
  chave: text('chave').notNull().unique(),
  nome: text('nome').notNull(),
});

/** An access type (profile) of a product, granting its default features. */
export const tipoAcesso = pgTable('tipo_acesso', {
  id: uuid('id').primaryKey().defaultRandom(),
  produtoId: uuid('produto_id')
    .notNull()
    .references(() => produto.id),
  nome: text('nome').notNull(),
});

export const tipoAcessoFuncionalidade = pgTable(
  'tipo_acesso_funcionalidade',
  {
    tipoAcessoId: uuid('tipo_acesso_id')
      .notNull()
      .references(() => tipoAcesso.id, { onDelete: 'cascade' }),
    funcionalidadeId: uuid('funcionalidade_id')
      .notNull()
      .references(() => funcionalidade.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tipoAcessoId, t.funcionalidadeId] })],
);

/** Extra per-user links of a product (dadosComplementares, docs/domains/users.md#the-signed-in-user). */
export const dadoComplementar = pgTable('dado_complementar', {
  id: uuid('id').primaryKey().defaultRandom(),
  produtoId: uuid('produto_id').references(() => produto.id),
  tipo: text('tipo').notNull(),
  descricao: text('descricao').notNull(),
  urlBase: text('url_base'),
  ordem: integer('ordem').notNull().default(0),
});
