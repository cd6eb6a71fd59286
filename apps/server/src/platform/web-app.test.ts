import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerWebApp } from './app.js';

// A build as apps/web/scripts/precompress.ts leaves it: a hashed chunk with its .br and .gz copies.
const SCRIPT = `export const greeting = ${JSON.stringify('olá '.repeat(500))};\n`;
let dist: string;
let app: FastifyInstance;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Portal</title>');
  const chunk = path.join(dist, 'assets', 'index-AbC123.js');
  fs.writeFileSync(chunk, SCRIPT);
  fs.writeFileSync(`${chunk}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${chunk}.gz`, zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(dist, 'assets', 'plain-XyZ789.css'), 'body{margin:0}');
  const worker = `self.addEventListener('fetch', () => {});\n${'// precache\n'.repeat(200)}`;
  fs.writeFileSync(path.join(dist, 'sw-portal.js'), worker);
  fs.writeFileSync(path.join(dist, 'sw-portal.js.br'), zlib.brotliCompressSync(worker));
  fs.writeFileSync(path.join(dist, 'sw-portal.js.gz'), zlib.gzipSync(worker));
  app = Fastify();
  registerWebApp(app, dist);
  await app.ready();
});

afterAll(async () => {
  await app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'GET',
    url,
    headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...headers },
  });

describe('registerWebApp', () => {
  it('serves the service worker at the root as JavaScript, revalidated on every update check', async () => {
    const res = await get('/sw-portal.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('sends the Brotli copy of an asset to a browser that accepts it, cached for a year', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy when only gzip is accepted', async () => {
    const res = await get('/assets/index-AbC123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the file as it is when no encoding is accepted, or when it has no compressed copy', async () => {
    const identity = await get('/assets/index-AbC123.js');
    expect(identity.statusCode).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers.vary).toBe('Accept-Encoding');
    expect(identity.body).toBe(SCRIPT);

    const small = await get('/assets/plain-XyZ789.css', 'br, gzip');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('body{margin:0}');
  });

  it('revalidates index.html on every visit and answers a missing chunk with a 404, not the page', async () => {
    const page = await get('/home', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<title>Portal</title>');

    const missing = await get('/assets/old-chunk-000.js', 'br');
    expect(missing.statusCode).toBe(404);
  });

  it('serves the page itself at / and at a client route, uncompressed below 1 KB, revalidated by ETag (304)', async () => {
    for (const url of ['/', '/biblioteca/pasta/1']) {
      const page = await get(url, 'gzip, br');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-encoding']).toBeUndefined();
      expect(page.headers.etag).toBeTruthy();
      const again = await get(url, 'gzip, br', { 'if-none-match': String(page.headers.etag) });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
  });

  it('answers a conditional request for an asset with 304, each encoding with an ETag of its own', async () => {
    const br = await get('/assets/index-AbC123.js', 'br');
    const gz = await get('/assets/index-AbC123.js', 'gzip');
    const plain = await get('/assets/index-AbC123.js');
    const tags = [br, gz, plain].map((r) => r.headers.etag);
    expect(new Set(tags).size).toBe(3);

    const again = await get('/assets/index-AbC123.js', 'br', { 'if-none-match': String(br.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // A copy cached under another encoding is not this one: the whole file is sent again.
    const other = await get('/assets/index-AbC123.js', 'br', { 'if-none-match': String(gz.headers.etag) });
    expect(other.statusCode).toBe(200);
    expect(other.headers['content-encoding']).toBe('br');
  });

  it('sends the service worker compressed when it has copies, still revalidated', async () => {
    const worker = await get('/sw-portal.js', 'gzip');
    expect(worker.headers['content-encoding']).toBe('gzip');
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers.vary).toBe('Accept-Encoding');
  });
});
