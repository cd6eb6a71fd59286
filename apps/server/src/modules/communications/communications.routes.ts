import { LOCALE_BY_IDIOMA, neutraliseSpreadsheetCell } from '@portal/domain';
import { t } from '@portal/i18n';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { createAuthenticator } from '../../platform/auth/authenticate.js';
import type { Services } from '../../platform/services.js';
import { fireDueSchedules } from './communications.jobs.js';
import { findOwnComunicado, pageLeituras } from './communications.queries.js';
import { READS_CHANNEL } from './communications.service.js';

const STREAM_HEARTBEAT_MS = 25_000;

/**
 * REST routes of communications:
 * - `GET /api/comunicados/:id/leituras.xlsx`: who has and has not read, streamed as .xlsx; cells that
 *   start with = + - @ are neutralised (CSV/formula injection). Creator or approver only (else 404).
 * - `GET /api/comunicados/:id/leituras/stream`: Server-Sent Events `leitura` whenever a recipient
 *   reads (any instance): the dashboard refetches, no reload.
 * - `POST /api/dev/clock` `{ advanceMs }` (only with DEV_CLOCK=true, never in production): moves the
 *   business clock forward and fires the scheduled sends now due (journeys of scheduled sends).
 */
export function registerCommunicationRoutes(
  app: FastifyInstance,
  services: Services,
  authenticate: ReturnType<typeof createAuthenticator>,
) {
  const sentOf = async (userId: string, id: string) => {
    const c = await findOwnComunicado(services.db, userId, id);
    return c && (c.status === 'ENVIADO' || c.status === 'ARQUIVADO') ? c : null;
  };

  app.get('/api/comunicados/:id/leituras.xlsx', async (request, reply) => {
    const auth = await authenticate(request);
    if (!auth) return reply.code(401).send({ error: 'UNAUTHENTICATED' });
    const c = await sentOf(auth.user.id, (request.params as { id: string }).id);
    if (!c) return reply.code(404).send({ error: 'NOT_FOUND' });
    const locale = LOCALE_BY_IDIOMA[auth.user.idioma];
    const { content } = await pageLeituras(services.db, c.id, {});

    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="leituras.xlsx"; filename*=UTF-8''${encodeURIComponent(
        `${t(locale, 'communicationsApi.readsFile')}.xlsx`,
      )}`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: reply.raw, useStyles: false });
    const sheet = workbook.addWorksheet(t(locale, 'communicationsApi.readsSheet'));
    sheet
      .addRow(['name', 'email', 'read', 'readAt', 'receivedAt'].map((k) => t(locale, `communicationsApi.column.${k}`)))
      .commit();
    for (const row of content) {
      sheet
        .addRow([
          neutraliseSpreadsheetCell(row.nome),
          neutraliseSpreadsheetCell(row.email),
          t(locale, row.lido ? 'communicationsApi.yes' : 'communicationsApi.no'),
          row.data_leitura ? new Date(row.data_leitura).toISOString() : '',
          new Date(row.data_recebimento).toISOString(),
        ])
        .commit();
    }
    sheet.commit();
    await workbook.commit();
  });

  const open = new Set<() => void>();
  const endAll = async () => {
    for (const end of [...open]) end();
  };
  app.addHook('preClose', endAll);
  app.addHook('onClose', endAll);

  app.get('/api/comunicados/:id/leituras/stream', async (request, reply) => {
    const auth = await authenticate(request);
    if (!auth) return reply.code(401).header('cache-control', 'no-store').send({ error: 'UNAUTHENTICATED' });
    const c = await sentOf(auth.user.id, (request.params as { id: string }).id);
    if (!c) return reply.code(404).header('cache-control', 'no-store').send({ error: 'NOT_FOUND' });

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    res.write(': open\n\n');
    const unsubscribe = services.events.subscribe(READS_CHANNEL, (payload) => {
      if ((payload as { comunicadoId?: unknown } | null)?.comunicadoId === c.id) {
        res.write(`event: leitura\ndata: ${JSON.stringify({ comunicadoId: c.id })}\n\n`);
      }
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), STREAM_HEARTBEAT_MS);
    let closed = false;
    const end = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      if (!res.writableEnded) res.end();
      res.socket?.destroy();
    };
    open.add(end);
    res.on('close', end);
    res.on('error', end);
  });

  if (services.config.devClock) {
    app.post('/api/dev/clock', async (request, reply) => {
      const advanceMs = Number((request.body as { advanceMs?: unknown } | null)?.advanceMs ?? 0);
      if (!Number.isFinite(advanceMs) || advanceMs < 0) return reply.code(400).send({ error: 'BAD_REQUEST' });
      services.clock.advance(advanceMs);
      const fired = await fireDueSchedules(services);
      return { now: services.clock.now().toISOString(), fired };
    });
  }
}
