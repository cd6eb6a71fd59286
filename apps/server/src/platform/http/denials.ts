import type { FastifyBaseLogger, FastifyRequest } from 'fastify';

export type DenialCode = 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND';

/** One refused access as operators see it: who, which operation, which item (never its content). */
export type Denial = { code: DenialCode; userId: string | null; operation: string; id: string | null };

export const DENIAL_CODES: readonly string[] = ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'];

/** Writes one denial as a single `warn` line (`{ denial }`, 'access denied'): the level alerts key on. */
export function logDenial(log: FastifyBaseLogger, denial: Denial) {
  log.warn({ denial }, 'access denied');
}

/**
 * The REST routes' denial log (files, uploads, streams, exports): the operation is the route
 * (`GET /api/files/:id`), the id its `:id` parameter unless given.
 */
export function logRouteDenial(
  request: FastifyRequest,
  code: DenialCode,
  userId: string | null | undefined,
  id?: string | null,
) {
  const params = request.params as { id?: unknown } | undefined;
  logDenial(request.log, {
    code,
    userId: userId ?? null,
    operation: `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`,
    id: id ?? (typeof params?.id === 'string' ? params.id : null),
  });
}
