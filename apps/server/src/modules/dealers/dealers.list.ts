import { cnpjSearchDigits, DEALER_SORT_FIELDS, UFS } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { badInput } from '../../platform/errors.js';
import { containsPattern, countSql, isUuid, uuidArray } from '../../platform/sql.js';
import { dealerGroupNamesSql, listActiveDealerGroups } from '../groups/groups.queries.js';
import { rows } from './dealers.queries.js';

// The dealers administration's reads (list, export, one dealer). Apart from dealers.queries.ts, which
// other modules import: these join the groups module's names, and groups.queries.ts imports (through
// users.queries.ts) dealers.queries.ts, so keeping them there would make a cycle of imports.

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

/** What separates the terms of the stored code and CNPJ columns (migration 0031's search_terms). */
const TERM_SEPARATOR = String.fromCharCode(31);

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
    // The terms' separator (chr(31)) out of the text, so that a match never spans two codes.
    const pattern = containsPattern(busca.toLowerCase().replaceAll(TERM_SEPARATOR, ''));
    const text = sql`immutable_unaccent(lower(${pattern}))`;
    // Stored, folded columns, each with a trigram index (dealers.tables.ts): no folding or unnesting per row.
    const either: SQL[] = [
      sql`d.nome_busca LIKE ${text}`,
      sql`d.nome_exibicao_busca LIKE ${text}`,
      sql`d.codigos_busca LIKE ${pattern}`,
    ];
    // A code typed without its punctuation (or with other punctuation): compared on letters and digits only
    // (codigos_busca holds each code that way too).
    const bare = busca.toLowerCase().replace(/[^a-z0-9]/g, '');
    if (bare.length >= 2) either.push(sql`d.codigos_busca LIKE ${`%${bare}%`}`);
    const digits = cnpjSearchDigits(busca);
    if (digits) either.push(sql`d.cnpjs_busca LIKE ${`%${digits}%`}`);
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
    nome: sql`d.nome_busca ${dir}`,
    nomeExibicao: sql`d.nome_exibicao_busca ${dir}`,
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
 * The dealers of `ids` with their group's name, brands, products and complementary data, in the order of
 * `ids`: a page's details are read for its rows alone, after the page's ids (the sort and OFFSET walk
 * only the ids, never the brands and products of the rows they skip).
 */
async function dealersByIds(db: DbOrTx, ids: readonly string[]): Promise<DealerRow[]> {
  if (!ids.length) return [];
  return rows<DealerRow>(
    db,
    sql`${DEALER_SELECT} FROM unnest(${uuidArray(ids)}) WITH ORDINALITY AS p(id, n) JOIN dealer d ON d.id = p.id
      LEFT JOIN (${dealerGroupNamesSql}) g ON g.id = d.grupo_id ORDER BY p.n`,
  );
}

/** The ids of one page of the dealers list, in its order. */
async function pageIds(db: DbOrTx, from: SQL, order: SQL, limit: number, offset: number): Promise<string[]> {
  const page = await rows<{ id: string }>(
    db,
    sql`SELECT d.id ${from} ORDER BY ${order} LIMIT ${limit} OFFSET ${offset}`,
  );
  return page.map((r) => r.id);
}

/**
 * One page of the dealers list: search by corporate or display name (case and accents ignored), CNPJ
 * (main or additional, with or without punctuation) or code (main or additional); filters by status,
 * dealer group, brand and federated unit; sorted by one of DEALER_SORT_FIELDS.
 */
export async function pageDealers(
  db: DbOrTx,
  filter: DealerFilter & { rowsPerPage: number; offset: number; countUpTo?: number },
) {
  const { from, order } = dealerListSql(filter);
  const [content, [count]] = await Promise.all([
    pageIds(db, from, order, filter.rowsPerPage, filter.offset).then((ids) => dealersByIds(db, ids)),
    rows<{ total: number }>(db, countSql(from, filter.countUpTo)),
  ]);
  return { content, totalElements: count.total };
}

/** Every dealer the list's filter shows, in its order, a batch at a time: the rows of the `.xlsx` export. */
export async function* dealersForExport(db: DbOrTx, filter: DealerFilter, batch = 1000): AsyncGenerator<DealerRow> {
  const { from, order } = dealerListSql(filter);
  for (let offset = 0; ; offset += batch) {
    const ids = await pageIds(db, from, order, batch, offset);
    yield* await dealersByIds(db, ids);
    if (ids.length < batch) return;
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

/**
 * Every dealer group (id, nome, active) by name: the list filters by any of them (an inactive group's
 * dealers too), the wizard offers the active ones.
 */
export async function dealerGroupOptions(db: DbOrTx): Promise<{ id: string; nome: string; active: boolean }[]> {
  const [all, active] = await Promise.all([
    rows<{ id: string; nome: string }>(db, sql`SELECT id, nome FROM (${dealerGroupNamesSql}) g ORDER BY nome`),
    listActiveDealerGroups(db),
  ]);
  const activeIds = new Set(active.map((g) => g.id));
  return all.map((g) => ({ ...g, active: activeIds.has(g.id) }));
}
