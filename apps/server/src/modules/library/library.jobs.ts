import type { JobContext } from '../../platform/module.js';
import { purgeExpiredBin } from './library.service.js';

/** Queue of the purge of the library's bin (docs/domains/library.md#the-bin). */
export const BIN_PURGE_QUEUE = 'biblioteca.esvaziar-lixeira';
/** Every hour at minute 20. pg-boss sends one job per tick, whatever the number of instances. */
const BIN_PURGE_CRON = '20 * * * *';

/** Starts this instance's worker of the bin purge and (idempotently) its schedule in pg-boss. */
export async function startLibraryJobs({ services, log }: JobContext) {
  await services.jobs.work(BIN_PURGE_QUEUE, async () => {
    try {
      await purgeExpiredBin(services, log);
    } catch (err) {
      log(err, 'library bin purge failed (pg-boss retries it)');
      throw err;
    }
  });
  await services.jobs.boss.schedule(BIN_PURGE_QUEUE, BIN_PURGE_CRON);
}
