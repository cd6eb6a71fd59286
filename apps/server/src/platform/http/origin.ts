import type { FastifyRequest } from 'fastify';
import { viaTrustedProxy } from './proxy.js';

/**
 * Same-origin check for state-changing requests made with the session cookie (CSRF,
 * docs/domains/sign-in-and-sessions.md#cross-site-requests): a browser always sends Origin on cross-origin POSTs; it
 * must be the portal's public origin, or, behind a trusted proxy only, the origin that proxy forwarded
 * (X-Forwarded-Host/-Proto).
 */
export function isSameOrigin(request: FastifyRequest, publicUrl: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return request.headers['sec-fetch-site'] !== 'cross-site';
  if (origin === new URL(publicUrl).origin) return true;
  return viaTrustedProxy(request) && origin === `${request.protocol}://${request.host}`;
}
