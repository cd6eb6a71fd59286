import { type Db as BossDb, fromPglite, PgBoss } from 'pg-boss';
import type { Database } from './db.js';

/**
 * Background jobs on pg-boss (docs/ARCHITECTURE.md#embedded-or-scaled-out): the same queue on PGlite and PostgreSQL.
 */
export type Jobs = {
  boss: PgBoss;
  send(
    queue: string,
    data: object,
    /** `db`: insert the job through the caller's transaction (pg-boss `fromDrizzle`), so it commits with it. */
    options?: {
      singletonKey?: string;
      startAfter?: Date;
      retryLimit?: number;
      retryDelay?: number;
      db?: BossDb;
    },
  ): Promise<string | null>;
  /** `concurrency`: jobs of this queue run at once on this instance (each worker polls every second). */
  work<T extends object>(
    queue: string,
    handler: (data: T) => Promise<void>,
    options?: { concurrency?: number },
  ): Promise<void>;
  /**
   * Creates `queue` when missing, as `send` and `work` do first, and has pg-boss know it. A caller that sends from
   * inside a transaction on PGlite before any worker of the queue started (the demo seed) calls it before the
   * transaction: otherwise the queue is created, or looked up, through pg-boss's own connection, which waits on that
   * transaction for PGlite's one connection.
   */
  prepare(queue: string): Promise<void>;
  /** Wakes this instance's idle workers of `queue` now instead of at their next poll (a job just sent). */
  wake(queue: string): void;
  ready(): Promise<boolean>;
  stop(): Promise<void>;
};

/**
 * A job whose worker died (process killed mid-job) is taken up again within a minute (issue 10, 13b).
 * A live worker refreshes its job's heartbeat every HEARTBEAT_SECONDS / 2; a job silent for
 * HEARTBEAT_SECONDS is failed into a retry by the supervisor of any instance, which passes every
 * SUPERVISE_SECONDS. Worst case: 20 + 10 s + the queue's retryDelay after the death, or 10 s after a
 * restarted instance is up. A long but live job keeps beating, so it is never taken twice; the expiry
 * stays pg-boss's 15 minutes, a cap for a hung job. Handlers stay idempotent all the same.
 */
const HEARTBEAT_SECONDS = 20;
const SUPERVISE_SECONDS = 10;

export async function startJobs(
  database: Database,
  opts: {
    log: (msg: string, err?: unknown) => void;
    /** Told of every job handled on this instance (the metrics). */
    onOutcome?: (queue: string, outcome: 'done' | 'failed') => void;
  },
): Promise<Jobs> {
  const supervision = { superviseIntervalSeconds: SUPERVISE_SECONDS, monitorIntervalSeconds: SUPERVISE_SECONDS };
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite as never), backend: 'pglite', schema: 'pgboss', ...supervision })
      : new PgBoss({ connectionString: database.connectionString, schema: 'pgboss', max: 4, ...supervision });
  boss.on('error', (err) => opts.log('job queue error', err));
  await boss.start();
  // The queues this database already has as the portal makes them: a restart creates and updates none of them again
  // (two or three statements each: 46 of the 100 statements a restart sent to PGlite's one connection).
  const created = new Set(
    (await boss.getQueues()).filter((q) => q.heartbeatSeconds === HEARTBEAT_SECONDS).map((q) => q.name),
  );
  const workers = new Map<string, string[]>();
  const ensureQueue = async (name: string) => {
    if (created.has(name)) return;
    await boss.createQueue(name, { heartbeatSeconds: HEARTBEAT_SECONDS }).catch(() => {});
    // A queue created before heartbeats were set gets them too (jobs copy it from the queue when sent).
    await boss.updateQueue(name, { heartbeatSeconds: HEARTBEAT_SECONDS });
    created.add(name);
  };
  return {
    boss,
    async prepare(queue) {
      await ensureQueue(queue);
      // pg-boss looks a queue up in its cache when sending, through its own connection when the queue is not there
      // yet (a queue created since its last refresh); one read by id fills the cache (no job has the zero id).
      await boss.getJobById(queue, '00000000-0000-0000-0000-000000000000');
    },
    async send(queue, data, options) {
      await ensureQueue(queue);
      return boss.send(queue, data, options);
    },
    async work(queue, handler, options) {
      await ensureQueue(queue);
      const localConcurrency = options?.concurrency ?? 1;
      const workerId = await boss.work(queue, { pollingIntervalSeconds: 1, localConcurrency }, async (jobs) => {
        for (const job of jobs) {
          try {
            await handler(job.data as never);
            opts.onOutcome?.(queue, 'done');
          } catch (err) {
            opts.onOutcome?.(queue, 'failed');
            throw err;
          }
        }
      });
      workers.set(queue, [...(workers.get(queue) ?? []), workerId]);
    },
    wake(queue) {
      for (const id of workers.get(queue) ?? []) boss.notifyWorker(id);
    },
    async ready() {
      return (await boss.isInstalled()) === true;
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}
