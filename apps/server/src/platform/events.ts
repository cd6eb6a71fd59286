import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Database } from './db.js';

/**
 * Live events over Postgres LISTEN/NOTIFY (docs/ARCHITECTURE.md#embedded-or-scaled-out): a publish on any instance
 * reaches the subscribers of every instance. Embedded mode uses PGlite's in-process LISTEN.
 */
export type Events = {
  publish(channel: string, payload: unknown): Promise<void>;
  subscribe(channel: string, handler: (payload: unknown) => void): () => void;
  ready(): Promise<boolean>;
  close(): Promise<void>;
};

/** Reconnection of the LISTEN connection: first retry after 250 ms, doubling up to 5 s. */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 5_000;
/** The LISTEN connection answers a ping this often, within this time, or is replaced. */
const PING_EVERY_MS = 15_000;
const PING_TIMEOUT_MS = 5_000;

export async function startEvents(database: Database): Promise<Events> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  /** Every channel subscribed so far: LISTENed again on each new connection. */
  const listening = new Set<string>();
  const unlisten: Array<() => Promise<void>> = [];

  const deliver = (channel: string, raw: string | undefined) => {
    let payload: unknown = raw;
    try {
      payload = raw ? JSON.parse(raw) : null;
    } catch {
      /* plain string payload */
    }
    emitter.emit(channel, payload);
  };
  const listenSql = (channel: string) => `LISTEN "${channel.replace(/"/g, '')}"`;

  // PostgreSQL: one dedicated LISTEN connection. When it dies (database restart, failover, network),
  // it is replaced with backoff and every channel is LISTENed again; meanwhile ready() fails and
  // subscriptions are only remembered. Events published while it was down are not replayed.
  let client: pg.Client | undefined;
  /** Drops the current connection and schedules the next one. */
  let dropClient = () => {};
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = RECONNECT_FIRST_MS;
  // The LISTENs, the pings and ready()'s check are sent one after the other: pg runs one query at a time on a client
  // (pg 8 warns of a query sent while another runs; pg 9 refuses it).
  let turn: Promise<unknown> = Promise.resolve();
  const send = (on: pg.Client, text: string) => {
    const run = turn.then(() => on.query(text));
    turn = run.catch(() => {});
    return run;
  };
  const connect = async () => {
    const next = new pg.Client({
      connectionString: database.connectionString,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    });
    next.on('notification', (msg) => deliver(msg.channel, msg.payload));
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      if (client === next) client = undefined;
      next.end().catch(() => {});
      reconnectLater();
    };
    next.on('error', onLost);
    next.on('end', onLost);
    try {
      await next.connect();
      if (closed) {
        await next.end();
        return;
      }
      // Current before the LISTENs run: a subscription arriving meanwhile LISTENs on it too (twice is harmless).
      client = next;
      dropClient = onLost;
      for (const channel of listening) await send(next, listenSql(channel));
      retryMs = RECONNECT_FIRST_MS;
    } catch (err) {
      onLost();
      throw err;
    }
  };
  const reconnectLater = () => {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      if (!closed) connect().catch(() => {});
    }, retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
  };
  // A connection that went silent (a failover that left the socket half-open) is noticed by a ping.
  const ping = setInterval(() => {
    const current = client;
    if (!current) return;
    const timeout = new Promise((_, reject) => setTimeout(reject, PING_TIMEOUT_MS).unref());
    Promise.race([send(current, 'SELECT 1'), timeout]).catch(() => {
      if (client === current) dropClient();
    });
  }, PING_EVERY_MS);
  ping.unref();
  if (database.kind === 'postgres') {
    await connect().catch((err) => {
      closed = true;
      clearInterval(ping);
      clearTimeout(retryTimer);
      throw err;
    });
  } else clearInterval(ping);

  const listen = async (channel: string) => {
    if (listening.has(channel)) return;
    listening.add(channel);
    if (database.pglite) {
      const off = await database.pglite.listen(channel, (p) => deliver(channel, p));
      unlisten.push(off);
    } else if (client) {
      // A failure means the connection is going: the reconnection LISTENs this channel with the rest.
      await send(client, listenSql(channel)).catch(() => {});
    }
  };

  return {
    async publish(channel, payload) {
      if (database.pglite) await database.pglite.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify(payload)]);
      else await (database.pool as pg.Pool).query('SELECT pg_notify($1, $2)', [channel, JSON.stringify(payload)]);
    },
    subscribe(channel, handler) {
      listen(channel).catch(() => {});
      emitter.on(channel, handler);
      return () => emitter.off(channel, handler);
    },
    /** Answers once the LISTENs asked for so far are active (queued on the same connection). */
    async ready() {
      if (database.kind !== 'postgres') return true;
      if (!client) throw new Error('live events: reconnecting to the database');
      await send(client, 'SELECT 1');
      return true;
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(ping);
      for (const off of unlisten) await off().catch(() => {});
      await client?.end().catch(() => {});
    },
  };
}
