import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../scripts/build.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { signIn } from './browserless.js';
import { freePort, freshPostgresDatabase, onPostgres } from './harness.js';

// The server as `npm start` runs it since decision 0045: built by scripts/build.ts, run by plain node (no tsx).

const serverDir = fileURLToPath(new URL('..', import.meta.url));
let outdir: string;
let webDist: string;

beforeAll(async () => {
  // Inside apps/server so the bundle's imports of npm packages resolve from node_modules as dist/'s do.
  outdir = fs.mkdtempSync(path.join(serverDir, '.build-test-'));
  await buildServer(outdir);
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-built-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Portal</title>');
  const chunk = 'export const x = 1;\n'.repeat(200);
  fs.writeFileSync(path.join(webDist, 'assets', 'index-Q1w2E3.js'), chunk);
  fs.writeFileSync(path.join(webDist, 'assets', 'index-Q1w2E3.js.br'), zlib.brotliCompressSync(chunk));
  fs.writeFileSync(path.join(webDist, 'assets', 'index-Q1w2E3.js.gz'), zlib.gzipSync(chunk));
}, 60_000);

afterAll(() => {
  fs.rmSync(outdir, { recursive: true, force: true });
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the built server', () => {
  it('bundles the server, the workspace and npm packages into JavaScript, native and data-bearing packages left as imports', () => {
    const bundle = fs.readFileSync(path.join(outdir, 'portal.cjs'), 'utf8');
    // One file to compile instead of some 1,800 to find and read at each start (decision 0056).
    expect(bundle).not.toMatch(/require\("fastify"\)/);
    expect(bundle).not.toMatch(/require\("graphql"\)/);
    expect(bundle).toMatch(/require\("@electric-sql\/pglite"\)/);
    expect(bundle).toMatch(/require\("@node-rs\/argon2"\)/);
    expect(bundle).not.toMatch(/require\("@portal\//);
    expect(bundle).not.toMatch(/require\("tsx|import\(/);
    // The S3 client stays lazy: it is required only inside the S3 storage's module, which runs when STORAGE_DRIVER=s3.
    const s3 = [...bundle.matchAll(/require\("@aws-sdk\/client-s3"\)/g)];
    expect(s3).toHaveLength(1);
    const before = bundle.slice(0, s3[0].index);
    const init = [...before.matchAll(/"[^"]*src\/platform\/storage-s3\.ts"\(\)\{/g)];
    expect(init).toHaveLength(1);
    expect(before.slice(init[0].index)).not.toMatch(/__esm\(|__commonJS\(/);
    // The entry is the small loader that compiles the bundle with V8's code cache (decision 0062).
    expect(fs.readFileSync(path.join(outdir, 'main.js'), 'utf8')).toContain('cachedData');
  });

  it('starts with plain node: migrations, the modules SDL and the web build are found from the bundle; a restart reads the code cache the first start wrote', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-built-'));
    const database = onPostgres ? await freshPostgresDatabase() : undefined;
    const codeCache = path.join(outdir, 'portal.cjs.cache');
    let child: ChildProcess | undefined;
    /** `node <outdir>/main.js` as `npm start` runs it; resolves once the portal says it is ready. */
    const start = async () => {
      const started = spawn(process.execPath, [path.join(outdir, 'main.js')], {
        cwd: serverDir,
        env: {
          PATH: process.env.PATH ?? '',
          LOG_LEVEL: 'warn',
          PORT: String(port),
          // The provider's issuer and the sign-in's redirects name the address the test calls.
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATA_DIR: dataDir,
          WEB_DIST: webDist,
          ...(database ? { DATABASE_URL: database.url } : {}),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = started;
      let output = '';
      const exited = new Promise<number | null>((resolve) => started.once('exit', (code) => resolve(code)));
      await new Promise<void>((resolve, reject) => {
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Portal ready at')) resolve();
        };
        started.stdout?.on('data', onData);
        started.stderr?.on('data', onData);
        void exited.then((code) => reject(new Error(`exited with ${code} before ready:\n${output}`)));
      });
      return { child: started, exited };
    };
    try {
      expect(fs.existsSync(codeCache)).toBe(false);
      const { exited } = await start();
      const base = `http://127.0.0.1:${port}`;
      const ready = await fetch(`${base}/readyz`);
      expect(await ready.json()).toEqual({ status: 'ok', database: 'ok', jobs: 'ok', events: 'ok' });
      const ping = await fetch(`${base}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ ping }' }),
      });
      expect(((await ping.json()) as { data?: unknown }).data).toBeTruthy();
      // The real sign-in flow through the bundled provider and client (oidc-provider reads its classes' names).
      const { client } = await signIn(base, 'dealer@portal.demo', DEMO_PASSWORD);
      const me = await client.fetch(`${base}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ query: '{ usuarioLogado { email } }' }),
      });
      expect(await me.json()).toEqual({ data: { usuarioLogado: { email: 'dealer@portal.demo' } } });
      const props = await fetch(`${base}/portalProperties`);
      expect(props.status).toBe(200);
      const asset = await fetch(`${base}/assets/index-Q1w2E3.js`, { headers: { 'accept-encoding': 'br' } });
      expect(asset.headers.get('content-encoding')).toBe('br');
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      // A bundled package's own files (mercurius's GraphiQL page, read beside its code) are still found.
      const graphiql = await fetch(`${base}/graphiql`);
      expect(graphiql.status).toBe(200);
      expect(await graphiql.text()).toMatch(/<html/i);
      const page = await fetch(`${base}/home`);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(await page.text()).toContain('<title>Portal</title>');
      child?.kill('SIGTERM');
      expect(await exited).toBe(0);

      // The first start wrote V8's code cache of the bundle once it was up (decision 0062)...
      const written = fs.statSync(codeCache);
      expect(written.size).toBeGreaterThan(1_000_000);
      // ...and the restart reads it: V8 accepts it (same Node, same flags, same bundle), so it is not written again.
      const restart = await start();
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const after = fs.statSync(codeCache);
      expect([after.ino, after.mtimeMs]).toEqual([written.ino, written.mtimeMs]);
      restart.child.kill('SIGTERM');
      expect(await restart.exited).toBe(0);
    } finally {
      if (child && child.exitCode === null) child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    }
  }, 120_000);
});
