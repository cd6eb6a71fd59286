import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db.js';
import { existingIds, idsByKey, uuidArray } from '../../platform/sql.js';
import { dealer, marca } from './dealers.tables.js';

/** Which of `ids` are dealers (an action linking dealers checks them first). */
export const existingDealerIds = (db: DbOrTx, ids: readonly string[]) => existingIds(db, dealer.id, ids);

/** Which of `ids` are brands. */
export const existingBrandIds = (db: DbOrTx, ids: readonly string[]) => existingIds(db, marca.id, ids);

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
