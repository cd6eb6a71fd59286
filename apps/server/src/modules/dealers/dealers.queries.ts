import type { DbOrTx } from '../../platform/db.js';
import { existingIds, idsByKey } from '../../platform/sql.js';
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
