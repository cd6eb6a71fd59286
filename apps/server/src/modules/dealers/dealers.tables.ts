import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { grupo } from '../groups/groups.tables.js';
import { dadoComplementar, produto } from '../products/products.tables.js';

/** A brand (marca) the network sells. */
export const marca = pgTable('marca', {
  id: uuid('id').primaryKey().defaultRandom(),
  descricao: text('descricao').notNull().unique(),
  facebookId: text('facebook_id'),
  active: boolean('active').notNull().default(true),
});

export type DealerContato = { nome: string; email?: string; telefone?: string };

/** A dealer (concessionária) belonging to a dealer group. */
export const dealer = pgTable(
  'dealer',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    nome: text('nome').notNull(),
    nomeExibicao: text('nome_exibicao').notNull(),
    // Lower case, no accents: what the dealers list searches and sorts by, stored (and indexed) so the list
    // does not unaccent every row; generated, so every insert fills them (the bench seed's SQL too).
    nomeBusca: text('nome_busca').notNull().generatedAlwaysAs(sql`immutable_unaccent(lower(nome))`),
    nomeExibicaoBusca: text('nome_exibicao_busca')
      .notNull()
      .generatedAlwaysAs(sql`immutable_unaccent(lower(nome_exibicao))`),
    cnpj: text('cnpj').notNull().unique(),
    cnpjsAdicionais: text('cnpjs_adicionais').array().notNull().default([]),
    codigoPrincipal: text('codigo_principal').notNull().unique(),
    codigosAdicionais: text('codigos_adicionais').array().notNull().default([]),
    // Every code (main and additional) in lower case and on its letters and digits alone, and every CNPJ, each
    // list one text (terms apart by chr(31)): the list's and the header's search match them with LIKE through a
    // trigram index instead of unnesting and folding the arrays of every dealer (functions in migration 0031).
    codigosBusca: text('codigos_busca')
      .notNull()
      .generatedAlwaysAs(sql`search_codes(array_prepend(codigo_principal, codigos_adicionais))`),
    cnpjsBusca: text('cnpjs_busca')
      .notNull()
      .generatedAlwaysAs(sql`search_terms(array_prepend(cnpj, cnpjs_adicionais))`),
    grupoId: uuid('grupo_id')
      .notNull()
      .references(() => grupo.id),
    active: boolean('active').notNull().default(true),
    logradouro: text('logradouro'),
    bairro: text('bairro'),
    cidade: text('cidade'),
    cep: text('cep'),
    complemento: text('complemento'),
    uf: text('uf'),
    contatos: jsonb('contatos').$type<DealerContato[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dealer_grupo_idx').on(t.grupoId),
    // The dealers list's sorts by display name (the default) and by corporate name, ties by display name and id.
    index('dealer_nome_exibicao_busca_idx').on(t.nomeExibicaoBusca, t.nomeExibicao, t.id),
    index('dealer_nome_busca_idx').on(t.nomeBusca, t.nomeExibicao, t.id),
    // The user-group members' search by dealer (users.queries.ts) finds dealers by display name through it.
    index('dealer_nome_exibicao_trgm_idx').using('gin', sql`${t.nomeExibicaoBusca} gin_trgm_ops`),
    // The list's search: each of its LIKEs through a trigram index (a bitmap OR), never a read of every dealer.
    index('dealer_nome_trgm_idx').using('gin', sql`${t.nomeBusca} gin_trgm_ops`),
    index('dealer_codigos_trgm_idx').using('gin', sql`${t.codigosBusca} gin_trgm_ops`),
    index('dealer_cnpjs_trgm_idx').using('gin', sql`${t.cnpjsBusca} gin_trgm_ops`),
  ],
);

export const dealerMarca = pgTable(
  'dealer_marca',
  {
    dealerId: uuid('dealer_id')
      .notNull()
      .references(() => dealer.id, { onDelete: 'cascade' }),
    marcaId: uuid('marca_id')
      .notNull()
      .references(() => marca.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.marcaId] }), index('dealer_marca_marca_idx').on(t.marcaId)],
);

/** The products a dealer uses (its acting data). */
export const dealerProduto = pgTable(
  'dealer_produto',
  {
    dealerId: uuid('dealer_id')
      .notNull()
      .references(() => dealer.id, { onDelete: 'cascade' }),
    produtoId: uuid('produto_id')
      .notNull()
      .references(() => produto.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.produtoId] })],
);

/** A dealer's value of a complementary datum of a product it uses (the wizard's complementary-data dialog). */
export const dealerDadoComplementar = pgTable(
  'dealer_dado_complementar',
  {
    dealerId: uuid('dealer_id')
      .notNull()
      .references(() => dealer.id, { onDelete: 'cascade' }),
    dadoComplementarId: uuid('dado_complementar_id')
      .notNull()
      .references(() => dadoComplementar.id, { onDelete: 'cascade' }),
    valor: text('valor').notNull(),
  },
  (t) => [primaryKey({ columns: [t.dealerId, t.dadoComplementarId] })],
);
