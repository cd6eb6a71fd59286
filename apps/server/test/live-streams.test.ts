import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { announce, createNotification } from '../src/modules/notifications/notifications.service.js';
import { userDirectory } from '../src/modules/users/users.directory.js';
import { usuario } from '../src/modules/users/users.tables.js';
import { senhaReset, sessao } from '../src/platform/auth/auth.tables.js';
import { resetPassword } from '../src/platform/auth/password-reset.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, openEventStream, signIn } from './browserless.js';
import { startTestPortal, type TestPortal } from './harness.js';

// Live streams end with the session and re-check visibility per event (issue 10 point 3).

type Stream = Awaited<ReturnType<typeof openEventStream>>;

/** Resolves true once the server ended the stream, false if it is still open after `ms`. */
const endsWithin = (s: Stream, ms: number) =>
  Promise.race([s.ended(), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms))]);

describe('live streams, re-checked on each event (heartbeat at its 25 s default)', () => {
  let portal: TestPortal;
  let base: string;
  const as: Record<string, CookieClient> = {};
  const ids: Record<string, string> = {};
  const streams: Stream[] = [];

  const open = async (client: CookieClient, path: string) => {
    const s = await openEventStream(client, `${base}${path}`);
    streams.push(s);
    expect(s.response.status).toBe(200);
    return s;
  };
  const bell = async (client: CookieClient) => {
    const s = await open(client, '/api/notificacoes/stream');
    await s.next((e) => e.event === 'count');
    return s;
  };
  /** As a producer does: create in a transaction, announce after the commit. */
  const notify = async (usuarioId: string) => {
    await portal.services.db.transaction((tx) =>
      createNotification({ db: tx }, { titulo: 'Aviso', texto: '<p>Olá</p>', usuarioIds: [usuarioId] }),
    );
    await announce(portal.services.events, [usuarioId]);
  };
  const q = (who: string, query: string) => gql(as[who], base, query);

  beforeAll(async () => {
    portal = await startTestPortal();
    base = portal.baseUrl;
    for (const who of ['admin', 'montadora', 'aprovador', 'dealer', 'dealer2']) {
      as[who] = (await signIn(base, `${who}@portal.demo`, DEMO_PASSWORD)).client;
      ids[who] = (await q(who, '{ usuarioLogado { id } }')).data.usuarioLogado.id;
    }
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await portal?.stop();
  });

  it('logout ends the bell streams of every session of the user at once; a later notification reaches none', async () => {
    const other = (await signIn(base, 'dealer@portal.demo', DEMO_PASSWORD)).client;
    const mine = await bell(as.dealer);
    const mineElsewhere = await bell(other);
    const someoneElse = await bell(as.dealer2);

    const res = await as.dealer.fetch(`${base}/auth/logout`, { method: 'POST', headers: { origin: base } });
    expect(res.status).toBe(200);
    // Well before the 25 s heartbeat: the logout is announced and the streams re-check at once.
    expect(await endsWithin(mine, 5_000)).toBe(true);
    expect(await endsWithin(mineElsewhere, 5_000)).toBe(true);

    await notify(ids.dealer);
    await notify(ids.dealer2);
    // The other user's stream still delivers, so the announce went out; the ended ones got nothing.
    await someoneElse.next((e) => e.event === 'count' && JSON.parse(e.data).count > 0, 1);
    expect(mine.events.filter((e) => e.event === 'count')).toHaveLength(1);
    expect(mineElsewhere.events.filter((e) => e.event === 'count')).toHaveLength(1);
    expect(await endsWithin(someoneElse, 200)).toBe(false);
  });

  it('a password reset ends the streams of the user at once', async () => {
    const client = (await signIn(base, 'dealer2@portal.demo', DEMO_PASSWORD)).client;
    const s = await bell(client);
    const token = crypto.randomBytes(32).toString('base64url');
    await portal.services.db.insert(senhaReset).values({
      tokenHash: crypto.createHash('sha256').update(token).digest('hex'),
      usuarioId: ids.dealer2,
      expiresAt: new Date(Date.now() + 60_000),
    });
    expect(await resetPassword(portal.services, userDirectory, token, DEMO_PASSWORD)).toBe(true);
    expect(await endsWithin(s, 5_000)).toBe(true);
  });

  it('a user disabled between two events gets no further event: the stream ends on the next one', async () => {
    const client = (await signIn(base, 'admin@portal.demo', DEMO_PASSWORD)).client;
    const s = await bell(client);
    await portal.services.db.update(usuario).set({ active: false }).where(eq(usuario.id, ids.admin));
    try {
      await notify(ids.admin);
      expect(await endsWithin(s, 5_000)).toBe(true);
      expect(s.events.filter((e) => e.event === 'count')).toHaveLength(1);
    } finally {
      await portal.services.db.update(usuario).set({ active: true }).where(eq(usuario.id, ids.admin));
    }
  });

  it("the dashboard's stream stops for a viewer who lost the communication; its approver still gets the read", async () => {
    const groups = (await q('montadora', '{ gruposUsuariosAtivos { id nome } }')).data.gruposUsuariosAtivos as Array<{
      id: string;
      nome: string;
    }>;
    const horizonte = groups.find((g) => g.nome === 'Rede Horizonte')?.id;
    const saved = await gql(
      as.montadora,
      base,
      'mutation ($c: ComunicadoInput!) { salvarComunicado(comunicado: $c) { id } }',
      { c: { titulo: 'Ao vivo', mensagem: '<p>Leia</p>', idsGruposUsuarios: [horizonte] } },
    );
    const id = saved.data.salvarComunicado.id as string;
    await q('montadora', `mutation { enviarParaAprovacao(id: "${id}", aprovadorId: "${ids.aprovador}") { id } }`);
    expect((await q('aprovador', `mutation { aprovarComunicado(id: "${id}") { id } }`)).errors).toBeUndefined();
    const status = async () =>
      ((await portal.services.db.execute(sql`SELECT status FROM comunicado WHERE id = ${id}`)).rows[0] as any).status;
    await vi.waitFor(async () => expect(await status()).toBe('ENVIADO'), { timeout: 15_000, interval: 100 });

    const path = `/api/comunicados/${id}/leituras/stream`;
    // Neither its creator nor its approver (even with every key): no stream at all.
    expect((await openEventStream(as.admin, `${base}${path}`)).response.status).toBe(404);
    const creator = await open(as.montadora, path);
    const approver = await open(as.aprovador, path);

    // The creator is no longer the creator (as if the communication were handed over).
    await portal.services.db.execute(sql`UPDATE comunicado SET criador_id = ${ids.admin} WHERE id = ${id}`);
    const dealer = (await signIn(base, 'dealer@portal.demo', DEMO_PASSWORD)).client;
    const read = await gql(dealer, base, `mutation { marcarEnvioComoLido(idComunicado: "${id}") { lido } }`);
    expect(read.data?.marcarEnvioComoLido.lido).toBe(true);

    await approver.next((e) => e.event === 'leitura');
    expect(await endsWithin(creator, 5_000)).toBe(true);
    expect(creator.events.filter((e) => e.event === 'leitura')).toEqual([]);
  });
});

describe('live streams, re-checked on each heartbeat (STREAM_RECHECK_MS=300)', () => {
  let portal: TestPortal;
  let base: string;
  const streams: Stream[] = [];

  beforeAll(async () => {
    portal = await startTestPortal({ env: { STREAM_RECHECK_MS: '300' } });
    base = portal.baseUrl;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await portal?.stop();
  });

  /** Signs in, opens the bell and returns the stream with the user's id. */
  const bellOf = async (email: string) => {
    const client = (await signIn(base, email, DEMO_PASSWORD)).client;
    const id = (await gql(client, base, '{ usuarioLogado { id } }')).data.usuarioLogado.id as string;
    const s = await openEventStream(client, `${base}/api/notificacoes/stream`);
    streams.push(s);
    await s.next((e) => e.event === 'count');
    return { s, id };
  };

  it('a user disabled by SQL (no event at all) loses the stream within the re-check interval', async () => {
    const { s, id } = await bellOf('dealer@portal.demo');
    await portal.services.db.update(usuario).set({ active: false }).where(eq(usuario.id, id));
    try {
      expect(await endsWithin(s, 5_000)).toBe(true);
    } finally {
      await portal.services.db.update(usuario).set({ active: true }).where(eq(usuario.id, id));
    }
  });

  it('an expired session ends the stream', async () => {
    const { s, id } = await bellOf('dealer2@portal.demo');
    await portal.services.db
      .update(sessao)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessao.usuarioId, id));
    expect(await endsWithin(s, 5_000)).toBe(true);
  });

  it("a healthy stream keeps going, and its re-checks do not extend the session's idle expiry", async () => {
    const { s, id } = await bellOf('montadora@portal.demo');
    const idle = new Date(Date.now() - 5 * 60_000);
    const expires = new Date(Date.now() + 60 * 60_000);
    await portal.services.db
      .update(sessao)
      .set({ lastSeenAt: idle, expiresAt: expires })
      .where(eq(sessao.usuarioId, id));
    const pings = s.comments.filter((c) => c === 'ping').length;
    await vi.waitFor(() => expect(s.comments.filter((c) => c === 'ping').length).toBeGreaterThanOrEqual(pings + 3), {
      timeout: 10_000,
      interval: 50,
    });
    expect(await endsWithin(s, 0)).toBe(false);
    const [row] = await portal.services.db.select().from(sessao).where(eq(sessao.usuarioId, id));
    expect(row.lastSeenAt.getTime()).toBe(idle.getTime());
    expect(row.expiresAt.getTime()).toBe(expires.getTime());
  });
});
