import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticate } from './auth/authenticate.js';
import { SESSION_ENDED_CHANNEL } from './auth/session-events.js';
import type { CurrentUser } from './graphql/context.js';
import { logRouteDenial } from './http/denials.js';
import type { Services } from './services.js';

/** What one Server-Sent Events route streams, for the user who opened it. */
export type LiveStream = {
  /** The channel (LISTEN/NOTIFY, any instance) whose events may concern this stream. */
  channel: string;
  /** Whether an event on `channel` is about what this stream shows; runs for every event, so cheap. */
  concerns(payload: unknown): boolean;
  /**
   * Whether the user may still see what this stream is about: checked at open (404 when not), and again
   * before each event and on each heartbeat (the stream ends when not). Required, so that no stream
   * forgets to ask.
   */
  stillVisible(user: CurrentUser): Promise<boolean>;
  /** The event sent for a concerning event, read after the checks so it is current. */
  message(user: CurrentUser): Promise<{ event: string; data: unknown }>;
  /** Also send `message` once the stream listens (the bell's first count). */
  sendOnOpen?: boolean;
};

/**
 * Registers `GET path` as a live stream (issue 10 point 3): 401 JSON when signed out, 404 when
 * `stillVisible` says no, else `text/event-stream`. A stream lives only as long as the right to it:
 * before each event and every `STREAM_RECHECK_MS` (the heartbeat) it re-runs the request's
 * authentication (session still live, user still active) and `stillVisible`, and ends when either
 * fails; a logout or password reset (SESSION_ENDED_CHANNEL) triggers that check at once. Events are
 * signals: several arriving while one send waits go out once, in order. Every stream ends when the
 * server closes (preClose, with onClose as the backstop), its socket too.
 */
export function registerLiveStream(
  app: FastifyInstance,
  services: Services,
  authenticate: Authenticate,
  path: string,
  streamFor: (request: FastifyRequest, user: CurrentUser) => LiveStream,
) {
  const open = new Set<(shutdown?: boolean) => void>();
  // preClose runs before the server waits for its connections; onClose is the backstop.
  const endAll = async () => {
    for (const end of [...open]) end(true);
  };
  app.addHook('preClose', endAll);
  app.addHook('onClose', endAll);

  app.get(path, async (request, reply) => {
    const auth = await authenticate(request);
    if (!auth) {
      logRouteDenial(request, 'UNAUTHENTICATED', null);
      return reply.code(401).header('cache-control', 'no-store').send({ error: 'UNAUTHENTICATED' });
    }
    const userId = auth.user.id;
    const stream = streamFor(request, auth.user);
    if (!(await stream.stillVisible(auth.user))) {
      logRouteDenial(request, 'NOT_FOUND', userId);
      return reply.code(404).header('cache-control', 'no-store').send({ error: 'NOT_FOUND' });
    }

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'x-request-id': request.id,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    res.write(': open\n\n');

    let closed = false;
    /** The user while the session is live, the user active and the item still theirs; else null. */
    const stillAllowed = async (): Promise<CurrentUser | null> => {
      // A re-check is not the user's activity: it must not keep an idle session alive.
      const now = await authenticate(request, { renew: false });
      return now?.user.id === userId && (await stream.stillVisible(now.user)) ? now.user : null;
    };

    let chain = Promise.resolve();
    let queued: 'check' | 'send' | null = null;
    /** Re-checks, then sends the message (or a ping); one at a time, and a waiting send covers a check. */
    const schedule = (what: 'check' | 'send') => {
      if (closed) return;
      if (queued) {
        if (what === 'send') queued = 'send';
        return;
      }
      queued = what;
      chain = chain
        .then(async () => {
          const sending = queued === 'send';
          queued = null;
          if (closed) return;
          const user = await stillAllowed();
          if (!user) return end();
          const frame = sending ? await stream.message(user) : null;
          if (closed) return;
          res.write(frame ? `event: ${frame.event}\ndata: ${JSON.stringify(frame.data)}\n\n` : ': ping\n\n');
        })
        .catch((err) => {
          // A check that cannot be made is not passed: the client reconnects and is checked anew.
          request.log.warn({ err, path }, 'live stream: re-check or send failed; stream ended');
          end();
        });
    };

    const unsubscribe = [
      services.events.subscribe(stream.channel, (payload) => {
        if (stream.concerns(payload)) schedule('send');
      }),
      services.events.subscribe(SESSION_ENDED_CHANNEL, (payload) => {
        if ((payload as { usuarioId?: unknown } | null)?.usuarioId === userId) schedule('check');
      }),
    ];
    const heartbeat = setInterval(() => schedule('check'), services.config.streamRecheckMs);
    const end = (shutdown = false) => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      for (const off of unsubscribe) off();
      open.delete(end);
      if (!res.writableEnded) res.end();
      // On shutdown the socket goes too: a kept-alive idle socket would hold the server's close.
      if (shutdown) res.socket?.destroy();
    };
    open.add(end);
    res.on('close', () => end());
    res.on('error', () => end());

    // Once the listener connection answers, its LISTEN is active: nothing announced after the first
    // message can be missed.
    await services.events.ready().catch(() => false);
    if (stream.sendOnOpen) schedule('send');
  });
}
