import type { DbOrTx } from '../../platform/db.js';
import { existingIds } from '../../platform/sql.js';
import { dealer, marca } from './dealers.tables.js';

/** Which of `ids` are dealers (an action linking dealers checks them first). */
export const existingDealerIds = (db: DbOrTx, ids: readonly string[]) => existingIds(db, dealer.id, ids);

/** Which of `ids` are brands. */
export const existingBrandIds = (db: DbOrTx, ids: readonly string[]) => existingIds(db, marca.id, ids);
