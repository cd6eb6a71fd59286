import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StorageConfig } from './config.js';

/** An inclusive byte range, as in HTTP `Range: bytes=start-end`. */
export type ByteRange = { start: number; end: number };

/**
 * Where file contents live (DESIGN §1): local disk by default, an S3-compatible bucket by env.
 * Keys are opaque, server-generated strings (`[a-z0-9/-]`); callers never derive them from user input.
 */
export type Storage = {
  kind: 'local' | 's3';
  /**
   * Streams `body` to `key`. Resolves once the object is complete; when the stream fails (client abort,
   * size limit, unsupported type) it rejects and nothing is left under `key` nor in any temp place.
   */
  put(key: string, body: Readable, opts?: { contentType?: string }): Promise<{ size: number }>;
  /** A stream of the object's bytes, or of one inclusive range of them. Rejects with NotFoundInStorage. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Size of the object, or null when it does not exist. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Removes the object; a missing key is not an error. */
  delete(key: string): Promise<void>;
};

export class NotFoundInStorage extends Error {
  constructor(key: string) {
    super(`no object ${key}`);
    this.name = 'NotFoundInStorage';
  }
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** Refuses keys that could leave the storage root (defence in depth: keys are server-generated). */
export function assertSafeKey(key: string) {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  }
}

/** A fresh, unguessable storage key under a prefix: `prefix/2f/2f9c...` (two-level fan-out on disk). */
export function newStorageKey(prefix: string): string {
  const id = crypto.randomBytes(16).toString('hex');
  return `${prefix}/${id.slice(0, 2)}/${id}`;
}

/** A pass-through that counts the bytes going through it. */
export function byteCounter(): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      counter.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

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
