import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ConfigError, loadConfig } from './platform/config.js';
import { DEMO_PASSWORD, DEMO_USERS } from './seed/demo.js';
import { buildPortal } from './server.js';

/**
 * Starts the portal. When the configuration or the database is unusable, it prints why and serves
 * the web app in maintenance mode (GET /portalProperties answers 503, the app shows the maintenance
 * page) instead of dying silently behind a load balancer.
 */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    return serveMaintenance(Number(process.env.PORT) || 3000, err.message);
  }
  let portal: Awaited<ReturnType<typeof buildPortal>>;
  try {
    portal = await buildPortal({ config });
  } catch (err) {
    console.error('The portal could not start:', err);
    return serveMaintenance(config.port, String(err));
  }
  await portal.app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `Portal ready at ${config.publicUrl}  (database: ${portal.services.database.kind}${config.databaseUrl ? '' : `, data in ${config.dataDir}`})`,
  ];
  if (config.demoSeed) {
    lines.push(`Demo sign-ins (password ${DEMO_PASSWORD}):`);
    for (const u of DEMO_USERS) lines.push(`  ${u.email.padEnd(24)} ${u.resumo}`);
  }
  console.log(lines.join('\n'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    portal.app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    await portal.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

function serveMaintenance(port: number, reason: string) {
  const webDist = path.resolve(process.env.WEB_DIST ?? new URL('../../web/dist', import.meta.url).pathname);
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/portalProperties' || url.pathname.startsWith('/api/') || url.pathname === '/readyz') {
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '30' });
      return res.end(JSON.stringify({ error: 'MAINTENANCE' }));
    }
    if (url.pathname === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ status: 'maintenance' }));
    }
    const file = path.join(webDist, path.normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''));
    const target =
      file.startsWith(webDist) && fs.existsSync(file) && fs.statSync(file).isFile()
        ? file
        : path.join(webDist, 'index.html');
    if (!fs.existsSync(target)) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end('Atualização em Curso');
    }
    const type = target.endsWith('.js')
      ? 'text/javascript'
      : target.endsWith('.css')
        ? 'text/css'
        : target.endsWith('.html')
          ? 'text/html; charset=utf-8'
          : 'application/octet-stream';
    res.writeHead(200, { 'content-type': type });
    fs.createReadStream(target).pipe(res);
  });
  server.listen(port, () => console.error(`Maintenance mode on port ${port}: ${reason.split('\n')[0]}`));
}

void main();
