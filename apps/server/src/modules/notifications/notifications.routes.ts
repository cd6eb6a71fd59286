import type { FastifyInstance } from 'fastify';
import type { createAuthenticator } from '../../platform/auth/authenticate.js';
import type { Services } from '../../platform/services.js';
import { countUnseen } from './notifications.queries.js';
import { NOTIFICATIONS_CHANNEL } from './notifications.service.js';

/** Comment line sent on idle streams so proxies and browsers keep them open. */
export const STREAM_HEARTBEAT_MS = 25_000;

/**
 * `GET /api/notificacoes/stream`: the bell's live unread count as Server-Sent Events.
 * Cookie (or bearer) authenticated; 401 JSON when signed out. Sends `event: count` with
 * `data: {"count":N}` on connect, then again whenever NOTIFICATIONS_CHANNEL names the user or everyone (from any
 * instance, LISTEN/NOTIFY), and a `: ping` comment every 25 s.
 */
export function registerNotificationRoutes(
  app: FastifyInstance,
  services: Services,
  authenticate: ReturnType<typeof createAuthenticator>,
) {
  const open = new Set<(shutdown?: boolean) => void>();
  // preClose runs before the server waits for its connections; onClose is the backstop.
  const endAll = async () => {
    for (const end of [...open]) end(true);
  };
  app.addHook('preClose', endAll);
  app.addHook('onClose', endAll);

  app.get('/api/notificacoes/stream', async (request, reply) => {
    const auth = await authenticate(request);
    if (!auth) return reply.code(401).header('cache-control', 'no-store').send({ error: 'UNAUTHENTICATED' });
    const userId = auth.user.id;

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'x-request-id': request.id,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    res.flushHeaders();

    let closed = false;
    let queued = false;
    let chain = Promise.resolve();
    /** Sends the current count; pushes coalesce while one is waiting, and go out in order. */
    const push = () => {
      if (queued || closed) return;
      queued = true;
      chain = chain
        .then(async () => {
          queued = false;
          if (closed) return;
          const count = await countUnseen(services.database, userId);
          if (!closed) res.write(`event: count\ndata: ${JSON.stringify({ count })}\n\n`);
        })
        .catch((err) => request.log.warn({ err }, 'notification stream: count failed'));
    };

    const unsubscribe = services.events.subscribe(NOTIFICATIONS_CHANNEL, (payload) => {
      const event = payload as { usuarioId?: unknown; todos?: unknown } | null;
      if (event?.todos === true || event?.usuarioId === userId) push();
    });
    const heartbeat = setInterval(() => {
      if (!closed) res.write(': ping\n\n');
    }, STREAM_HEARTBEAT_MS);
    const end = (shutdown = false) => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      // On shutdown the socket goes too: a kept-alive idle socket would hold the server's close.
      if (!res.writableEnded) res.end();
      if (shutdown) res.socket?.destroy();
    };
    open.add(end);
    res.on('close', () => end());
    res.on('error', () => end());

    // Once the listener connection answers, its LISTEN is active: nothing announced after the first
    // count can be missed.
    await services.events.ready().catch(() => false);
    push();
  });
}
