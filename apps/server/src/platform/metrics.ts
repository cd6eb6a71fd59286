import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { QueueResult } from 'pg-boss';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from './db.js';
import { trustedProxies } from './http/proxy.js';

/**
 * The instance's figures for Prometheus (docs/operations.md#metrics): requests by route and status with their
 * latencies, GraphQL operations by root field, the job queues, the database pool, the event loop (Node's
 * default metrics) and the outcome of each e-mail and web push message. Label values come from bounded sets only (route patterns,
 * the schema's root fields, queue names), so a client cannot grow the series by sending odd names.
 */
export type Metrics = {
  registry: Registry;
  /** One HTTP answer: its route pattern ('unmatched' for no route), method, status and seconds. */
  httpRequest(route: string, method: string, status: number, seconds: number): void;
  /** One root field of a GraphQL request: its name, whether the answer carried errors, the request's seconds. */
  graphqlOperation(operation: string, outcome: 'ok' | 'error', seconds: number): void;
  /** One e-mail: sent by SMTP, kept in the outbox (no SMTP_URL), or failed (the job retries it). */
  mailOutcome(outcome: MailOutcome): void;
  /** Web push messages of one run: delivered, gone (the subscription was deleted) or failed after the retries. */
  pushOutcome(outcome: PushOutcome, count: number): void;
  /** One background job handled: done, or failed (pg-boss retries it). */
  jobOutcome(queue: string, outcome: 'done' | 'failed'): void;
};

export type MailOutcome = 'sent' | 'kept' | 'failed';
export type PushOutcome = 'sent' | 'gone' | 'failed';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Creates the instance's registry and instruments; the pool and the queues are read on each scrape. */
export function createMetrics(deps: { database: Database; queues: () => Promise<QueueResult[]> }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'portal_' });

  const requests = new Counter({
    name: 'portal_http_requests_total',
    help: 'HTTP answers by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'HTTP answer latency by route pattern and method.',
    labelNames: ['route', 'method'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const operations = new Counter({
    name: 'portal_graphql_operations_total',
    help: 'GraphQL operations (root fields) asked, by outcome (error: the answer carried errors).',
    labelNames: ['operation', 'outcome'],
    registers: [registry],
  });
  const operationLatency = new Histogram({
    name: 'portal_graphql_operation_duration_seconds',
    help: 'Latency of the GraphQL requests that asked for each operation (root field).',
    labelNames: ['operation'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const mail = new Counter({
    name: 'portal_mail_messages_total',
    help: 'E-mail messages by outcome (failed ones are retried).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const push = new Counter({
    name: 'portal_push_messages_total',
    help: 'Web push messages by outcome (gone: the push service said the subscription no longer exists).',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const jobOutcomes = new Counter({
    name: 'portal_jobs_handled_total',
    help: 'Background jobs handled on this instance by queue and outcome.',
    labelNames: ['queue', 'outcome'],
    registers: [registry],
  });
  new Gauge({
    name: 'portal_job_queue_jobs',
    help: 'Jobs of each queue by state (ready: runnable now; deferred: scheduled later; active; failed: retained).',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      const queues = await deps.queues().catch(() => []);
      for (const q of queues) {
        this.set({ queue: q.name, state: 'ready' }, q.readyCount);
        this.set({ queue: q.name, state: 'deferred' }, q.deferredCount);
        this.set({ queue: q.name, state: 'active' }, q.activeCount);
        this.set({ queue: q.name, state: 'failed' }, q.failedCount);
      }
    },
  });
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'Database connections of this instance by state (PGlite: one, always in use).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = deps.database.pool;
      this.set({ state: 'total' }, pool ? pool.totalCount : 1);
      this.set({ state: 'idle' }, pool ? pool.idleCount : 0);
      this.set({ state: 'waiting' }, pool ? pool.waitingCount : 0);
    },
  });

  return {
    registry,
    httpRequest(route, method, status, seconds) {
      requests.inc({ route, method, status: String(status) });
      latency.observe({ route, method }, seconds);
    },
    graphqlOperation(operation, outcome, seconds) {
      operations.inc({ operation, outcome });
      operationLatency.observe({ operation }, seconds);
    },
    mailOutcome(outcome) {
      mail.inc({ outcome });
    },
    pushOutcome(outcome, count) {
      if (count > 0) push.inc({ outcome }, count);
    },
    jobOutcome(queue, outcome) {
      jobOutcomes.inc({ queue, outcome });
    },
  };
}

/** What the GraphQL layer leaves on a request for the metrics (see `noteGraphqlOperation`). */
const graphqlNotes = new WeakMap<FastifyRequest, { fields: string[]; errored: boolean }>();

/**
 * Records the root fields a GraphQL request asks for (the schema bounds them) and, later, that its answer carried
 * errors. A request refused before execution (syntax, validation) is counted as the operation 'invalid'. A batched
 * request notes each of its operations: their fields add up.
 */
export function noteGraphqlOperation(request: FastifyRequest, note: { fields?: string[]; errored?: boolean }) {
  const current = graphqlNotes.get(request) ?? { fields: [], errored: false };
  graphqlNotes.set(request, {
    fields: note.fields ? [...new Set([...current.fields, ...note.fields])] : current.fields,
    errored: current.errored || Boolean(note.errored),
  });
}

/**
 * Counts every answer (route pattern, never the raw URL) and serves GET /metrics in the Prometheus text format,
 * only to the addresses of METRICS_ALLOW (default: this machine) or with `Authorization: Bearer METRICS_TOKEN`.
 * Anyone else gets 404, as for a missing route.
 */
export function registerMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  access: { allow: string[]; token?: string },
): void {
  const allowed = trustedProxies(access.allow);
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const seconds = reply.elapsedTime / 1000;
    metrics.httpRequest(route, request.method, reply.statusCode, seconds);
    const note = graphqlNotes.get(request);
    if (note) {
      const outcome = note.errored || reply.statusCode >= 400 ? 'error' : 'ok';
      for (const field of note.fields.length ? note.fields : ['invalid']) {
        metrics.graphqlOperation(field, outcome, seconds);
      }
    }
  });
  app.get('/metrics', async (request, reply) => {
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const byToken = Boolean(access.token && bearer) && sameSecret(bearer as string, access.token as string);
    if (!byToken && !allowed(request.ip)) return reply.code(404).send({ message: 'Not Found' });
    reply.header('content-type', metrics.registry.contentType);
    reply.header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });
}

/** Compares two secrets in constant time (their SHA-256, so lengths do not leak either). */
function sameSecret(given: string, expected: string): boolean {
  const digest = (v: string) => crypto.createHash('sha256').update(v).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}
