import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './harness.js';

const run = promisify(execFile);

export type PrivateCluster = {
  /** postgres://portal@127.0.0.1:<port>/postgres (trust authentication, this test alone). */
  url: string;
  /** `pg_ctl stop -m fast`: every connection is cut, as in a database restart or failover. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it (immediate) and deletes its files. */
  destroy(): Promise<void>;
};

/** The newest installed PostgreSQL's bin directory (Debian layout), or undefined. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

/**
 * A PostgreSQL cluster of its own (initdb in a temporary directory, a free port, sockets in that
 * directory) for tests that stop the database: the shared server of the other tests is never touched.
 * As root, initdb and postgres run as the `postgres` user, which owns the directory.
 */
export async function startPrivateCluster(): Promise<PrivateCluster> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql/*/bin');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  const data = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout);
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout);
    fs.chownSync(dir, uid, gid);
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]) : run(path.join(bin, tool), args);
  const port = await freePort();
  await pg('initdb', ['-D', data, '-U', 'portal', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const ctl = (...args: string[]) => pg('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', '-t', '30', ...args]);
  const cluster: PrivateCluster = {
    url: `postgres://portal@127.0.0.1:${port}/postgres`,
    stop: async () => void (await ctl('-m', 'fast', 'stop')),
    start: async () => void (await ctl('-o', options, 'start')),
    async destroy() {
      await ctl('-m', 'immediate', 'stop').catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}
