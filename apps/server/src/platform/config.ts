import path from 'node:path';
import { UPLOAD_MAX_BYTES } from '@portal/domain';
import { z } from 'zod';
import { isAddressOrCidr } from './http/proxy.js';

/**
 * Every environment variable the server reads, validated once at start (docs/ARCHITECTURE.md#embedded-or-scaled-out).
 * A bad value stops the start with one clear line per variable.
 */
const boolish = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/**
 * The public browser push services (decision 0034): Chrome/Edge-on-Android (FCM), Firefox, Edge/Windows (WNS) and
 * Safari. `*.` allows any name under it.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
];

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: z.url({ message: 'must be an absolute URL such as https://portal.example.com' }).optional(),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SESSION_SECRET: z.string().min(32, 'must have at least 32 characters').optional(),
    OIDC_ISSUER: z.url({ message: 'must be the issuer URL of the OpenID provider' }).optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    OIDC_API_AUDIENCE: z.string().min(1).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().default('Portal <no-reply@portal.local>'),
    DEMO_SEED: boolish,
    DEMO_LIBRARY: boolish,
    GRAPHQL_MAX_DEPTH: z.coerce.number().int().min(2).default(10),
    GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(1).default(15),
    GRAPHQL_MAX_COST: z.coerce.number().int().min(10).default(20000),
    WEB_DIST: z.string().optional(),
    UPLOAD_MAX_BYTES: z.coerce.number().int().min(1).optional(),
    UPLOAD_RETENTION_HOURS: z.coerce.number().positive().default(24),
    LIBRARY_BIN_DAYS: z.coerce.number().positive().default(30),
    S3_ENDPOINT: z.url({ message: 'must be the URL of the S3-compatible endpoint' }).optional(),
    S3_BUCKET: z.string().min(1).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: boolish,
    DEV_CLOCK: boolish,
    SCHEDULE_SWEEP_MS: z.coerce.number().int().min(100).default(5000),
    EMBEDDED_MAINTENANCE_MS: z.coerce.number().int().min(0).default(60_000),
    COMUNICADO_REMINDER_INTERVAL_HOURS: z.coerce.number().positive().default(24),
    STREAM_RECHECK_MS: z.coerce.number().int().min(100).default(25_000),
    TRUSTED_PROXIES: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean),
      )
      .refine((list) => list.every(isAddressOrCidr), 'must be comma-separated IP addresses or CIDRs'),
    GRAPHQL_MAX_TOKENS: z.coerce.number().int().min(100).default(5000),
    METRICS_ALLOW: z
      .string()
      .default('127.0.0.1,::1')
      .transform((v) =>
        v
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean),
      )
      .refine((list) => list.every(isAddressOrCidr), 'must be comma-separated IP addresses or CIDRs'),
    METRICS_TOKEN: z.string().min(24, 'must have at least 24 characters').optional(),
    USER_INACTIVITY_DAYS: z.coerce.number().int().min(1).default(90),
    INVITATION_LINK_DAYS: z.coerce.number().int().min(1).max(90).default(7),
    WEB_PUSH: z
      .enum(['true', 'false', '1', '0', ''])
      .optional()
      .transform((v) => v === undefined || v === '' || v === 'true' || v === '1'),
    PUSH_SERVICE_HOSTS: z
      .string()
      .default(DEFAULT_PUSH_SERVICE_HOSTS.join(','))
      .transform((v) =>
        v
          .split(',')
          .map((e) => e.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine(
        (list) => list.every((h) => /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(h)),
        'must be comma-separated host names, each optionally starting with *.',
      ),
    PUSH_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(50),
    PUSH_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  })
  .superRefine((v, ctx) => {
    const external = [v.OIDC_ISSUER, v.OIDC_CLIENT_ID, v.OIDC_CLIENT_SECRET].filter(Boolean).length;
    if (external > 0 && external < 3) {
      for (const key of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
        if (!v[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'is required when any OIDC_* is set' });
      }
    }
    if ((v.S3_ENDPOINT || v.S3_ACCESS_KEY_ID || v.S3_SECRET_ACCESS_KEY) && !v.S3_BUCKET)
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when any S3_* is set' });
    if (Boolean(v.S3_ACCESS_KEY_ID) !== Boolean(v.S3_SECRET_ACCESS_KEY)) {
      const missing = v.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'is required with its pair' });
    }
    if (v.NODE_ENV === 'production') {
      if (v.DEV_CLOCK)
        ctx.addIssue({ code: 'custom', path: ['DEV_CLOCK'], message: 'is for tests and demos, never in production' });
      if (!v.PUBLIC_URL) ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'is required in production' });
      if (!v.SESSION_SECRET)
        ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production' });
    }
  });

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** Public origin of the portal, without trailing slash. Derived from PORT when not set. */
  publicUrl: string;
  dataDir: string;
  databaseUrl?: string;
  logLevel: string;
  sessionSecret: string;
  /** External provider; `apiAudience` is the `aud` its access tokens carry for this API (default: client id). */
  externalOidc?: { issuer: string; clientId: string; clientSecret: string; apiAudience: string };
  smtpUrl?: string;
  mailFrom: string;
  /** Seed the demo customer on start (never when NODE_ENV=production unless DEMO_SEED=true). */
  demoSeed: boolean;
  /** With the demo customer, its demo library (files and their text extraction); the tests' portals leave it out. */
  demoLibrary: boolean;
  /** maxTokens: documents are refused while parsing past this many tokens (before any validation). */
  graphql: { maxDepth: number; maxAliases: number; maxCost: number; maxTokens: number };
  webDist: string;
  /**
   * Where uploaded files live (docs/domains/files.md#where-bytes-live): local disk under DATA_DIR/files, or an
   * S3-compatible bucket.
   */
  storage: StorageConfig;
  /**
   * Largest accepted upload in bytes (docs/domains/files.md#size-count-and-type); UPLOAD_MAX_BYTES lowers it (tests).
   */
  uploadMaxBytes: number;
  /** Uploads never placed (attached, filed) are removed after this many hours (files.jobs.ts). */
  uploadRetentionHours: number;
  /** Deleted library items stay in the bin this many days, then the purge removes them (decision 0027). */
  libraryBinDays: number;
  /** DEV_CLOCK=true: POST /api/dev/clock moves the server's clock forward (journeys of scheduled sends). */
  devClock: boolean;
  /** How often each instance looks for scheduled communications that are due. */
  scheduleSweepMs: number;
  /** On PGlite, how often the autovacuum it lacks looks at the tables (maintenance.ts, decision 0055); 0: never. */
  embeddedMaintenanceMs: number;
  /** Least time between two reminders of one communication (COMUNICADO_REMINDER_INTERVAL_HOURS, communications.reminders.ts). */
  reminderIntervalMs: number;
  /** Heartbeat of live streams: each one re-checks its session and visibility this often. */
  streamRecheckMs: number;
  /** Addresses/CIDRs whose X-Forwarded-For/-Host/-Proto are believed (none: PUBLIC_URL rules). */
  trustedProxies: string[];
  /** GET /metrics answers these client addresses/CIDRs, and any request bearing the token (metrics.ts). */
  metrics: { allow: string[]; token?: string };
  /** Users with no access for this many days are inactivated by the daily job (users.inactivity.ts). */
  userInactivityDays: number;
  /** How long a new user's invitation link (set your password) stays valid (users.invitation.ts). */
  invitationLinkDays: number;
  /** Web push (docs/domains/notifications.md#web-push, decision 0034). */
  push: PushConfig;
};

export type PushConfig = {
  /** WEB_PUSH=false turns web push off: no public key, no subscription kept, nothing sent. */
  enabled: boolean;
  /** Push service hosts an endpoint may name (PUSH_SERVICE_HOSTS); `*.example.com` allows any name under it. */
  allowedHosts: string[];
  /** Pushes in flight at once per worker (PUSH_CONCURRENCY). */
  concurrency: number;
  /** Each push request's time limit (PUSH_TIMEOUT_MS). */
  timeoutMs: number;
  /** First wait before a retry of a transient failure (doubling each time); tests shorten it. */
  retryDelayMs: number;
  /**
   * Tests and the benchmark only: no variable sets it. Endpoints on exactly this origin (e.g. a local
   * http receiver) skip the address and allow-list checks.
   */
  testOrigin?: string;
};

export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint?: string;
      /** Static credentials; without them the SDK's default chain (instance role, env) applies. */
      credentials?: { accessKeyId: string; secretAccessKey: string };
      forcePathStyle: boolean;
    };

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/** Reads and validates the environment. Throws ConfigError listing every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'environment'} ${i.message}`));
  }
  const v = parsed.data;
  const port = overrides.port ?? v.PORT;
  const config: Config = {
    env: v.NODE_ENV,
    port,
    host: v.HOST,
    publicUrl: (v.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    dataDir: path.resolve(v.DATA_DIR),
    databaseUrl: v.DATABASE_URL,
    logLevel: v.LOG_LEVEL,
    sessionSecret: v.SESSION_SECRET ?? 'development-only-session-secret-change-me!!',
    externalOidc: v.OIDC_ISSUER
      ? {
          issuer: v.OIDC_ISSUER,
          clientId: v.OIDC_CLIENT_ID as string,
          clientSecret: v.OIDC_CLIENT_SECRET as string,
          apiAudience: v.OIDC_API_AUDIENCE ?? (v.OIDC_CLIENT_ID as string),
        }
      : undefined,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    demoSeed: env.DEMO_SEED === undefined ? v.NODE_ENV !== 'production' : v.DEMO_SEED,
    demoLibrary: env.DEMO_LIBRARY === undefined ? true : v.DEMO_LIBRARY,
    graphql: {
      maxDepth: v.GRAPHQL_MAX_DEPTH,
      maxAliases: v.GRAPHQL_MAX_ALIASES,
      maxCost: v.GRAPHQL_MAX_COST,
      maxTokens: v.GRAPHQL_MAX_TOKENS,
    },
    webDist: path.resolve(v.WEB_DIST ?? new URL('../../../web/dist', import.meta.url).pathname),
    storage: v.S3_BUCKET
      ? {
          kind: 's3',
          bucket: v.S3_BUCKET,
          region: v.S3_REGION,
          endpoint: v.S3_ENDPOINT,
          credentials:
            v.S3_ACCESS_KEY_ID && v.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: v.S3_ACCESS_KEY_ID, secretAccessKey: v.S3_SECRET_ACCESS_KEY }
              : undefined,
          forcePathStyle: v.S3_FORCE_PATH_STYLE,
        }
      : { kind: 'local', dir: path.join(path.resolve(v.DATA_DIR), 'files') },
    uploadMaxBytes: v.UPLOAD_MAX_BYTES ?? UPLOAD_MAX_BYTES,
    uploadRetentionHours: v.UPLOAD_RETENTION_HOURS,
    libraryBinDays: v.LIBRARY_BIN_DAYS,
    devClock: v.DEV_CLOCK,
    scheduleSweepMs: v.SCHEDULE_SWEEP_MS,
    embeddedMaintenanceMs: v.EMBEDDED_MAINTENANCE_MS,
    reminderIntervalMs: v.COMUNICADO_REMINDER_INTERVAL_HOURS * 3_600_000,
    streamRecheckMs: v.STREAM_RECHECK_MS,
    trustedProxies: v.TRUSTED_PROXIES,
    metrics: { allow: v.METRICS_ALLOW, token: v.METRICS_TOKEN },
    userInactivityDays: v.USER_INACTIVITY_DAYS,
    invitationLinkDays: v.INVITATION_LINK_DAYS,
    push: {
      enabled: v.WEB_PUSH,
      allowedHosts: v.PUSH_SERVICE_HOSTS,
      concurrency: v.PUSH_CONCURRENCY,
      timeoutMs: v.PUSH_TIMEOUT_MS,
      retryDelayMs: 1_000,
    },
  };
  return { ...config, ...overrides };
}
