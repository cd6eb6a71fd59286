import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { ClientMetadata } from 'oidc-provider';
import { createAuthenticator } from './auth/authenticate.js';
import { createBearerVerifier } from './auth/bearer.js';
import { registerBffRoutes } from './auth/bff.js';
import { startSignInHousekeeping } from './auth/housekeeping.js';
import { registerInteractionRoutes } from './auth/interactions.js';
import { createOidcClient } from './auth/oidc-client.js';
import { startPasswordResetJob } from './auth/password-reset.js';
import { createProvider } from './auth/provider.js';
import { loadProviderSecrets } from './auth/secrets.js';
import { createCache } from './cache.js';
import { registerClientErrorRoute } from './client-errors.js';
import { createClock } from './clock.js';
import type { Config } from './config.js';
import { migrate, openDatabase } from './db.js';
import type { DomainPorts } from './domain-ports.js';
import { startEvents } from './events.js';
import { registerGraphQL } from './graphql/register.js';
import { registerForwardedHeaders, trustedProxies } from './http/proxy.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { type Jobs, startJobs } from './jobs.js';
import { loggerOptions } from './logger.js';
import { startMailer } from './mail.js';
import { startEmbeddedMaintenance } from './maintenance.js';
import { createMetrics, registerMetrics } from './metrics.js';
import type { PortalModule } from './module.js';
import type { Services } from './services.js';
import { createStorage } from './storage.js';

/** How long shutdown waits for open connections before cutting them. */
const CLOSE_GRACE_MS = 5_000;

export type PortalApp = { app: FastifyInstance; services: Services; close(): Promise<void> };

export type BuildOptions = {
  config: Config;
  /** The domain modules, in the order they are wired (`modules/index.ts`). */
  modules: PortalModule[];
  /** What the platform asks of the modules (users for sign-in, audit, the portal's look, demo seed). */
  domain: DomainPorts;
  /** Extra first-party clients of the embedded provider (tests: a portal using this one as external). */
  extraClients?: ClientMetadata[];
  /** Use an in-memory PGlite instead of DATA_DIR (tests). */
  inMemory?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
};

/**
 * Builds the whole server (docs/ARCHITECTURE.md#embedded-or-scaled-out): database and migrations, jobs, live events,
 * mail, the embedded provider, sign-in routes, the GraphQL API and REST routes of the given modules, their jobs, health
 * probes and the built web app. The composition root (`src/server.ts`) passes modules and ports.
 */
export async function buildApp(opts: BuildOptions): Promise<PortalApp> {
  const { config, modules, domain } = opts;
  const isTrustedProxy = trustedProxies(config.trustedProxies);
  const logger = loggerOptions(config);
  const app = Fastify({
    logger: opts.logStream && typeof logger === 'object' ? { ...logger, stream: opts.logStream } : logger,
    // X-Forwarded-* only from TRUSTED_PROXIES; otherwise request.ip is the socket's address.
    trustProxy: isTrustedProxy,
    genReqId: (req) => (req.headers['x-request-id'] as string) || crypto.randomUUID(),
    requestIdHeader: 'x-request-id',
    bodyLimit: 1_048_576,
  });
  const log = (obj: object, msg: string) => app.log.info(obj, msg);
  registerForwardedHeaders(app, config.publicUrl, isTrustedProxy);
  registerSecurityHeaders(app, { publicUrl: config.publicUrl, graphiql: config.env !== 'production' });
  // Every answer names its request id, the key to its log lines.
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: opts.inMemory ? 'memory://' : path.join(config.dataDir, 'db'),
  });
  await migrate(database);
  // The instance's figures (GET /metrics): every answer is counted, so the hook goes on before any route.
  const metrics = createMetrics({ database, queues: () => jobs.boss.getQueues() });
  registerMetrics(app, metrics, config.metrics);
  const jobs: Jobs = await startJobs(database, {
    log: (msg, err) => app.log.error({ err }, msg),
    onOutcome: (queue, outcome) => metrics.jobOutcome(queue, outcome),
  });
  const events = await startEvents(database);
  const mailer = await startMailer({
    db: database.db,
    jobs,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    // Mail is signed with the portal's name (MAIL_FROM's address), read when each message goes out.
    fromName: async () => (await domain.look(services))?.name,
    log,
    onOutcome: (outcome) => metrics.mailOutcome(outcome),
  });
  const storage = await createStorage(config.storage);
  const services: Services = {
    config,
    database,
    db: database.db,
    events,
    jobs,
    mailer,
    cache: createCache(),
    storage,
    clock: createClock(),
    metrics,
  };
  if (config.demoSeed) await domain.seedDemo(services);
  await startSignInHousekeeping(services);

  await app.register(cookie);
  await app.register(formbody);

  const secrets = await loadProviderSecrets(database.db);
  const internalOrigin = () => {
    const address = app.server.address();
    return address && typeof address === 'object' ? `http://127.0.0.1:${address.port}` : undefined;
  };
  const oidc = createOidcClient(config, internalOrigin);
  const authenticate = createAuthenticator({
    database,
    users: domain.users,
    oidc,
    verifyBearer: createBearerVerifier(config, oidc, secrets, database.db),
    log,
  });

  if (!config.externalOidc) {
    const provider = createProvider({
      config,
      db: database.db,
      secrets,
      extraClients: opts.extraClients,
      users: domain.users,
      portalName: async () => {
        const look = await domain.look(services);
        return { name: look?.name ?? 'Portal', theme: look?.theme ?? 'blueOcean' };
      },
    });
    provider.on('server_error', (_ctx, err) => app.log.error({ err }, 'oidc provider error'));
    registerInteractionRoutes(app, services, provider, domain);
    await startPasswordResetJob(services, domain);
    const callback = provider.callback();
    // The provider reads its own request bodies: mount it where Fastify does not parse them.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
      scope.all('/oidc/*', (request, reply) => {
        reply.hijack();
        // As express would when mounting: oidc-provider derives its mount path from originalUrl.
        (request.raw as typeof request.raw & { originalUrl?: string }).originalUrl = request.raw.url;
        request.raw.url = request.raw.url?.replace(/^\/oidc/, '') || '/';
        callback(request.raw, reply.raw);
      });
    });
  }

  registerBffRoutes(app, services, oidc, authenticate, domain);
  registerClientErrorRoute(app);
  await registerGraphQL(app, services, authenticate, modules);
  for (const m of modules) await m.routes?.({ app, services, authenticate });
  for (const m of modules) {
    await m.jobs?.({
      services,
      log: (err, msg) => app.log.error({ err }, msg),
      onClose: (stop) => app.addHook('onClose', async () => stop()),
    });
  }

  // PGlite has no autovacuum: the portal runs its thresholds itself (decision 0055).
  const stopMaintenance = startEmbeddedMaintenance(database, config.embeddedMaintenanceMs, (err) =>
    app.log.error({ err }, 'embedded database maintenance failed'),
  );

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    // Each check answers within READY_TIMEOUT_MS: a database that went silent is "fail", not a hung probe.
    const within = (check: Promise<unknown>) =>
      Promise.race([check, new Promise((_, reject) => setTimeout(reject, READY_TIMEOUT_MS).unref())]);
    const checks = await Promise.allSettled(
      [database.db.execute('select 1' as never), jobs.ready(), events.ready()].map(within),
    );
    const [db, queue, live] = checks.map((c) => (c.status === 'fulfilled' && c.value !== false ? 'ok' : 'fail'));
    const ok = db === 'ok' && queue === 'ok' && live === 'ok';
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'fail', database: db, jobs: queue, events: live });
  });

  registerWebApp(app, config.webDist);

  return {
    app,
    services,
    async close() {
      // In-flight requests get a few seconds; keep-alive sockets that turn idle only after close began
      // (the server's own loopback calls to its provider, clients that left a body unread) would
      // otherwise hold the close forever.
      const force = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
      await app.close();
      clearTimeout(force);
      await jobs.stop().catch(() => {});
      await events.close();
      await stopMaintenance();
      await database.close();
    },
  };
}

/** How long each readiness check may take (a load balancer's probe usually waits a few seconds). */
const READY_TIMEOUT_MS = 2_000;

const SERVER_PREFIXES = ['/api/', '/oidc/', '/auth/', '/healthz', '/readyz', '/portalProperties'];

/**
 * Serves the built React app. Unknown page paths get index.html (client-side routes); a missing file
 * (an old chunk after a deploy, a favicon) gets a real 404, never HTML in place of JavaScript. The
 * build writes Brotli and gzip copies beside its text files (apps/web/scripts/precompress.ts); they
 * are sent to browsers that accept them (`Vary: Accept-Encoding`). Hashed assets are cached for a year
 * (immutable); everything else, index.html and /sw-portal.js included, is revalidated on each use
 * (`no-cache`: index.html names the current chunks), which costs a 304 thanks to the ETag.
 */
export function registerWebApp(app: FastifyInstance, webDist: string) {
  const index = path.join(webDist, 'index.html');
  // Vite's hashed files: their name changes with their content, so a cached copy never goes stale.
  const hashedAssets = path.join(path.resolve(webDist), 'assets') + path.sep;
  // Through @fastify/static as every other file: ETag and Last-Modified, so a revalidation is a 304.
  const sendIndex = (reply: FastifyReply) => reply.type('text/html; charset=utf-8').sendFile('index.html');
  if (fs.existsSync(index)) {
    app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        res.setHeader('vary', 'Accept-Encoding');
        res.setHeader(
          'cache-control',
          filePath.startsWith(hashedAssets) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    app.get('/', (_request, reply) => sendIndex(reply));
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    const isFile = pathname.startsWith('/assets/') || /\.[a-z0-9]+$/i.test(pathname);
    const isPage = request.method === 'GET' && !isFile && !SERVER_PREFIXES.some((p) => pathname.startsWith(p));
    if (isPage && fs.existsSync(index)) return sendIndex(reply);
    return reply.code(404).send({ error: 'NOT_FOUND' });
  });
}
