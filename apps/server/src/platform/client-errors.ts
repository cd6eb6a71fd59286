import type { FastifyInstance } from 'fastify';

/** At most this many characters of each field reach the log. */
const MAX = 4000;
const clip = (v: unknown) => (typeof v === 'string' ? v.slice(0, MAX) : undefined);

/** Reports accepted per client address and window; more answer 429 (a page in a render loop, abuse). */
export const CLIENT_ERROR_LIMIT = 10;
const WINDOW_MS = 60_000;

/**
 * A fixed-window counter per client address, in this instance's memory: enough to keep one client
 * from flooding the log; several instances each allow their own share.
 */
function createLimiter(limit: number, windowMs: number) {
  const windows = new Map<string, { start: number; count: number }>();
  return (key: string, now = Date.now()): boolean => {
    const current = windows.get(key);
    if (!current || now - current.start >= windowMs) {
      // Old windows go on the way, so the map holds only the last minute's clients.
      if (windows.size > 10_000) for (const [k, w] of windows) if (now - w.start >= windowMs) windows.delete(k);
      windows.set(key, { start: now, count: 1 });
      return true;
    }
    current.count += 1;
    return current.count <= limit;
  };
}

/**
 * `POST /api/client-errors`: the web app's render errors (the Ops page) are written to the server
 * log (docs/domains/menu-and-shell.md#access-and-error-pages). Public, 16 KiB at most (413),
 * 10 reports per client address and minute (429; `request.ip` is the socket's address unless the
 * request came through TRUSTED_PROXIES); nothing is stored.
 */
export function registerClientErrorRoute(app: FastifyInstance) {
  const allow = createLimiter(CLIENT_ERROR_LIMIT, WINDOW_MS);
  app.post('/api/client-errors', { bodyLimit: 16_384 }, async (request, reply) => {
    if (!allow(request.ip)) return reply.code(429).header('retry-after', '60').send({ error: 'TOO_MANY_REQUESTS' });
    let body: Record<string, unknown> = {};
    if (typeof request.body === 'string') {
      try {
        body = JSON.parse(request.body);
      } catch {
        body = { message: request.body };
      }
    } else if (request.body && typeof request.body === 'object') body = request.body as Record<string, unknown>;
    request.log.warn(
      {
        clientError: {
          message: clip(body.message),
          stack: clip(body.stack),
          path: clip(body.path),
          userAgent: clip(request.headers['user-agent']),
        },
      },
      'client render error',
    );
    return reply.code(204).send();
  });
}
