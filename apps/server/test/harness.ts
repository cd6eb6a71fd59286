import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ClientMetadata } from 'oidc-provider';
import pg from 'pg';
import { vi } from 'vitest';
import type { PortalApp } from '../src/platform/app.js';
import { type Config, loadConfig } from '../src/platform/config.js';
import { buildPortal } from '../src/server.js';

/** PostgreSQL admin URL when the suite runs against PostgreSQL; undefined on PGlite. */
export const TEST_PG_URL = process.env.TEST_PG_URL;
export const onPostgres = Boolean(TEST_PG_URL);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Creates an empty PostgreSQL database for one test file; returns its URL and a drop function. */
export async function freshPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new pg.Client({ connectionString: TEST_PG_URL });
  await admin.connect();
  const name = `portal_t_${crypto.randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_PG_URL as string);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const c = new pg.Client({ connectionString: TEST_PG_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export type TestPortal = PortalApp & { baseUrl: string; port: number; stop(): Promise<void> };

/**
 * The statements the portal sends to its database while `work` runs, each as its name and text (PostgreSQL's pool)
 * or its text (PGlite): to check what a request reads, and in how many round trips.
 */
export async function statementsDuring(portal: PortalApp, work: () => Promise<unknown>): Promise<string[]> {
  const { database } = portal.services;
  const target = (database.pool ?? database.pglite) as unknown as { query: (...args: unknown[]) => unknown };
  const spy = vi.spyOn(target, 'query');
  try {
    await work();
    return spy.mock.calls.map(([query]) =>
      typeof query === 'string'
        ? query
        : `${(query as { name?: string }).name ?? ''} ${(query as { text: string }).text}`,
    );
  } finally {
    spy.mockRestore();
  }
}

/**
 * Starts a real portal (HTTP on 127.0.0.1) with the demo data, on PGlite in memory or on the given /
 * a fresh PostgreSQL database. Everything is real: provider, sessions, jobs, GraphQL.
 */
export async function startTestPortal(
  opts: {
    env?: Record<string, string>;
    databaseUrl?: string;
    /** PGlite on disk in this directory instead of in memory (restart tests). */
    dataDir?: string;
    extraClients?: ClientMetadata[];
    port?: number;
    /** Receives the server's JSON log lines (tests that check what is logged; set LOG_LEVEL in env). */
    logStream?: { write(line: string): void };
    /** Settings no variable sets (the web push test origin); applied over the environment's. */
    config?: Partial<Config>;
  } = {},
): Promise<TestPortal> {
  const port = opts.port ?? (await freePort());
  let database: { url: string; drop(): Promise<void> } | undefined;
  let databaseUrl = opts.databaseUrl;
  if (!databaseUrl && onPostgres) {
    database = await freshPostgresDatabase();
    databaseUrl = database.url;
  }
  // A portal given no DATA_DIR keeps its uploads in a folder of its own: test files run in parallel processes, and
  // each portal's start clears the incoming folder of its storage (a shared ./data/files lost others' uploads).
  const ownFiles =
    opts.dataDir || opts.env?.DATA_DIR ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-files-'));
  const config = loadConfig(
    {
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DEMO_SEED: 'true',
      // The demo library (10 files, their text extraction) only where a test asks for it (library-demo.test.ts).
      DEMO_LIBRARY: 'false',
      NODE_ENV: 'test',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      ...(opts.dataDir ? { DATA_DIR: opts.dataDir } : {}),
      ...(ownFiles ? { DATA_DIR: ownFiles } : {}),
      ...opts.env,
    },
    opts.config,
  );
  const inMemory = !databaseUrl && !opts.dataDir;
  const portal = await buildPortal({ config, inMemory, extraClients: opts.extraClients, logStream: opts.logStream });
  await portal.app.listen({ port, host: '127.0.0.1' });
  return {
    ...portal,
    port,
    baseUrl: config.publicUrl,
    async stop() {
      await portal.close();
      await database?.drop();
      if (ownFiles) fs.rmSync(ownFiles, { recursive: true, force: true });
    },
  };
}

/** Every file under a directory (recursively), as relative paths: what an upload left on disk. */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}
