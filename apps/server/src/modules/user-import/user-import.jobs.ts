import type { JobContext } from '../../platform/module.js';
import { USER_IMPORT_QUEUE } from './user-import.columns.js';

/** Starts this instance's worker of the import queue (one import at a time per instance). */
export async function startUserImportJobs({ services, log }: JobContext) {
  await services.jobs.work<{ importId: string }>(USER_IMPORT_QUEUE, async ({ importId }) => {
    // Processing lands with the reader and the users' batch action (issue 15).
    log(new Error('not yet processed'), `user import ${importId} waits for its processor`);
    throw new Error('user import processing is not built yet');
  });
}
