import { type SQL, sql } from 'drizzle-orm';
import { uuidArray } from '../../platform/sql.js';

// What other modules may read of dealers and brands: SQL fragments to embed in their own queries
// (module boundaries, docs/ARCHITECTURE.md), so set-based reads stay one statement.

/** The ids of the active dealers of these dealer groups (column `id`): the audience's dealer-group rule. */
export const activeDealersOfGroupsSql = (grupoIds: readonly string[]): SQL =>
  sql`SELECT id FROM dealer WHERE active AND grupo_id = ANY(${uuidArray(grupoIds)})`;

/** Each dealer's group (columns `id`, `grupo_id`), active or not: who belongs to a dealer group through a dealer. */
export const dealerGroupOfDealersSql: SQL = sql`SELECT id, grupo_id FROM dealer`;

/** Dealers by display name (columns `id`, `nome`), for reports that group by dealer. */
export const dealerNamesSql: SQL = sql`SELECT id, nome_exibicao AS nome FROM dealer`;

/** Brands by description (columns `id`, `nome`), for reports that group by brand. */
export const brandNamesSql: SQL = sql`SELECT id, descricao AS nome FROM marca`;
