import { systemContext } from '../../platform/actions.js';
import type { JobContext } from '../../platform/module.js';
import { inactivateIdleUsers } from './users.inactivity.js';

/** Queue of the daily inactivity sweep (users.inactivity.ts). */
export const INACTIVITY_SWEEP_QUEUE = 'usuario.inativar-ociosos';
/** Every day at 03:00 UTC. pg-boss sends one job per tick, whatever the number of instances. */
const INACTIVITY_SWEEP_CRON = '0 3 * * *';

/** Starts this instance's worker of the inactivity sweep and (idempotently) its daily schedule in pg-boss. */
export async function startUserJobs({ services, log }: JobContext) {
  await services.jobs.work(INACTIVITY_SWEEP_QUEUE, async () => {
    try {
      await inactivateIdleUsers(systemContext(services));
    } catch (err) {
      log(err, 'inactivity sweep failed (pg-boss retries it)');
      throw err;
    }
  });
  await services.jobs.boss.schedule(INACTIVITY_SWEEP_QUEUE, INACTIVITY_SWEEP_CRON);
}
