import { LOCALE_BY_IDIOMA } from '@portal/domain';
import { resolveLocale, t } from '@portal/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Authenticated } from '../auth/authenticate.js';
import { DENIAL_CODES, type DenialCode, logRouteDenial } from './denials.js';

/** What a REST upload or download route refuses with (docs/domains/api.md#error-codes). */
export type RouteErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'BAD_USER_INPUT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE';

const STATUS: Record<RouteErrorCode, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_USER_INPUT: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
};

const GENERAL: Record<'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'BAD_USER_INPUT', string> = {
  UNAUTHENTICATED: 'error.unauthenticated',
  FORBIDDEN: 'error.forbidden',
  NOT_FOUND: 'error.notFound',
  BAD_USER_INPUT: 'error.badUserInput',
};

/**
 * The refusal of a REST route: a JSON error in the caller's language, `{ error, messageKey, message }`, with the
 * route's own words for a file too large or of the wrong type. Denials are logged; the connection closes, since
 * the body may be unread (refused early, or cut at the limit).
 */
export function routeErrors(messages: Record<'PAYLOAD_TOO_LARGE' | 'UNSUPPORTED_MEDIA_TYPE', string>) {
  const keys: Record<RouteErrorCode, string> = { ...GENERAL, ...messages };
  return (request: FastifyRequest, reply: FastifyReply, code: RouteErrorCode, auth?: Authenticated | null) => {
    const locale = auth ? LOCALE_BY_IDIOMA[auth.user.idioma] : resolveLocale(request.headers['accept-language']);
    if (DENIAL_CODES.includes(code)) logRouteDenial(request, code as DenialCode, auth?.user.id);
    return reply
      .code(STATUS[code])
      .header('connection', 'close')
      .header('cache-control', 'no-store')
      .send({ error: code, messageKey: keys[code], message: t(locale, keys[code]) });
  };
}
