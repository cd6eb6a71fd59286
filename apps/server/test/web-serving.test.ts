import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from './harness.js';

describe('serving the built web app', () => {
  let portal: TestPortal;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
    portal = await startTestPortal({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await portal?.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('answers client-side routes with index.html', async () => {
    for (const route of ['/', '/home', '/dealers/42', '/nao-existe']) {
      const res = await fetch(`${portal.baseUrl}${route}`);
      expect(res.status, route).toBe(200);
      expect(res.headers.get('content-type'), route).toMatch(/text\/html/);
    }
  });

  it('serves assets, including ones built after the start, and 404s missing files instead of HTML', async () => {
    const js = await fetch(`${portal.baseUrl}/assets/index-abc.js`);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    fs.writeFileSync(path.join(dist, 'assets', 'later.js'), 'console.log(2)');
    expect((await fetch(`${portal.baseUrl}/assets/later.js`)).status).toBe(200);
    for (const missing of ['/assets/old-chunk.js', '/favicon.ico']) {
      const res = await fetch(`${portal.baseUrl}${missing}`);
      expect(res.status, missing).toBe(404);
    }
    expect((await fetch(`${portal.baseUrl}/api/nope`)).status).toBe(404);
  });
});
