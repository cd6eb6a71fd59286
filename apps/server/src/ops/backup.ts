import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { storedObjectKeys } from '../modules/files/files.queries.js';
import type { Config } from '../platform/config.js';
import { openDatabase } from '../platform/db.js';
import { createStorage } from '../platform/storage.js';

/**
 * Backup and restore of a whole portal: the database and the stored files (docs/operations.md#backup-and-restore).
 * A backup is a directory: `manifest.json`, the database (`database.dump`, pg_dump's custom format, for
 * PostgreSQL; `pglite/`, the data directory, for PGlite) and `files/<storage key>` for every object the database
 * refers to, read through the storage in use (local disk or S3), so a restore may also move a portal from one to
 * the other. Run with the portal's own environment (DATABASE_URL, DATA_DIR, S3_*): `npm run backup -- <dir>`,
 * `npm run restore -- <dir>` (src/ops/backup-cli.ts).
 */
export type BackupManifest = {
  createdAt: string;
  database: 'postgres' | 'pglite';
  files: number;
  bytes: number;
  /** Keys the database names but the storage did not have (reported, not fatal). */
  missing: string[];
};

const MANIFEST = 'manifest.json';

/** Runs a PostgreSQL client tool (pg_dump, pg_restore); rejects with its error output. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${stderr}`))));
  });
}

const pgliteDir = (config: Config) => path.join(config.dataDir, 'db');

/**
 * Writes a backup of the portal that `config` describes into `outDir` (which must not exist yet). PostgreSQL is
 * dumped while the portal runs (pg_dump sees one consistent snapshot); a PGlite portal must be stopped first
 * (its data directory is copied as it is). The files are copied after the database, so every file the dump
 * names is there: files are written once under new keys and removed only after their rows.
 */
export async function backup(config: Config, outDir: string): Promise<BackupManifest> {
  if (fs.existsSync(outDir)) throw new Error(`${outDir} already exists: give a new directory`);
  fs.mkdirSync(path.join(outDir, 'files'), { recursive: true });
  if (config.databaseUrl) {
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${path.join(outDir, 'database.dump')}`,
      config.databaseUrl,
    ]);
  } else {
    if (!fs.existsSync(pgliteDir(config))) throw new Error(`no PGlite database in ${pgliteDir(config)}`);
    fs.cpSync(pgliteDir(config), path.join(outDir, 'pglite'), { recursive: true });
  }

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: pgliteDir(config) });
  const storage = await createStorage(config.storage);
  const manifest: BackupManifest = {
    createdAt: new Date().toISOString(),
    database: config.databaseUrl ? 'postgres' : 'pglite',
    files: 0,
    bytes: 0,
    missing: [],
  };
  try {
    for (const key of await storedObjectKeys(database.db)) {
      const target = path.join(outDir, 'files', key);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      try {
        await pipeline(await storage.get(key), fs.createWriteStream(target));
      } catch (err) {
        if ((err as Error).name !== 'NotFoundInStorage') throw err;
        fs.rmSync(target, { force: true });
        manifest.missing.push(key);
        continue;
      }
      manifest.files++;
      manifest.bytes += fs.statSync(target).size;
    }
  } finally {
    await database.close();
  }
  fs.writeFileSync(path.join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/** Whether a PostgreSQL database already holds a portal (its users table). */
async function holdsAPortal(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`SELECT to_regclass('public.usuario') IS NOT NULL AS found`);
    return rows[0].found === true;
  } finally {
    await client.end();
  }
}

/**
 * Restores the backup in `fromDir` into the portal that `config` describes, which must be new: an empty
 * PostgreSQL database, or a DATA_DIR without a database (never overwritten). Start the portal afterwards: it
 * applies any migration newer than the backup. A PGlite backup restores into PGlite, a PostgreSQL one into
 * PostgreSQL; the files go into whichever storage `config` names.
 */
export async function restore(config: Config, fromDir: string): Promise<BackupManifest> {
  const manifest = JSON.parse(fs.readFileSync(path.join(fromDir, MANIFEST), 'utf8')) as BackupManifest;
  const into = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== into) throw new Error(`a ${manifest.database} backup cannot be restored into ${into}`);
  if (config.databaseUrl) {
    if (await holdsAPortal(config.databaseUrl)) throw new Error('the target database already holds a portal');
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      `--dbname=${config.databaseUrl}`,
      path.join(fromDir, 'database.dump'),
    ]);
  } else {
    if (fs.existsSync(pgliteDir(config)))
      throw new Error(`${pgliteDir(config)} already exists: restore into a new DATA_DIR`);
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.cpSync(path.join(fromDir, 'pglite'), pgliteDir(config), { recursive: true });
  }

  const storage = await createStorage(config.storage);
  const filesDir = path.join(fromDir, 'files');
  const keys = fs
    .readdirSync(filesDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(filesDir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  for (const key of keys) await storage.put(key, fs.createReadStream(path.join(filesDir, key)));
  return manifest;
}
