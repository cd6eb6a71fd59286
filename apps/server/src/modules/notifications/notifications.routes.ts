import { registerLiveStream } from '../../platform/live-stream.js';
import type { RouteContext } from '../../platform/module.js';
import { countUnseen } from './notifications.queries.js';
import { NOTIFICATIONS_CHANNEL } from './notifications.service.js';

/**
 * `GET /api/notificacoes/stream`: the bell's live unread count as Server-Sent Events
 * (platform/live-stream.ts: 401 JSON when signed out, ends with the session). Sends `event: count`
 * with `data: {"count":N}` on connect, then again whenever NOTIFICATIONS_CHANNEL names the user or
 * everyone (from any instance, LISTEN/NOTIFY), and a `: ping` comment every STREAM_RECHECK_MS.
 */
export function registerNotificationRoutes({ app, services, authenticate }: RouteContext) {
  registerLiveStream(app, services, authenticate, '/api/notificacoes/stream', (_request, user) => ({
    channel: NOTIFICATIONS_CHANNEL,
    concerns: (payload) => {
      const event = payload as { usuarioId?: unknown; todos?: unknown } | null;
      return event?.todos === true || event?.usuarioId === user.id;
    },
    // The count is the user's own, by construction: only the session has to hold.
    stillVisible: async () => true,
    message: async (current) => ({ event: 'count', data: { count: await countUnseen(services.database, current.id) } }),
    sendOnOpen: true,
  }));
}
