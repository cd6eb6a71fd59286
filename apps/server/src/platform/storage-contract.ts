import crypto from 'node:crypto';
import { type Readable, Transform } from 'node:stream';

/* What every storage implements (local disk in storage.ts, S3 in storage-s3.ts) and the helpers they share. */

/** An inclusive byte range, as in HTTP `Range: bytes=start-end`. */
export type ByteRange = { start: number; end: number };

/**
 * Where file contents live (docs/domains/files.md#where-bytes-live): local disk by default, an S3-compatible bucket by
 * env. Keys are opaque, server-generated strings (`[a-z0-9/-]`); callers never derive them from user input.
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
