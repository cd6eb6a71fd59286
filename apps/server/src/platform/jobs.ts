import { type Db as BossDb, fromPglite, PgBoss } from 'pg-boss';
import type { Database } from './db.js';

/** Background jobs on pg-boss (DESIGN §1, §2): the same queue on PGlite and PostgreSQL. */
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
  work<T extends object>(queue: string, handler: (data: T) => Promise<void>): Promise<void>;
  ready(): Promise<boolean>;
  stop(): Promise<void>;
};

export async function startJobs(
  database: Database,
  opts: { log: (msg: string, err?: unknown) => void },
): Promise<Jobs> {
  const boss =
    database.kind === 'pglite'
      ? new PgBoss({ db: fromPglite(database.pglite as never), backend: 'pglite', schema: 'pgboss' })
      : new PgBoss({ connectionString: database.connectionString, schema: 'pgboss', max: 4 });
  boss.on('error', (err) => opts.log('job queue error', err));
  await boss.start();
  const created = new Set<string>();
  const ensureQueue = async (name: string) => {
    if (created.has(name)) return;
    await boss.createQueue(name).catch(() => {});
    created.add(name);
  };
  return {
    boss,
    async send(queue, data, options) {
      await ensureQueue(queue);
      return boss.send(queue, data, options);
    },
    async work(queue, handler) {
      await ensureQueue(queue);
      await boss.work(queue, { pollingIntervalSeconds: 1 }, async (jobs) => {
        for (const job of jobs) await handler(job.data as never);
      });
    },
    async ready() {
      return (await boss.isInstalled()) === true;
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 5000 });
    },
  };
}
