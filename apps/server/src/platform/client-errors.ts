import type { FastifyInstance } from 'fastify';

/** At most this many characters of each field reach the log. */
const MAX = 4000;
const clip = (v: unknown) => (typeof v === 'string' ? v.slice(0, MAX) : undefined);

/**
 * `POST /api/client-errors`: the web app's render errors (the Ops page) are written to the server
 * log (SPEC §8 "error reported to an error-reporting service"). Public, size-limited, rate-limited by
 * the body limit; nothing is stored.
 */
export function registerClientErrorRoute(app: FastifyInstance) {
  app.post('/api/client-errors', { bodyLimit: 16_384 }, async (request, reply) => {
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
