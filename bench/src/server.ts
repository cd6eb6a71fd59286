/**
 * The portal under load, in its own process so the load generator does not share its event loop.
 * Started by run.ts with PORT set (and DATABASE_URL for PostgreSQL; without it, PGlite in memory).
 * Prints one line `READY <url> <database kind>` on stdout once it listens on 127.0.0.1; closes on
 * SIGTERM/SIGINT or when its parent goes away (stdin closes).
 */

import { loadConfig } from '../../apps/server/src/platform/config.js';
import { buildPortal } from '../../apps/server/src/server.js';

async function main() {
  const port = Number(process.env.PORT);
  if (!Number.isInteger(port) || port <= 0) throw new Error('bench server: PORT must be set');
  const url = `http://127.0.0.1:${port}`;
  // The public URL is the OIDC issuer base and the CSRF origin: it must be where the server really listens.
  const config = loadConfig({ ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url });
  const portal = await buildPortal({ config, inMemory: !config.databaseUrl });
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
