import { sql } from 'drizzle-orm';
import type { JobContext } from '../../platform/module.js';
import type { Services } from '../../platform/services.js';

/** Queue of the sweep of unplaced uploads. */
export const UPLOAD_SWEEP_QUEUE = 'arquivo.remover-nao-colocados';
/** Every 15 minutes. pg-boss sends one job per tick, whatever the number of instances. */
const UPLOAD_SWEEP_CRON = '*/15 * * * *';
/** Rows removed per statement batch; the sweep goes on until none is left. */
const SWEEP_BATCH = 200;

/**
 * Removes uploads never placed (`colocado_em IS NULL`) older than UPLOAD_RETENTION_HOURS: the row, then
 * the object, its thumbnail and its image variants. Each row goes in its own statement that re-checks it is still unplaced
 * (a placement at the same moment wins or loses cleanly on the row lock), and a row some table still
 * references is kept (its foreign key refuses the delete). Returns how many were removed.
 */
export async function sweepUnplacedUploads(
  services: Services,
  log: (err: unknown, msg: string) => void = () => {},
): Promise<number> {
  const { db, storage } = services;
  const seconds = services.config.uploadRetentionHours * 3600;
  const cutoff = sql`now() - ${seconds}::double precision * interval '1 second'`;
  let removed = 0;
  const skipped = new Set<string>();
  for (;;) {
    const stale = (
      await db.execute(sql`SELECT id FROM arquivo WHERE colocado_em IS NULL AND created_at < ${cutoff}
        ORDER BY created_at LIMIT ${SWEEP_BATCH + skipped.size}`)
    ).rows as { id: string }[];
    const batch = stale.filter((r) => !skipped.has(r.id));
    if (!batch.length) return removed;
    for (const { id } of batch) {
      try {
        const [row] = (
          await db.execute(sql`DELETE FROM arquivo WHERE id = ${id} AND colocado_em IS NULL AND created_at < ${cutoff}
            RETURNING storage_key, thumbnail_key,
              (SELECT array_agg(v.storage_key) FROM arquivo_variante v WHERE v.arquivo_id = arquivo.id) AS variant_keys`)
        ).rows as { storage_key: string; thumbnail_key: string | null; variant_keys: string[] | null }[];
        if (!row) continue;
        removed++;
        // The variants' rows went with the file (ON DELETE CASCADE); RETURNING still saw them.
        for (const key of [row.storage_key, row.thumbnail_key, ...(row.variant_keys ?? [])]) {
          if (key) await storage.delete(key).catch((err) => log(err, `unplaced upload ${id}: object not removed`));
        }
      } catch (err) {
        skipped.add(id);
        log(err, `unplaced upload ${id} is still referenced; kept`);
      }
    }
  }
}

/** Starts this instance's worker of the sweep and (idempotently) its schedule in pg-boss. */
export async function startFileJobs({ services, log }: JobContext) {
  await services.jobs.work(UPLOAD_SWEEP_QUEUE, async () => {
    await sweepUnplacedUploads(services, log);
  });
  await services.jobs.boss.schedule(UPLOAD_SWEEP_QUEUE, UPLOAD_SWEEP_CRON);
}
