import { pipeline, Transform, type TransformCallback } from 'node:stream';
import multipart from '@fastify/multipart';
import { isAllowed, LOCALE_BY_IDIOMA } from '@portal/domain';
import type { ActionContext } from '../../platform/actions.js';
import { isSameOrigin } from '../../platform/http/origin.js';
import { routeErrors } from '../../platform/http/route-errors.js';
import { registerLiveStream } from '../../platform/live-stream.js';
import type { RouteContext } from '../../platform/module.js';
import { newStorageKey } from '../../platform/storage-contract.js';
import type { XlsxCellValue } from '../../platform/xlsx-reader.js';
import { cachedPortalProperties, portalLabels } from '../portal/portal.queries.js';
import { USER_IMPORT_PROGRESS_CHANNEL } from './user-import.columns.js';
import { importOf, rejectedRowsOf } from './user-import.queries.js';
import { sendImportErrorReport } from './user-import.report.js';
import { localeOf } from './user-import.rows.js';
import { recordImport, USER_IMPORT_GUARD, USER_IMPORT_UPLOAD_GUARDS } from './user-import.service.js';
import { sendImportTemplate, templateHeaders } from './user-import.template.js';

/** Largest import file accepted (bytes): 100,000 rows of the template's columns fit in far less. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** A refusal in the caller's language (platform/http/route-errors.ts). */
const fail = routeErrors({ PAYLOAD_TOO_LARGE: 'userImport.tooLarge', UNSUPPORTED_MEDIA_TYPE: 'userImport.onlyXlsx' });

class TooLarge extends Error {}

/** Counts the bytes streamed through, failing past `max` (the upload is cut, nothing kept). */
function byteCap(max: number) {
  let total = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done: TransformCallback) {
      total += chunk.length;
      done(total > max ? new TooLarge() : null, chunk);
    },
  });
}

/** SPEC §5: only .xlsx (by name here; the job reads the content and refuses anything else with a file error). */
const isXlsxName = (name: string | undefined) => Boolean(name && /\.xlsx$/i.test(name.trim()));

/**
 * `POST /import/users` (SPEC §7; multipart `file`, optional field `simulacao=true` for a dry run): streams the
 * file to storage, records the import and answers 202 `{ id }` at once; the job does the rest. `GET
 * /import/users/modelo.xlsx`: the template; `GET /import/users/:id/erros.xlsx`: an import's error report. `GET
 * /api/importacoes/stream`: the uploader's imports moved (Server-Sent Events, event `importacao`).
 */
export async function registerUserImportRoutes({ app, services, authenticate }: RouteContext) {
  const { storage, config } = services;

  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES + 1, files: 1, fields: 2, fieldSize: 64, parts: 3 },
    });
    scope.post('/import/users', async (request, reply) => {
      if (!isSameOrigin(request, config.publicUrl)) return fail(request, reply, 'FORBIDDEN');
      const auth = await authenticate(request);
      if (!auth) return fail(request, reply, 'UNAUTHENTICATED');
      if (!USER_IMPORT_UPLOAD_GUARDS.every((guard) => isAllowed(auth.user, guard)))
        return fail(request, reply, 'FORBIDDEN', auth);
      if (!request.isMultipart()) return fail(request, reply, 'BAD_USER_INPUT', auth);

      let stored: { storageKey: string; nomeArquivo: string } | null = null;
      let simulacao = false;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname === 'simulacao') simulacao = String(part.value) === 'true';
          } else if (part.fieldname === 'file' && !stored) {
            if (!isXlsxName(part.filename)) {
              part.file.resume();
              return fail(request, reply, 'UNSUPPORTED_MEDIA_TYPE', auth);
            }
            const storageKey = newStorageKey('imports');
            // pipeline (not pipe): an aborted upload fails the cap, and storage sees the failure.
            await storage.put(
              storageKey,
              pipeline(part.file, byteCap(IMPORT_MAX_BYTES), () => {}),
            );
            stored = { storageKey, nomeArquivo: part.filename.trim().slice(0, 255) };
          } else {
            part.file.resume();
          }
        }
      } catch (err) {
        if (stored) await storage.delete(stored.storageKey).catch(() => {});
        if (err instanceof TooLarge || (err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          return fail(request, reply, 'PAYLOAD_TOO_LARGE', auth);
        if (request.raw.destroyed || request.raw.readableAborted) return reply;
        request.log.warn({ err }, 'import upload failed');
        return fail(request, reply, 'BAD_USER_INPUT', auth);
      }
      if (!stored) return fail(request, reply, 'BAD_USER_INPUT', auth);
      const ctx: ActionContext = { ...services, actor: auth.user, clientIp: request.ip };
      const file = stored;
      const row = await recordImport(ctx, { ...file, simulacao }).catch(async (err) => {
        await storage.delete(file.storageKey).catch(() => {});
        throw err;
      });
      return reply.code(202).header('cache-control', 'no-store').send({ id: row.id });
    });
  });

  // The template, in the signed-in user's language (SPEC §7): for whoever may upload (both keys).
  app.get('/import/users/modelo.xlsx', async (request, reply) => {
    const auth = await authenticate(request);
    if (!auth) return fail(request, reply, 'UNAUTHENTICATED');
    if (!USER_IMPORT_UPLOAD_GUARDS.every((guard) => isAllowed(auth.user, guard)))
      return fail(request, reply, 'FORBIDDEN', auth);
    const locale = LOCALE_BY_IDIOMA[auth.user.idioma];
    const labels = portalLabels(await cachedPortalProperties(services.cache, services.db), locale);
    await sendImportTemplate(reply, locale, { labels });
  });

  // The error report of one of the requester's imports, in the language of the upload (someone else's: 404).
  app.get('/import/users/:id/erros.xlsx', async (request, reply) => {
    const auth = await authenticate(request);
    if (!auth) return fail(request, reply, 'UNAUTHENTICATED');
    if (!isAllowed(auth.user, USER_IMPORT_GUARD)) return fail(request, reply, 'FORBIDDEN', auth);
    const { id } = request.params as { id: string };
    const row = await importOf(services.db, auth.user.id, id);
    if (!row) return fail(request, reply, 'NOT_FOUND', auth);
    const importId = row.id;
    const locale = localeOf(row.idioma);
    const labels = portalLabels(await cachedPortalProperties(services.cache, services.db), locale);
    async function* rows() {
      for await (const r of rejectedRowsOf(services.db, importId)) yield { ...r, cells: r.cells as XlsxCellValue[] };
    }
    await sendImportErrorReport(reply, {
      fileName: row.nomeArquivo,
      locale,
      // A file that could not be read has no header (and no rejected rows): the template's then.
      header: row.cabecalho ?? templateHeaders(locale, labels),
      labels,
      rows: rows(),
    });
  });

  registerLiveStream(app, services, authenticate, '/api/importacoes/stream', (_request, user) => ({
    channel: USER_IMPORT_PROGRESS_CHANNEL,
    concerns: (payload) => (payload as { usuarioId?: string } | null)?.usuarioId === user.id,
    stillVisible: async (current) => isAllowed(current, USER_IMPORT_GUARD),
    message: async () => ({ event: 'importacao', data: {} }),
  }));
}
