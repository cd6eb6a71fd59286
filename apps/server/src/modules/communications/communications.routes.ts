import { APPROVE_KEY, LOCALE_BY_IDIOMA } from '@portal/domain';
import { logRouteDenial } from '../../platform/http/denials.js';
import { registerLiveStream } from '../../platform/live-stream.js';
import type { RouteContext } from '../../platform/module.js';
import { sendWorkbook } from '../../platform/xlsx.js';
import { cachedPortalProperties, portalLabels } from '../portal/portal.queries.js';
import { APPROVALS_CHANNEL, READS_CHANNEL } from './communications.channels.js';
import { readsWorkbook } from './communications.export.js';
import { fireDueSchedules } from './communications.jobs.js';
import { countAwaitingApproval, findOwnComunicado } from './communications.queries.js';

/**
 * REST routes of communications:
 * - `GET /api/comunicados/:id/leituras.xlsx`: the reads report ready for Excel (communications.export.ts: the
 *   communication, every recipient streamed, the breakdowns; `sendWorkbook` neutralises formula-like cells).
 *   Creator or approver only (else 404).
 * - `GET /api/comunicados/:id/leituras/stream`: Server-Sent Events `leitura` whenever a recipient
 *   reads (any instance): the dashboard refetches, no reload. Creator or approver only (else 404), and
 *   only while they still are and the session lives (platform/live-stream.ts).
 * - `GET /api/comunicados/aprovacoes/stream`: Server-Sent Events `count` (`data: {"count":N}`) with how many
 *   communications wait for the approver's decision, on connect and whenever it may have changed (decision 0032).
 *   Holders of the approval key only (else 404), while they hold it and the session lives.
 * - `POST /api/dev/clock` `{ advanceMs }` (only with DEV_CLOCK=true, never in production): moves the
 *   business clock forward and fires the scheduled sends now due (journeys of scheduled sends).
 */
export function registerCommunicationRoutes({ app, services, authenticate }: RouteContext) {
  const sentOf = async (userId: string, id: string) => {
    const c = await findOwnComunicado(services.db, userId, id);
    return c && (c.status === 'ENVIADO' || c.status === 'ARQUIVADO') ? c : null;
  };

  app.get('/api/comunicados/:id/leituras.xlsx', async (request, reply) => {
    const auth = await authenticate(request);
    if (!auth) {
      logRouteDenial(request, 'UNAUTHENTICATED', null);
      return reply.code(401).send({ error: 'UNAUTHENTICATED' });
    }
    const c = await sentOf(auth.user.id, (request.params as { id: string }).id);
    if (!c) {
      logRouteDenial(request, 'NOT_FOUND', auth.user.id);
      return reply.code(404).send({ error: 'NOT_FOUND' });
    }
    const locale = LOCALE_BY_IDIOMA[auth.user.idioma];
    const labels = portalLabels(await cachedPortalProperties(services.cache, services.db), locale);
    await sendWorkbook(reply, await readsWorkbook(services, c, locale, labels));
  });

  registerLiveStream(app, services, authenticate, '/api/comunicados/:id/leituras/stream', (request) => {
    // Lower case as the database writes a uuid, so that it matches the announced comunicadoId.
    const id = (request.params as { id: string }).id.toLowerCase();
    return {
      channel: READS_CHANNEL,
      concerns: (payload) => (payload as { comunicadoId?: unknown } | null)?.comunicadoId === id,
      // Still its creator or approver, and still sent: checked again before every read is announced.
      stillVisible: async (user) => Boolean(await sentOf(user.id, id)),
      message: async () => ({ event: 'leitura', data: { comunicadoId: id } }),
    };
  });

  registerLiveStream(app, services, authenticate, '/api/comunicados/aprovacoes/stream', (_request, user) => ({
    channel: APPROVALS_CHANNEL,
    concerns: (payload) => (payload as { usuarioId?: unknown } | null)?.usuarioId === user.id,
    stillVisible: async (current) => current.chaves.includes(APPROVE_KEY),
    message: async (current) => ({
      event: 'count',
      data: { count: await countAwaitingApproval(services.db, current.id) },
    }),
    sendOnOpen: true,
  }));

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
