import type { DbOrTx } from '../../platform/db.js';
import { existingIds, idsByKey } from '../../platform/sql.js';
import { grupo } from './groups.tables.js';

/** Which of `ids` are dealer groups (an action linking groups checks them first). */
export const existingDealerGroupIds = (db: DbOrTx, ids: readonly string[]) => existingIds(db, grupo.id, ids);

/** Dealer group ids by exact name (name → id). */
export const dealerGroupIdsByName = (db: DbOrTx, names: readonly string[]) => idsByKey(db, grupo.nome, grupo.id, names);
