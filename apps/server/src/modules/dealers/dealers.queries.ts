import { BRAND_SORT_FIELDS, cnpjSearchDigits, DEALER_SORT_FIELDS, UFS } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { badInput } from '../../platform/errors.js';
import { existingIds, idsByKey, isUuid, uuidArray } from '../../platform/sql.js';
import { dealerGroupNamesSql } from '../groups/groups.queries.js';
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

/** Brand ids by name (name → id). */
export const brandIdsByName = (db: DbOrTx, names: readonly string[]) => idsByKey(db, marca.descricao, marca.id, names);

/** SQL text: the active brands listed by the subquery `ids` as a JSON array of { id, description, facebookId }. */
export const activeBrandsJsonText = (ids: string) =>
  `(SELECT coalesce(json_agg(json_build_object('id', m.id, 'description', m.descricao, 'facebookId', m.facebook_id)
                            ORDER BY m.descricao), '[]'::json)
     FROM marca m WHERE m.id IN (${ids}) AND m.active)`;

/** The ids of the active dealers of these dealer groups (column `id`): the audience's dealer-group rule. */
export const activeDealersOfGroupsSql = (grupoIds: readonly string[]): SQL =>
  sql`SELECT id FROM dealer WHERE active AND grupo_id = ANY(${uuidArray(grupoIds)})`;

/** Each dealer's group (columns `id`, `grupo_id`), active or not: who belongs to a dealer group through a dealer. */
export const dealerGroupOfDealersSql: SQL = sql`SELECT id, grupo_id FROM dealer`;

/** Dealers by display name (columns `id`, `nome`), for reports that group by dealer. */
export const dealerNamesSql: SQL = sql`SELECT id, nome_exibicao AS nome FROM dealer`;

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

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A dealer as the administration reads it: its columns, its group's name, brands, products and complementary data. */
export type DealerRow = {
  id: string;
  nome: string;
  nome_exibicao: string;
  cnpj: string;
  cnpjs_adicionais: string[];
  codigo_principal: string;
  codigos_adicionais: string[];
  grupo_id: string;
  grupo_nome: string | null;
  active: boolean;
  logradouro: string | null;
  bairro: string | null;
  cidade: string | null;
  cep: string | null;
  complemento: string | null;
  uf: string | null;
  contatos: { nome: string; email?: string; telefone?: string }[];
  marcas: { id: string; descricao: string; facebookId: string | null; active: boolean }[];
  produto_ids: string[];
  dados: { dadoComplementarId: string; valor: string }[];
};

const DEALER_SELECT = sql`SELECT d.id, d.nome, d.nome_exibicao, d.cnpj, d.cnpjs_adicionais, d.codigo_principal,
    d.codigos_adicionais, d.grupo_id, g.nome AS grupo_nome, d.active, d.logradouro, d.bairro, d.cidade, d.cep,
    d.complemento, d.uf, d.contatos,
    coalesce((SELECT json_agg(json_build_object('id', m.id, 'descricao', m.descricao, 'facebookId', m.facebook_id,
                                                'active', m.active) ORDER BY m.descricao)
              FROM dealer_marca dm JOIN marca m ON m.id = dm.marca_id WHERE dm.dealer_id = d.id), '[]'::json) AS marcas,
    coalesce((SELECT array_agg(dp.produto_id::text) FROM dealer_produto dp WHERE dp.dealer_id = d.id), '{}') AS produto_ids,
    coalesce((SELECT json_agg(json_build_object('dadoComplementarId', dd.dado_complementar_id, 'valor', dd.valor))
              FROM dealer_dado_complementar dd WHERE dd.dealer_id = d.id), '[]'::json) AS dados`;

/** What the dealers list filters by (docs/domains/organisation.md#the-dealers-list). */
export type DealerFilter = {
  busca?: string | null;
  active?: boolean | null;
  grupoId?: string | null;
  marcaId?: string | null;
  uf?: string | null;
  ordenacao?: string | null;
};

/** The FROM … WHERE and ORDER BY of the dealers list; BAD_USER_INPUT on a bad filter or sort field. */
function dealerListSql(filter: DealerFilter): { from: SQL; order: SQL } {
  const sortText = filter.ordenacao || 'nomeExibicao';
  const field = sortText.replace(/^-/, '') as (typeof DEALER_SORT_FIELDS)[number];
  if (!DEALER_SORT_FIELDS.includes(field)) throw badInput({ ordenacao: 'validation.invalid' });
  if (filter.grupoId && !isUuid(filter.grupoId)) throw badInput({ grupoId: 'validation.invalid' });
  if (filter.marcaId && !isUuid(filter.marcaId)) throw badInput({ marcaId: 'validation.invalid' });
  if (filter.uf && !(UFS as readonly string[]).includes(filter.uf)) throw badInput({ uf: 'validation.invalid' });
  const dir = sql.raw(sortText.startsWith('-') ? 'DESC' : 'ASC');

  const conditions: SQL[] = [sql`true`];
  const busca = filter.busca?.trim();
  if (busca) {
    const pattern = `%${escapeLike(busca.toLowerCase())}%`;
    const text = sql`immutable_unaccent(lower(${pattern}))`;
    const either: SQL[] = [
      sql`immutable_unaccent(lower(d.nome)) LIKE ${text}`,
      sql`immutable_unaccent(lower(d.nome_exibicao)) LIKE ${text}`,
      sql`lower(d.codigo_principal) LIKE ${pattern}`,
      sql`EXISTS (SELECT 1 FROM unnest(d.codigos_adicionais) c WHERE lower(c) LIKE ${pattern})`,
    ];
    const digits = cnpjSearchDigits(busca);
    if (digits) {
      const cnpjPattern = `%${digits}%`;
      either.push(
        sql`d.cnpj LIKE ${cnpjPattern}`,
        sql`EXISTS (SELECT 1 FROM unnest(d.cnpjs_adicionais) c WHERE c LIKE ${cnpjPattern})`,
      );
    }
    conditions.push(sql`(${sql.join(either, sql` OR `)})`);
  }
  if (filter.active !== null && filter.active !== undefined) conditions.push(sql`d.active = ${filter.active}`);
  if (filter.grupoId) conditions.push(sql`d.grupo_id = ${filter.grupoId}`);
  if (filter.marcaId)
    conditions.push(
      sql`EXISTS (SELECT 1 FROM dealer_marca dm WHERE dm.dealer_id = d.id AND dm.marca_id = ${filter.marcaId})`,
    );
  if (filter.uf) conditions.push(sql`d.uf = ${filter.uf}`);

  const order: Record<typeof field, SQL> = {
    nome: sql`immutable_unaccent(lower(d.nome)) ${dir}`,
    nomeExibicao: sql`immutable_unaccent(lower(d.nome_exibicao)) ${dir}`,
    cnpj: sql`d.cnpj ${dir}`,
    codigoPrincipal: sql`lower(d.codigo_principal) ${dir}`,
    grupo: sql`immutable_unaccent(lower(g.nome)) ${dir}`,
    cidade: sql`immutable_unaccent(lower(d.cidade)) ${dir} NULLS LAST`,
    uf: sql`d.uf ${dir} NULLS LAST`,
  };
  return {
    from: sql`FROM dealer d LEFT JOIN (${dealerGroupNamesSql}) g ON g.id = d.grupo_id WHERE ${sql.join(conditions, sql` AND `)}`,
    order: sql`${order[field]}, d.nome_exibicao, d.id`,
  };
}

/**
 * One page of the dealers list: search by corporate or display name (case and accents ignored), CNPJ
 * (main or additional, with or without punctuation) or code (main or additional); filters by status,
 * dealer group, brand and federated unit; sorted by one of DEALER_SORT_FIELDS.
 */
export async function pageDealers(db: DbOrTx, filter: DealerFilter & { rowsPerPage: number; offset: number }) {
  const { from, order } = dealerListSql(filter);
  const [content, [count]] = await Promise.all([
    rows<DealerRow>(
      db,
      sql`${DEALER_SELECT} ${from} ORDER BY ${order} LIMIT ${filter.rowsPerPage} OFFSET ${filter.offset}`,
    ),
    rows<{ total: number }>(db, sql`SELECT count(*)::int AS total ${from}`),
  ]);
  return { content, totalElements: count.total };
}

/** Every dealer the list's filter shows, in its order, a batch at a time: the rows of the `.xlsx` export. */
export async function* dealersForExport(db: DbOrTx, filter: DealerFilter, batch = 1000): AsyncGenerator<DealerRow> {
  const { from, order } = dealerListSql(filter);
  for (let offset = 0; ; offset += batch) {
    const page = await rows<DealerRow>(
      db,
      sql`${DEALER_SELECT} ${from} ORDER BY ${order} LIMIT ${batch} OFFSET ${offset}`,
    );
    yield* page;
    if (page.length < batch) return;
  }
}

/** One dealer as the wizard edits it, or null (also for an id that is not a UUID). */
export async function findDealer(db: DbOrTx, id: string): Promise<DealerRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await rows<DealerRow>(
    db,
    sql`${DEALER_SELECT} FROM dealer d LEFT JOIN (${dealerGroupNamesSql}) g ON g.id = d.grupo_id WHERE d.id = ${id}`,
  );
  return row ?? null;
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
      sql`immutable_unaccent(lower(b.descricao)) LIKE immutable_unaccent(lower(${`%${escapeLike(busca)}%`}))`,
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
