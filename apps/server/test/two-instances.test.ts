import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announce, createNotification } from '../src/modules/notifications/notifications.service.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { gql, openEventStream, signIn } from './browserless.js';
import { freePort, freshPostgresDatabase, onPostgres, startTestPortal, type TestPortal } from './harness.js';

const ME = '{ usuarioLogado { id email } }';

/** Polls `check` every 50 ms until it returns true, for at most `timeoutMs`. */
async function until(check: () => boolean, timeoutMs = 10_000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

// PostgreSQL only: two instances share one database, which an in-memory PGlite (one process,
// one instance) cannot be.
describe.runIf(onPostgres)('two instances behind one load balancer, on one PostgreSQL database', () => {
  let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  let a: TestPortal;
  let b: TestPortal;
  let publicUrl: string;
  let bUrl: string;

  beforeAll(async () => {
    database = await freshPostgresDatabase();
    const [portA, portB] = [await freePort(), await freePort()];
    publicUrl = `http://127.0.0.1:${portA}`;
    bUrl = `http://127.0.0.1:${portB}`;
    const env = { PUBLIC_URL: publicUrl, SESSION_SECRET: 'shared-session-secret-of-the-two-instances-0123456789' };
    // Started together: both migrate and seed the same empty database at once.
    [a, b] = await Promise.all([
      startTestPortal({ databaseUrl: database.url, port: portA, env }),
      startTestPortal({ databaseUrl: database.url, port: portB, env }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  it('both instances migrated and seeded the same database concurrently, once', async () => {
    for (const url of [publicUrl, bUrl]) {
      const ready = await fetch(`${url}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ok', database: 'ok', jobs: 'ok', events: 'ok' });
    }
    const rows = async (query: ReturnType<typeof sql>) => {
      const result = (await a.services.db.execute(query)) as unknown as { rows: Array<Record<string, unknown>> };
      return result.rows;
    };
    expect(await rows(sql`SELECT count(*)::int AS n FROM usuario WHERE email = 'admin@portal.demo'`)).toEqual([
      { n: 1 },
    ]);
    expect(await rows(sql`SELECT count(*)::int AS n FROM segredo`)).toEqual([{ n: 1 }]);
    const applied = await rows(
      sql`SELECT hash, count(*)::int AS n FROM drizzle.__drizzle_migrations GROUP BY hash HAVING count(*) > 1`,
    );
    expect(applied).toEqual([]);
  });

  it('a sign-in started on A, with the provider form served and posted on B, gives a session both serve', async () => {
    const toB = (u: string) => (u.includes('/oidc/interaction/') ? u.replace(publicUrl, bUrl) : u);
    const hops: string[] = [];
    const result = await signIn(publicUrl, 'dealer@portal.demo', DEMO_PASSWORD, {
      rewrite: (u) => {
        const target = toB(u);
        hops.push(target);
        return target;
      },
    });
    // The interaction (GET form and POST) really went to B; the rest to A.
    expect(hops.some((u) => u.startsWith(`${bUrl}/oidc/interaction/`) && u.endsWith('/login'))).toBe(true);
    expect(hops.some((u) => u.startsWith(`${publicUrl}/auth/callback`))).toBe(true);
    expect(result.finalUrl).toBe(`${publicUrl}/home`);
    expect(result.client.jar.has('portal_sid')).toBe(true);

    // As the load balancer would: same public origin, either instance.
    const origin = { origin: publicUrl };
    for (const url of [bUrl, publicUrl]) {
      const me = await gql(result.client, url, ME, undefined, origin);
      expect(me.errors).toBeUndefined();
      expect(me.data.usuarioLogado.email).toBe('dealer@portal.demo');
    }

    // Logout through B ends the session for A too.
    const cookie = result.client.jar.get('portal_sid') as string;
    const logout = await result.client.fetch(`${bUrl}/auth/logout`, { method: 'POST', headers: origin });
    expect(logout.status).toBe(200);
    expect(((await logout.json()) as { logoutUrl: string }).logoutUrl).toContain(`${publicUrl}/oidc/session/end`);
    expect(result.client.jar.has('portal_sid')).toBe(false);
    // Replay the old cookie on purpose: the session is gone server-side, not just from this jar.
    result.client.jar.set('portal_sid', cookie);
    for (const url of [publicUrl, bUrl]) {
      const after = await gql(result.client, url, ME, undefined, origin);
      expect(after.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    }
  });

  it('live events published on one instance reach the subscribers of the other', async () => {
    const onB: unknown[] = [];
    const onA: unknown[] = [];
    const offB = b.services.events.subscribe('portal_notificacoes', (p) => onB.push(p));
    const offA = a.services.events.subscribe('portal_notificacoes', (p) => onA.push(p));
    try {
      // ready() queues behind the LISTEN on the same connection: once it answers, the LISTEN is active.
      await Promise.all([a.services.events.ready(), b.services.events.ready()]);
      await a.services.events.publish('portal_notificacoes', { usuarioId: 'x' });
      expect(await until(() => onB.length > 0)).toBe(true);
      expect(onB[0]).toEqual({ usuarioId: 'x' });
      await b.services.events.publish('portal_notificacoes', { usuarioId: 'y' });
      expect(await until(() => onA.some((p) => (p as { usuarioId: string }).usuarioId === 'y'))).toBe(true);
    } finally {
      offA();
      offB();
    }
  });

  it('a notification stream opened on B receives the count when A creates and announces a notification', async () => {
    const { client } = await signIn(publicUrl, 'montadora@portal.demo', DEMO_PASSWORD);
    const me = (await gql(client, publicUrl, ME, undefined, { origin: publicUrl })).data.usuarioLogado;
    const stream = await openEventStream(client, `${bUrl}/api/notificacoes/stream`);
    try {
      expect(stream.response.status).toBe(200);
      const first = await stream.next((e) => e.event === 'count');
      const start = (JSON.parse(first.data) as { count: number }).count;
      await a.services.db.transaction((tx) =>
        createNotification({ db: tx }, { titulo: 'De A', texto: '<p>x</p>', usuarioIds: [me.id] }),
      );
      await announce(a.services.events, [me.id]);
      const pushed = await stream.next((e) => e.event === 'count' && JSON.parse(e.data).count === start + 1, 1);
      expect(JSON.parse(pushed.data)).toEqual({ count: start + 1 });
    } finally {
      stream.close();
    }
  });
});
