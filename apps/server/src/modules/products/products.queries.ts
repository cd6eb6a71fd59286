import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { type AppCache, SHARED_DATA_TTL_MS } from '../../platform/cache.js';
import type { DbOrTx } from '../../platform/db.js';
import { existingIds, idsByKey, uuidArray } from '../../platform/sql.js';
import type { FuncionalidadeRow } from './products.mappers.js';
import { dadoComplementar, funcionalidade, produto, tipoAcesso, tipoAcessoFuncionalidade } from './products.tables.js';

/** Cache key of the products (services.cache, the menu's links): `editarProduto` invalidates it. */
export const PRODUCTS_CACHE_KEY = 'produtos';
/** Live-event channel of product changes: every instance drops its cached products on it (products.service.ts). */
export const PRODUCTS_CHANGED_CHANNEL = 'portal_produto_alterado';

/**
 * Every product (id, key, name, base address), ordered: the choices of other modules' forms (the
 * menu's product) and the base of the menu's links to a product's paths.
 */
export function productOptions(db: DbOrTx) {
  return db
    .select({ id: produto.id, chave: produto.chave, nome: produto.nome, baseUriHomolog: produto.baseUriHomolog })
    .from(produto)
    .orderBy(asc(produto.ordem), asc(produto.nome));
}

/**
 * Every feature by key, from memory (the same for every user; dropped with the products' cache): names the signed-in
 * user's effective keys (`usuarioLogado.funcionalidades`) without a query of its own.
 */
export function cachedFeaturesByKey(cache: AppCache, db: DbOrTx): Promise<ReadonlyMap<string, FuncionalidadeRow>> {
  return cache.get(`${PRODUCTS_CACHE_KEY}.features`, SHARED_DATA_TTL_MS, async () => {
    const rows = await db
      .select({
        id: funcionalidade.id,
        chave: funcionalidade.chave,
        nome: funcionalidade.nome,
        produtoId: funcionalidade.produtoId,
      })
      .from(funcionalidade);
    return new Map(rows.map((row) => [row.chave, row]));
  });
}

/** Every feature key with its name and product name: what may restrict who sees a menu entry. */
export function featureOptions(db: DbOrTx) {
  return db
    .select({ chave: funcionalidade.chave, nome: funcionalidade.nome, produto: produto.nome })
    .from(funcionalidade)
    .innerJoin(produto, eq(produto.id, funcionalidade.produtoId))
    .orderBy(asc(produto.ordem), asc(funcionalidade.nome));
}

/** Which of `ids` are features (an action granting features checks them first). */
export const existingFeatureIds = (db: DbOrTx, ids: readonly string[]) => existingIds(db, funcionalidade.id, ids);

/** Which of `ids` are access types. */
export const existingAccessTypeIds = (db: DbOrTx, ids: readonly string[]) => existingIds(db, tipoAcesso.id, ids);

/** Which of `ids` are complementary data (a product's per-user links). */
export const existingComplementaryDataIds = (db: DbOrTx, ids: readonly string[]) =>
  existingIds(db, dadoComplementar.id, ids);

/**
 * Every complementary datum with its product (id, description, type, product id), by product and
 * order: what the dealer wizard's complementary-data dialog offers for the products a dealer uses.
 */
export function complementaryDataOptions(db: DbOrTx) {
  return db
    .select({
      id: dadoComplementar.id,
      descricao: dadoComplementar.descricao,
      tipo: dadoComplementar.tipo,
      produtoId: dadoComplementar.produtoId,
    })
    .from(dadoComplementar)
    .orderBy(asc(dadoComplementar.produtoId), asc(dadoComplementar.ordem), asc(dadoComplementar.descricao));
}

/** Which of `ids` are products. */
export const existingProductIds = (db: DbOrTx, ids: readonly string[]) => existingIds(db, produto.id, ids);

/** Product ids by key (`PORTAL`, `CRM`: key → id). */
export const productIdsByKey = (db: DbOrTx, keys: readonly string[]) => idsByKey(db, produto.chave, produto.id, keys);

/** Feature ids by key (key → id). */
export const featureIdsByKey = (db: DbOrTx, keys: readonly string[]) =>
  idsByKey(db, funcionalidade.chave, funcionalidade.id, keys);

/** The id of a product's access type by its name, or undefined. */
export async function accessTypeIdByName(db: DbOrTx, productKey: string, nome: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: tipoAcesso.id })
    .from(tipoAcesso)
    .innerJoin(produto, eq(produto.id, tipoAcesso.produtoId))
    .where(and(eq(produto.chave, productKey), eq(tipoAcesso.nome, nome)));
  return row?.id;
}

/** Complementary data ids by description (description → id). */
export const complementaryDataIdsByDescription = (db: DbOrTx, descriptions: readonly string[]) =>
  idsByKey(db, dadoComplementar.descricao, dadoComplementar.id, descriptions);

// SQL text fragments for prepared statements of other modules (the signed-in user's load, on every
// request): the caller passes a subquery of ids as text.

/** SQL text: the default feature ids of the access types listed by the subquery `accessTypeIds`. */
export const accessTypeFeatureIdsText = (accessTypeIds: string) =>
  `SELECT taf.funcionalidade_id FROM tipo_acesso_funcionalidade taf WHERE taf.tipo_acesso_id IN (${accessTypeIds})`;

/** SQL text: the sorted array of the keys of the features listed by the subquery `featureIds`. */
export const featureKeysArrayText = (featureIds: string) =>
  `(SELECT array_agg(f.chave ORDER BY f.chave) FROM funcionalidade f WHERE f.id IN (${featureIds}))`;

/** SQL text: the complementary data listed by `ids` as a JSON array, by their order. */
export const complementaryDataJsonText = (ids: string) =>
  `(SELECT coalesce(json_agg(json_build_object('id', d.id, 'tipo', d.tipo, 'descricao', d.descricao,
                                              'urlBase', d.url_base, 'ordem', d.ordem, 'produtoId', d.produto_id)
                            ORDER BY d.ordem), '[]'::json)
     FROM dado_complementar d WHERE d.id IN (${ids}))`;

/** The id of the feature with this key (column `id`; none when the key is unknown). */
export const featureIdsOfKeySql = (chave: string): SQL => sql`SELECT id FROM funcionalidade WHERE chave = ${chave}`;

/** The default features of each access type (columns `tipo_acesso_id`, `funcionalidade_id`). */
export const accessTypeFeaturesSql: SQL = sql`SELECT tipo_acesso_id, funcionalidade_id FROM tipo_acesso_funcionalidade`;

/** Product names by id, for lists that show which product something belongs to. */
export async function productNamesByIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = (await db.execute(sql`SELECT id, nome FROM produto WHERE id = ANY(${uuidArray(ids)})`)).rows as {
    id: string;
    nome: string;
  }[];
  return new Map(rows.map((r) => [r.id, r.nome]));
}

/** Every product with its access types and features, Portal first then by order and name (the user form's permissions). */
/** The portal's own product: its features are the PORTAL_* keys, and every user may get them. */
export const PORTAL_PRODUCT_KEY = 'PORTAL';

export async function productCatalogue(db: DbOrTx) {
  // In turn, not Promise.all: `db` may be a transaction (the user import's chunk), one connection, one query at a time.
  const produtos = await db.select().from(produto).orderBy(asc(produto.ordem), asc(produto.nome));
  const tipos = await db.select().from(tipoAcesso).orderBy(asc(tipoAcesso.nome));
  const funcionalidades = await db
    .select({
      id: funcionalidade.id,
      chave: funcionalidade.chave,
      nome: funcionalidade.nome,
      produtoId: funcionalidade.produtoId,
    })
    .from(funcionalidade)
    .orderBy(asc(funcionalidade.nome));
  const padroes = await db.select().from(tipoAcessoFuncionalidade);
  const portalFirst = [...produtos].sort(
    (a, b) => Number(b.chave === PORTAL_PRODUCT_KEY) - Number(a.chave === PORTAL_PRODUCT_KEY),
  );
  return { produtos: portalFirst, tipos, funcionalidades, padroes };
}
