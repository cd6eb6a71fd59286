import type { AppCache } from './cache.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database, Db } from './db.js';
import type { Events } from './events.js';
import type { Jobs } from './jobs.js';
import type { Mailer } from './mail.js';
import type { Metrics } from './metrics.js';
import type { Storage } from './storage-contract.js';

/** The platform services every module receives (through the GraphQL context or route handlers). */
export type Services = {
  config: Config;
  database: Database;
  db: Db;
  events: Events;
  jobs: Jobs;
  mailer: Mailer;
  /** Shared, rarely changing data (portal properties, menu rows); see cache.ts. */
  cache: AppCache;
  /** File contents: local disk or S3-compatible (storage.ts). */
  storage: Storage;
  /** Business time (scheduled sends); tests move it forward instead of sleeping. */
  clock: Clock;
  /** The figures modules count themselves (GET /metrics): the web push outcomes. */
  metrics: Pick<Metrics, 'pushOutcome'>;
};
