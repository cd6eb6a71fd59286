import type { JobContext } from '../../platform/module.js';
import { USER_IMPORT_INVITE_QUEUE, USER_IMPORT_QUEUE } from './user-import.columns.js';
import { inviteImportedUsers, processImport, removeStaleCopies } from './user-import.process.js';

/**
 * Starts this instance's workers: the imports (one at a time per instance; pg-boss gives each import's job to one
 * worker, and a killed worker's job to another within a minute) and the invitations of finished imports. First it
 * removes the temp copies of uploads a killed server left behind.
 */
export async function startUserImportJobs({ services, log }: JobContext) {
  await removeStaleCopies().catch((err) => log(err, 'stale user import copies not removed'));
  await services.jobs.work<{ importId: string }>(USER_IMPORT_QUEUE, ({ importId }) =>
    processImport(services, importId, log),
  );
  await services.jobs.work<{ importId: string }>(USER_IMPORT_INVITE_QUEUE, ({ importId }) =>
    inviteImportedUsers(services, importId),
  );
}
