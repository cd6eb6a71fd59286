import { BRAND_SORT_FIELDS } from '@portal/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type AppCache, catalogueEntries } from '../../platform/cache.js';
import type { DbOrTx } from '../../platform/db.js';
import { badInput } from '../../platform/errors.js';
import { containsPattern, existingIds, idsByKey, isUuid, textArray, uuidArray } from '../../platform/sql.js';
import { dealer, marca } from './dealers.tables.js';

/** Which of `ids` are dealers (an action linking dealers checks them first). */
export const existingDealerIds = (db: DbOrTx, ids: readonly string[]) => existingIds(db, dealer.id, ids);

/** Which of `ids` are brands. */
export const existingBrandIds = (db: DbOrTx, ids: readonly string[]) => existingIds(db, marca.id, ids);

/** Which of `ids` are active brands (a dealer may only be linked to those). */
export async function activeBrandIds(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  return (
    (await db.execute(sql`SELECT id FROM marca WHERE active AND id = ANY(${uuidArray(ids)})`)).rows as { id: string }[]
  ).map((r) => r.id);
}

/** Dealer ids by main code (code → id). */
export const dealerIdsByCode = (db: DbOrTx, codes: readonly string[]) =>
  idsByKey(db, dealer.codigoPrincipal, dealer.id, codes);

/**
 * Active dealers by any of their codes, main or additional (code → id): the user import's dealer columns. One
 * statement for a chunk of rows; a code two dealers share (main of one, additional of another) maps to the one
 * whose main code it is.
 */
export async function activeDealerIdsByCodes(db: DbOrTx, codes: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (!codes.length) return found;
  const list = textArray([...new Set(codes)]);
  const rows = (
    await db.execute(sql`SELECT id, codigo_principal, codigos_adicionais FROM dealer
      WHERE active AND (codigo_principal = ANY(${list}) OR codigos_adicionais && ${list})`)
  ).rows as { id: string; codigo_principal: string; codigos_adicionais: string[] }[];
  for (const row of rows) for (const code of row.codigos_adicionais) if (!found.has(code)) found.set(code, row.id);
  for (const row of rows) found.set(row.codigo_principal, row.id);
  return found;
}

/** Brand ids by name (name → id). */
export const brandIdsByName = (db: DbOrTx, names: readonly string[]) => idsByKey(db, marca.descricao, marca.id, names);

/** Cache key of the brands' names (services.cache): the brand actions drop it. */
export const BRANDS_CACHE_KEY = 'marcas';

/** SQL text: the ids, among those of the subquery `ids`, of active brands. */
export const activeBrandIdsText = (ids: string) => `SELECT m.id FROM marca m WHERE m.id IN (${ids}) AND m.active`;

/** A brand as the signed-in user's brands list it. */
export type BrandSummary = { id: string; description: string; facebookId: string | null };

/**
 * The brands of `ids` in name order, from a catalogue of every brand kept in memory (the same for every user): names
 * the signed-in user's brands (`usuarioLogado.marcas`), whose ids come with the user (`activeBrandIdsText`).
 */
export function brandsByIds(cache: AppCache, db: DbOrTx, ids: readonly string[]) {
  return catalogueEntries(
    cache,
    BRANDS_CACHE_KEY,
    async () => {
      const { rows } = await db.execute<BrandSummary>(
        sql`SELECT id, descricao AS description, facebook_id AS "facebookId" FROM marca ORDER BY descricao, id`,
      );
      return new Map(rows.map((row, rank) => [row.id, { ...row, rank }]));
    },
    ids,
  );
}

/** SQL text: the active brands listed by the subquery `ids` as a JSON array of { id, description, facebookId }. */
export const activeBrandsJsonText = (ids: string) =>
  `(SELECT coalesce(json_agg(json_build_object('id', m.id, 'description', m.descricao, 'facebookId', m.facebook_id)
                            ORDER BY m.descricao), '[]'::json)
     FROM marca m WHERE m.id IN (${ids}) AND m.active)`;

/** The ids of the active dealers of these dealer groups (column `id`): the audience's dealer-group rule. */
export const activeDealersOfGroupsSql = (grupoIds: readonly string[]): SQL =>
  sql`SELECT id FROM dealer WHERE active AND grupo_id = ANY(${uuidArray(grupoIds)})`;

/** Which of these dealers are active (column `id`): the audience's dealer rule (generic notifications). */
export const activeDealersSql = (ids: readonly string[]): SQL =>
  sql`SELECT id FROM dealer WHERE active AND id = ANY(${uuidArray(ids)})`;

/** Active dealers whose display name contains `busca` (ignoring case and accents), by name, at most `limit`. */
export async function searchActiveDealers(
  db: DbOrTx,
  busca: string,
  limit: number,
): Promise<{ id: string; nome: string }[]> {
  const like = containsPattern(busca);
  return rows(
    db,
    sql`SELECT id, nome_exibicao AS nome FROM dealer
      WHERE active AND nome_exibicao_busca LIKE immutable_unaccent(lower(${like}))
      ORDER BY nome_exibicao_busca, id LIMIT ${limit}`,
  );
}

/** Dealers by id (columns `id`, `nome`), active or not: the names of a saved audience's chips. */
export async function dealerNames(db: DbOrTx, ids: readonly string[]): Promise<{ id: string; nome: string }[]> {
  if (!ids.length) return [];
  return rows(
    db,
    sql`SELECT id, nome_exibicao AS nome FROM dealer WHERE id = ANY(${uuidArray(ids)}) ORDER BY nome_exibicao`,
  );
}

/** Each dealer's group (columns `id`, `grupo_id`), active or not: who belongs to a dealer group through a dealer. */
export const dealerGroupOfDealersSql: SQL = sql`SELECT id, grupo_id FROM dealer`;

/** Dealers by display name (columns `id`, `nome`), for reports that group by dealer. */
export const dealerNamesSql: SQL = sql`SELECT id, nome_exibicao AS nome FROM dealer`;

/**
 * The ids of the dealers whose display name, lower case and without accents, is LIKE `pattern` (an SQL
 * expression already lower case and unaccented): a search by dealer through the stored `nome_exibicao_busca`.
 */
export const dealersWithDisplayNameLikeSql = (pattern: SQL): SQL =>
  sql`SELECT id FROM dealer WHERE nome_exibicao_busca LIKE ${pattern}`;

/** Brands by description (columns `id`, `nome`), for reports that group by brand. */
export const brandNamesSql: SQL = sql`SELECT id, descricao AS nome FROM marca`;

export type DealerOfGroupRow = {
  id: string;
  nome: string;
  nome_exibicao: string;
  codigo_principal: string;
  cnpj: string;
  active: boolean;
};

/** One page of a dealer group's dealers (any state) by display name: the members shown on the group's page. */
export async function pageDealersOfGroup(
  db: DbOrTx,
  grupoId: string,
  page: { rowsPerPage: number; offset: number },
): Promise<{ content: DealerOfGroupRow[]; totalElements: number }> {
  const [content, count] = await Promise.all([
    db.execute(sql`SELECT id, nome, nome_exibicao, codigo_principal, cnpj, active FROM dealer
      WHERE grupo_id = ${grupoId} ORDER BY nome_exibicao, id LIMIT ${page.rowsPerPage} OFFSET ${page.offset}`),
    db.execute(sql`SELECT count(*)::int AS total FROM dealer WHERE grupo_id = ${grupoId}`),
  ]);
  return { content: content.rows as DealerOfGroupRow[], totalElements: (count.rows[0] as { total: number }).total };
}

/** The rows of a raw query. */
export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** A brand as its administration reads it, with how many dealers sell it. */
export type BrandRow = { id: string; descricao: string; facebook_id: string | null; active: boolean; dealers: number };

const BRAND_SELECT = sql`SELECT m.id, m.descricao, m.facebook_id, m.active,
    (SELECT count(*)::int FROM dealer_marca dm WHERE dm.marca_id = m.id) AS dealers FROM marca m`;

/** One page of the brands list: search by description (case and accents ignored), filter by status, sort by BRAND_SORT_FIELDS. */
export async function pageBrands(
  db: DbOrTx,
  filter: {
    busca?: string | null;
    active?: boolean | null;
    ordenacao?: string | null;
    rowsPerPage: number;
    offset: number;
  },
) {
  const sortText = filter.ordenacao || 'descricao';
  const field = sortText.replace(/^-/, '') as (typeof BRAND_SORT_FIELDS)[number];
  if (!BRAND_SORT_FIELDS.includes(field)) throw badInput({ ordenacao: 'validation.invalid' });
  const dir = sql.raw(sortText.startsWith('-') ? 'DESC' : 'ASC');
  const conditions: SQL[] = [sql`true`];
  const busca = filter.busca?.trim();
  if (busca)
    conditions.push(
      sql`immutable_unaccent(lower(b.descricao)) LIKE immutable_unaccent(lower(${containsPattern(busca)}))`,
    );
  if (filter.active !== null && filter.active !== undefined) conditions.push(sql`b.active = ${filter.active}`);
  const where = sql.join(conditions, sql` AND `);
  const order = field === 'dealers' ? sql`b.dealers ${dir}` : sql`immutable_unaccent(lower(b.descricao)) ${dir}`;
  const [content, [count]] = await Promise.all([
    rows<BrandRow>(
      db,
      sql`SELECT * FROM (${BRAND_SELECT}) b WHERE ${where} ORDER BY ${order}, b.descricao, b.id
          LIMIT ${filter.rowsPerPage} OFFSET ${filter.offset}`,
    ),
    rows<{ total: number }>(db, sql`SELECT count(*)::int AS total FROM marca b WHERE ${where}`),
  ]);
  return { content, totalElements: count.total };
}

/** One brand, or null. */
export async function findBrand(db: DbOrTx, id: string): Promise<BrandRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await rows<BrandRow>(db, sql`${BRAND_SELECT} WHERE m.id = ${id}`);
  return row ?? null;
}

/** Every brand (id, descricao, active) by description: the choices of the wizard and of the list's filter. */
export function brandOptions(db: DbOrTx) {
  return rows<{ id: string; descricao: string; active: boolean }>(
    db,
    sql`SELECT id, descricao, active FROM marca ORDER BY descricao`,
  );
}

/**
 * What inactivating a brand does (docs/domains/organisation.md#inactivating-a-brand): the dealers it is
 * unlinked from, and those of them that are active and sell no other brand, which are inactivated. The
 * confirmation shows these counts and the action uses the same query, so they agree.
 */
export async function brandInactivationImpact(
  db: DbOrTx,
  marcaId: string,
): Promise<{ unlinked: string[]; inactivated: string[] }> {
  if (!isUuid(marcaId)) return { unlinked: [], inactivated: [] };
  const list = await rows<{ id: string; exclusive: boolean }>(
    db,
    sql`SELECT d.id, (d.active AND NOT EXISTS (
          SELECT 1 FROM dealer_marca o WHERE o.dealer_id = d.id AND o.marca_id <> ${marcaId})) AS exclusive
        FROM dealer d JOIN dealer_marca dm ON dm.dealer_id = d.id AND dm.marca_id = ${marcaId}
        ORDER BY d.id`,
  );
  return { unlinked: list.map((r) => r.id), inactivated: list.filter((r) => r.exclusive).map((r) => r.id) };
}

/**
 * Dealers as a user's links show them (columns `id`, `nome`, `nome_exibicao`, `codigo_principal`, `active`,
 * `grupo_id`): the users administration joins them to a user's dealers and to its choices.
 */
export const dealerSummarySql: SQL = sql`SELECT id, nome, nome_exibicao, codigo_principal, active, grupo_id FROM dealer`;

/** The products the dealers of `ids` use (column `produto_id`): a dealer user's grantable products. */
export const productsOfDealersSql = (ids: readonly string[]): SQL =>
  sql`SELECT DISTINCT produto_id FROM dealer_produto WHERE dealer_id = ANY(${uuidArray(ids)})`;

/**
 * The ids of the dealers of `grupoId` among `ids` (all of its dealers when `ids` is empty, a merge):
 * what a migration (`importarGrupoUsuarios`) would move, for its preview.
 */
export async function dealerIdsOfGroup(db: DbOrTx, grupoId: string, ids: readonly string[] = []): Promise<string[]> {
  const where = ids.length
    ? and(eq(dealer.grupoId, grupoId), inArray(dealer.id, [...ids]))
    : eq(dealer.grupoId, grupoId);
  return (await db.select({ id: dealer.id }).from(dealer).where(where)).map((r) => r.id);
}
