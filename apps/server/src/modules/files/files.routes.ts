import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ActionContext } from '../../platform/actions.js';
import { logRouteDenial } from '../../platform/http/denials.js';
import { isSameOrigin } from '../../platform/http/origin.js';
import { routeErrors } from '../../platform/http/route-errors.js';
import type { RouteContext } from '../../platform/module.js';
import { type ByteRange, NotFoundInStorage } from '../../platform/storage-contract.js';
import { mayDownload } from './files.access.js';
import { FILE_TYPES, type FileType } from './files.limits.js';
import { contentDisposition, sanitiseFileName } from './files.names.js';
import { findArquivo, findVariantKey } from './files.queries.js';
import {
  type LinkKind,
  processImage,
  type ReceivedFile,
  receiveUpload,
  recordUpload,
  UnsupportedFileType,
  UploadTooLarge,
  VARIANT_CONTENT_TYPE,
  verifyLink,
} from './files.service.js';
import type { ArquivoRow } from './files.tables.js';

/** A refusal in the caller's language (platform/http/route-errors.ts). */
const fail = routeErrors({
  PAYLOAD_TOO_LARGE: 'library.upload.tooLarge',
  UNSUPPORTED_MEDIA_TYPE: 'library.upload.unsupportedType',
});

const parseInfo = (raw: string): { fileType: FileType } | null => {
  try {
    const info = JSON.parse(raw) as { fileType?: unknown };
    return FILE_TYPES.includes(info?.fileType as FileType) ? { fileType: info.fileType as FileType } : null;
  } catch {
    return null;
  }
};

/** Parses a single `bytes=` range against `size`: a range, 'unsatisfiable', or null to serve it all. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null; // absent, malformed or several ranges: whole file
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * Room for the multipart framing around the file (boundaries, part headers, the `info` field): a body
 * declared longer than the limit plus this cannot hold an acceptable file.
 */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * `POST /api/upload` (docs/domains/files.md#uploading) and the signed download routes `GET /api/files/:id`,
 * `GET /api/files/:id/thumbnail` and `GET /api/files/:id/variant/:largura`. Who may get a link, and who
 * may download a placed file, is decided by the module that placed it (its check in files.access.ts);
 * these routes check the session, the link and that check.
 */
export async function registerFileRoutes({ app, services, authenticate }: RouteContext) {
  const { storage, config, db } = services;

  await app.register(async (scope) => {
    await scope.register(multipart, {
      // Keep `a/b` in names: sanitiseFileName turns separators into `_` instead of dropping the path.
      preservePath: true,
      // Backstop only: the guard in receiveUpload cuts at the limit while streaming.
      limits: { fileSize: config.uploadMaxBytes + 1, files: 1, fields: 4, fieldSize: 16_384, parts: 6 },
    });

    // A declared length that cannot fit is refused before a byte of the body is read (issue 10, 11).
    const tooLong = async (request: FastifyRequest, reply: FastifyReply) => {
      const declared = Number(request.headers['content-length']);
      if (declared > config.uploadMaxBytes + MULTIPART_OVERHEAD_BYTES) return fail(request, reply, 'PAYLOAD_TOO_LARGE');
    };
    scope.post('/api/upload', { onRequest: tooLong }, async (request, reply) => {
      if (!isSameOrigin(request, config.publicUrl)) return fail(request, reply, 'FORBIDDEN');
      const auth = await authenticate(request);
      if (!auth) return fail(request, reply, 'UNAUTHENTICATED');
      if (!request.isMultipart()) return fail(request, reply, 'BAD_USER_INPUT', auth);

      let info: { fileType: FileType } | null = null;
      let received: (ReceivedFile & { nome: string }) | null = null;
      const discard = async () => {
        if (received) await storage.delete(received.storageKey).catch(() => {});
        received = null;
      };
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname === 'info') {
              info = parseInfo(String(part.value));
            }
          } else if (part.fieldname === 'file' && !received) {
            const stored = await receiveUpload(storage, part.file, {
              name: part.filename,
              maxBytes: config.uploadMaxBytes,
            });
            received = { ...stored, nome: sanitiseFileName(part.filename ?? '') };
          } else {
            part.file.resume();
          }
        }
      } catch (err) {
        await discard();
        if (err instanceof UploadTooLarge || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          return fail(request, reply, 'PAYLOAD_TOO_LARGE', auth);
        if (err instanceof UnsupportedFileType) return fail(request, reply, 'UNSUPPORTED_MEDIA_TYPE', auth);
        if (request.raw.destroyed || request.raw.readableAborted) {
          request.log.info({ err: String(err) }, 'upload aborted by the client; nothing kept');
          return reply;
        }
        request.log.warn({ err }, 'upload failed');
        return fail(request, reply, 'BAD_USER_INPUT', auth);
      }
      if (!received || !info) {
        await discard();
        return fail(request, reply, 'BAD_USER_INPUT', auth);
      }
      const file: ReceivedFile & { nome: string } = received;
      // The signed-in sender acts: the row and its audit row commit together.
      const ctx: ActionContext = { ...services, actor: auth.user, clientIp: request.ip };
      const row = await recordUpload(ctx, { ...file, fileType: info.fileType }).catch(async (err) => {
        await discard();
        throw err;
      });
      if (row.imagem) {
        await processImage(ctx, row).catch((err) =>
          request.log.warn(
            { err, arquivoId: row.id },
            'image processing failed; the file lacks a thumbnail or variants',
          ),
        );
      }
      return reply.header('cache-control', 'no-store').send({ id: row.id });
    });
  });

  const notFound = (reply: FastifyReply) =>
    reply.code(404).header('cache-control', 'no-store').send({ error: 'NOT_FOUND' });

  /** What a route serves of a file row: the file, its thumbnail or one of its variants. */
  type Served = 'file' | 'thumbnail' | 'variant';
  const WIDTH = /^[1-9][0-9]{0,4}$/;

  const storedKey = (row: ArquivoRow, served: Served, largura: number): Promise<string | null> | string | null => {
    if (served === 'file') return row.storageKey;
    if (served === 'thumbnail') return row.thumbnailKey;
    return findVariantKey(db, row.id, largura);
  };

  // A download needs the session of the user the link was made for, and that user's access to the file
  // now (files.access.ts, decision 0009); every refusal is the same 404 as a missing file.
  const serve = (served: Served) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { id, largura } = request.params as { id: string; largura?: string };
    if (served === 'variant' && !WIDTH.test(largura ?? '')) return notFound(reply);
    const kind: LinkKind = served === 'variant' ? `variant/${Number(largura)}` : served;
    const auth = await authenticate(request);
    const link = auth ? await verifyLink(db, kind, id, request.query as Record<string, unknown>, auth.user.id) : null;
    const row = link ? await findArquivo(db, id) : null;
    const key = row ? await storedKey(row, served, Number(largura)) : null;
    if (!auth || !link || !row || !key || !(await mayDownload(services, auth.user, row))) {
      logRouteDenial(request, 'NOT_FOUND', auth?.user.id);
      return notFound(reply);
    }
    const found = await storage.stat(key);
    if (!found) return notFound(reply);
    const size = found.size;

    const inline = served !== 'file' || (link.inline && row.imagem);
    const name = served === 'file' ? (link.name ?? row.nome) : `${row.nome.replace(/\.[^.]*$/, '')}.webp`;
    reply
      .header('content-type', served === 'file' ? row.contentType : VARIANT_CONTENT_TYPE)
      .header('content-disposition', contentDisposition(name, inline ? 'inline' : 'attachment'))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      // A variant never changes under its URL (and the link is signed for one user): the browser keeps it.
      .header('cache-control', served === 'variant' ? 'private, max-age=31536000, immutable' : 'private, max-age=300')
      .header('accept-ranges', 'bytes');

    const range = parseRange(request.headers.range, size);
    if (range === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${size}`).send();
    }
    try {
      if (range) {
        const stream = await storage.get(key, range);
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1)
          .send(stream);
      }
      const stream = await storage.get(key);
      return reply.header('content-length', size).send(stream);
    } catch (err) {
      if (err instanceof NotFoundInStorage) return notFound(reply);
      throw err;
    }
  };

  app.get('/api/files/:id', serve('file'));
  app.get('/api/files/:id/thumbnail', serve('thumbnail'));
  app.get('/api/files/:id/variant/:largura', serve('variant'));
}
