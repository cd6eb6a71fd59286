import { pipeline, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { StorageConfig } from './config.js';
import { assertSafeKey, byteCounter, NotFoundInStorage, type Storage } from './storage-contract.js';

/** Part size of multipart uploads: 8 MiB parts, at most 4 in flight (≈32 MiB of buffers per upload). */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 4;

const isMissing = (err: unknown) =>
  err instanceof NoSuchKey ||
  err instanceof NotFound ||
  (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode === 404;

/**
 * Objects in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...). Uploads stream as multipart
 * (lib-storage), aborted on failure so no part is left billed; reads stream with HTTP ranges.
 */
export function createS3Storage(config: Extract<StorageConfig, { kind: 's3' }>): Storage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where the API requires them: several S3-compatible servers reject the
    // newer default (CRC32 trailers on aws-chunked bodies).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  return {
    kind: 's3',
    async put(key, body, opts) {
      assertSafeKey(key);
      const counter = byteCounter();
      // pipeline: a failing source (client abort, size limit) fails the stream the upload reads.
      const stream = pipeline(body, counter, () => {});
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: stream, ContentType: opts?.contentType },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (err) {
        body.destroy();
        // The multipart upload is aborted by lib-storage; a small body went as one PutObject instead.
        await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => {});
        throw body.errored ?? counter.errored ?? err;
      }
      return { size: counter.bytes };
    },
    async get(key, range) {
      assertSafeKey(key);
      try {
        const out = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        return out.Body as Readable;
      } catch (err) {
        if (isMissing(err)) throw new NotFoundInStorage(key);
        throw err;
      }
    },
    async stat(key) {
      assertSafeKey(key);
      try {
        const out = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: out.ContentLength ?? 0 };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
