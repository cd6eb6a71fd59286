import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { StorageConfig } from './config.js';
import { assertSafeKey, NotFoundInStorage, type Storage } from './storage-contract.js';

/**
 * Builds the storage the configuration names. The S3 client is loaded only when it is used. Local
 * disk: what a killed process left half-written in the incoming folder is removed first (the local
 * storage belongs to one instance; several instances share a bucket instead).
 */
export async function createStorage(config: StorageConfig): Promise<Storage> {
  if (config.kind === 's3') {
    const { createS3Storage } = await import('./storage-s3.js');
    return createS3Storage(config);
  }
  await fs.promises.rm(path.join(config.dir, LOCAL_INCOMING_DIR), { recursive: true, force: true });
  return createLocalStorage(config.dir);
}

/** Name of the folder, inside the root, where objects are written before they are complete. */
export const LOCAL_INCOMING_DIR = '.incoming';

/**
 * Files under `root`. An object is written to `root/.incoming/<random>` and renamed into place when
 * complete, so a reader never sees half a file and a failed write leaves nothing behind.
 */
export function createLocalStorage(root: string): Storage {
  const incoming = path.join(root, LOCAL_INCOMING_DIR);
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, body) {
      const target = fileOf(key);
      await fs.promises.mkdir(incoming, { recursive: true });
      const temp = path.join(incoming, crypto.randomBytes(16).toString('hex'));
      const out = fs.createWriteStream(temp, { flags: 'wx' });
      try {
        await pipeline(body, out);
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        await fs.promises.rename(temp, target);
        return { size: out.bytesWritten };
      } catch (err) {
        body.destroy();
        await fs.promises.rm(temp, { force: true });
        throw err;
      }
    },
    async get(key, range) {
      const file = fileOf(key);
      try {
        await fs.promises.access(file);
      } catch {
        throw new NotFoundInStorage(key);
      }
      return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    async stat(key) {
      try {
        const s = await fs.promises.stat(fileOf(key));
        return s.isFile() ? { size: s.size } : null;
      } catch {
        return null;
      }
    },
    async delete(key) {
      await fs.promises.rm(fileOf(key), { force: true });
    },
  };
}
