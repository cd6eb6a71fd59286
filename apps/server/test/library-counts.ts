import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestPortal } from './harness.js';

/**
 * Fails unless pasta_contagem (the folder counts per access rule, kept by a trigger) equals a recount of the live
 * items: called at the end of the library suites, after their uploads, moves, deletions, restores and permission
 * changes.
 */
export async function expectFolderCountsExact(portal: TestPortal) {
  const differences = await portal.services.db.execute(sql`
    WITH recount AS (
      SELECT coalesce(pasta_pai_id, '00000000-0000-0000-0000-000000000000') AS pasta_id,
             coalesce(acl_item_id, '00000000-0000-0000-0000-000000000000') AS acl_item_id, count(*)::int AS itens
        FROM item_biblioteca WHERE excluido_em IS NULL GROUP BY 1, 2),
    kept AS (SELECT pasta_id, acl_item_id, itens FROM pasta_contagem WHERE itens <> 0)
    (SELECT 'kept' AS side, * FROM kept EXCEPT SELECT 'kept', * FROM recount)
    UNION ALL (SELECT 'recount', * FROM recount EXCEPT SELECT 'recount', * FROM kept)`);
  expect(differences.rows).toEqual([]);
  const [{ n }] = (
    await portal.services.db.execute(sql`SELECT count(*)::int AS n FROM item_biblioteca WHERE excluido_em IS NULL`)
  ).rows as { n: number }[];
  expect(n).toBeGreaterThan(0);
}
