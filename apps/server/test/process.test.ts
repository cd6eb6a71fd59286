import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, freshPostgresDatabase, onPostgres } from './harness.js';

const serverDir = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [];

/** Starts `main.ts` as `npm start` does, with the given environment; resolves once it printed `ready`. */
function startMain(env: Record<string, string>, ready: RegExp) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  const started = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve(output);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited with ${code} before ready:\n${output}`)));
  });
  return { child, started, output: () => output };
}

afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

describe('the server process', () => {
  it('a bad configuration is explained variable by variable and the portal answers in maintenance mode', async () => {
    const port = await freePort();
    const { started } = startMain(
      { PORT: String(port), DATABASE_URL: 'mysql://nope', SMTP_URL: 'http://x' },
      /Maintenance mode/,
    );
    const out = await started;
    expect(out).toContain('DATABASE_URL must be a postgres:// connection string');
    expect(out).toContain('SMTP_URL must be an smtp:// or smtps:// URL');
    const props = await fetch(`http://127.0.0.1:${port}/portalProperties`);
    expect(props.status).toBe(503);
    expect(await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()).toEqual({ status: 'maintenance' });
    const page = await fetch(`http://127.0.0.1:${port}/home`);
    expect(page.headers.get('content-type')).toMatch(/text\/(html|plain)/);
  });

  it('starts (PGlite in DATA_DIR, or DATABASE_URL), prints the URL and demo sign-ins, answers with request ids, and shuts down gracefully', async () => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-proc-'));
    const database = onPostgres ? await freshPostgresDatabase() : undefined;
    try {
      const env: Record<string, string> = { PORT: String(port), DATA_DIR: dataDir };
      if (database) env.DATABASE_URL = database.url;
      const { child, started } = startMain(env, /dealer2@portal\.demo/);
      const out = await started;
      expect(out).toContain(`Portal ready at http://localhost:${port}`);
      expect(out).toContain(database ? 'database: postgres' : 'database: pglite');
      expect(out).toContain('Demo sign-ins (password Portal@2026)');
      const res = await fetch(`http://127.0.0.1:${port}/healthz`, { headers: { 'x-request-id': 'abc-123' } });
      expect(res.headers.get('x-request-id')).toBe('abc-123');
      expect(fs.existsSync(path.join(dataDir, 'db'))).toBe(!database);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
      await database?.drop();
    }
  });
});
