import type { Events } from '../events.js';

/**
 * Announced (LISTEN/NOTIFY, every instance) after a user's sessions were deleted: logout, password
 * reset. Open live streams of that user re-check their session at once and end (platform/live-stream.ts).
 */
export const SESSION_ENDED_CHANNEL = 'portal_sessao_encerrada';

/**
 * Call after the commit that deleted the sessions. Never throws: the sessions are already gone, and a
 * lost announce only lets the streams run until their next heartbeat's re-check.
 */
export async function publishSessionEnded(events: Events, usuarioId: string): Promise<void> {
  await events.publish(SESSION_ENDED_CHANNEL, { usuarioId }).catch(() => {});
}
