import type { FastifyInstance } from 'fastify';
import type { ActionContext } from './actions.js';
import type { Authenticate } from './auth/authenticate.js';
import type { ModuleGuards } from './graphql/guards.js';
import type { Services } from './services.js';

/** What a module's REST routes receive when the server starts. */
export type RouteContext = { app: FastifyInstance; services: Services; authenticate: Authenticate };

/** What a module's workers receive when the server starts. */
export type JobContext = {
  services: Services;
  /** Logs a failure of background work (jobs, sweeps). */
  log: (err: unknown, msg: string) => void;
  /** Runs `stop` when the server closes (timers of this instance). */
  onClose(stop: () => void): void;
};

/**
 * A module's part of the demo customer (DEMO_SEED; `src/seed/demo.ts` runs the parts). Idempotent:
 * every start runs it, so it creates only what is missing (found by natural keys) and never overwrites
 * what a person changed. It writes through the module's own actions where they exist.
 */
export type ModuleSeed = {
  /** Names of the modules whose part must run first (what this part links to, e.g. `['products']`). */
  after?: string[];
  /** Job queues the part sends to (through its actions): created before the seed's transaction (`Jobs.prepare`). */
  queues?: string[];
  /** Writes the part as the system, in the seed's one transaction (`ctx.db`). */
  run(ctx: ActionContext): Promise<void>;
};

/**
 * One domain module as the server sees it (decision 0010): everything it contributes, declared in its
 * `modules/<domain>/index.ts` and listed once in `modules/index.ts`. The platform wires the list and
 * knows no module by name. Tables are not listed: drizzle-kit finds every `*.tables.ts`.
 */
/**
 * A session read's SQL text: `refs.user` is the user's id and `refs.now` the business clock's now (a timestamptz), as
 * SQL expressions; `args` are the field's arguments as the request gives them (literals and variables, unchecked).
 */
export type SessionReadSql = (
  refs: { user: string; now: string },
  args: Readonly<Record<string, unknown>>,
) => string | null;

export type PortalModule = {
  /** The module's folder under `modules/` (codegen mapper paths are relative to it). */
  name: string;
  /**
   * The module's SDL file (`new URL('./<domain>.graphql', import.meta.url)`), or several when parts of
   * the module are worked on apart (notifications: the bell's and the generic notifications').
   */
  sdl?: URL | URL[];
  resolvers?: Record<string, any>;
  /** The guard of every root field of `resolvers` (an unguarded one refuses to start the server). */
  guards?: ModuleGuards;
  /** Batched field resolvers, by type and field: each answers every parent of its field in one tick of a request (graphql/loaders.ts). */
  loaders?: Record<string, Record<string, any>>;
  /** One valid document per root field ('Query.name' -> document): the deny tests run each. */
  samples?: Record<string, string>;
  /**
   * Root query fields read with the request's user (docs/ARCHITECTURE.md, "Following a request"; decision 0060): the
   * SQL text of the field's value for the arguments the document gives it, or null when those arguments are not read
   * this way (out of range, of a kind the text cannot take). For a request of queries asking such a field, the
   * platform adds the value to the statement that loads the session and its user, and the field's resolver takes it
   * with `preloaded(ctx, field, args)` instead of a round trip of its own.
   */
  sessionReads?: Record<string, SessionReadSql>;
  /** graphql-codegen mappers: GraphQL type -> './<file>.js#RowType' relative to the module's folder. */
  mappers?: Record<string, string>;
  /** REST routes and streams, registered after the GraphQL API. */
  routes?(context: RouteContext): void | Promise<void>;
  /** Starts the module's workers and schedules on this instance. */
  jobs?(context: JobContext): Promise<void>;
  /** Its part of the demo customer, when it has demo data. */
  seed?: ModuleSeed;
};
