/**
 * The portal under load, in its own process so the load generator does not share its event loop.
 * Started by run.ts with PORT set (and DATABASE_URL for PostgreSQL; without it, PGlite in memory).
 * With BENCH_SEED_HOME=1 it first seeds the /home data scenario (bench/src/home-seed.ts; BENCH_HOME_LIBRARY_ITEMS
 * library items, default 20,000) in its own database.
 * Prints one line `READY <url> <database kind>` on stdout once it listens on 127.0.0.1; closes on
 * SIGTERM/SIGINT or when its parent goes away (stdin closes).
 */

import { businessDay } from '@portal/domain';
import pg from 'pg';
import { loadConfig } from '../../apps/server/src/platform/config.js';
import { buildPortal } from '../../apps/server/src/server.js';
import { seedHome } from './home-seed.js';
import type { Exec } from './library-seed.js';

type Portal = Awaited<ReturnType<typeof buildPortal>>;

/**
 * Seeds the /home scenario through one connection of its own (the seed sets session options that must
 * not leak into the portal's pool), or through the in-process PGlite.
 */
async function seedHomeData(portal: Portal, databaseUrl: string | undefined) {
  const items = Number(process.env.BENCH_HOME_LIBRARY_ITEMS || 20_000);
  const today = businessDay(portal.services.clock.now());
  const log = (msg: string) => process.stdout.write(`${msg}\n`);
  const database = portal.services.database;
  if (database.kind === 'pglite') {
    const exec: Exec = async (text) => ((await database.pglite!.exec(text)).at(-1)?.rows ?? []) as never;
    await seedHome(exec, today, items, log);
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const exec: Exec = async (text) => {
      const result = (await client.query(text)) as pg.QueryResult | pg.QueryResult[];
      return (Array.isArray(result) ? result.at(-1)! : result).rows;
    };
    await seedHome(exec, today, items, log);
  } finally {
    await client.end();
  }
}

async function main() {
  const port = Number(process.env.PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error('bench server: PORT must be set');
  const url = `http://127.0.0.1:${port}`;
  // The public URL is the OIDC issuer base and the CSRF origin: it must be where the server really listens.
  const config = loadConfig({ ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url });
  const portal = await buildPortal({ config, inMemory: !config.databaseUrl });
  if (process.env.BENCH_SEED_HOME === '1') await seedHomeData(portal, config.databaseUrl);
  await portal.app.listen({ port, host: '127.0.0.1' });
  process.stdout.write(`READY ${url} ${portal.services.database.kind}\n`);

  let closing = false;
  const shutdown = async () => {
    if (closing) return;
    closing = true;
    setTimeout(() => process.exit(1), 10_000).unref();
    await portal.close().catch(() => {});
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  process.stdin.on('end', () => void shutdown());
  process.stdin.resume();
}

main().catch((err) => {
  console.error('bench server failed to start:', err);
  process.exit(1);
});
