import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { Database } from './db.js';

/**
 * Live events over Postgres LISTEN/NOTIFY (DESIGN §1): a publish on any instance reaches the
 * subscribers of every instance. Embedded mode uses PGlite's in-process LISTEN.
 */
export type Events = {
  publish(channel: string, payload: unknown): Promise<void>;
  subscribe(channel: string, handler: (payload: unknown) => void): () => void;
  ready(): Promise<boolean>;
  close(): Promise<void>;
};

export async function startEvents(database: Database): Promise<Events> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const listening = new Set<string>();
  let client: pg.Client | undefined;
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

  if (database.kind === 'postgres') {
    client = new pg.Client({ connectionString: database.connectionString });
    client.on('notification', (msg) => deliver(msg.channel, msg.payload));
    client.on('error', () => {});
    await client.connect();
  }

  const listen = async (channel: string) => {
    if (listening.has(channel)) return;
    listening.add(channel);
    if (client) await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
    else if (database.pglite) {
      const off = await database.pglite.listen(channel, (p) => deliver(channel, p));
      unlisten.push(off);
    }
  };

  return {
    async publish(channel, payload) {
      if (database.pglite) await database.pglite.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify(payload)]);
      else await (database.pool as pg.Pool).query('SELECT pg_notify($1, $2)', [channel, JSON.stringify(payload)]);
    },
    subscribe(channel, handler) {
      void listen(channel);
      emitter.on(channel, handler);
      return () => emitter.off(channel, handler);
    },
    async ready() {
      if (!client) return true;
      await client.query('SELECT 1');
      return true;
    },
    async close() {
      for (const off of unlisten) await off().catch(() => {});
      await client?.end().catch(() => {});
    },
  };
}
