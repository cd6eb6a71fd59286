import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditoria } from '../src/modules/audit/audit.tables.js';
import { inativarGrupo } from '../src/modules/groups/groups.service.js';
import { sendPushes } from '../src/modules/notifications/notifications.push.jobs.js';
import { pushSubscription } from '../src/modules/notifications/notifications.push.tables.js';
import { createNotification } from '../src/modules/notifications/notifications.service.js';
import { inactivateIdleUsers } from '../src/modules/users/users.inactivity.js';
import { inactivateUsersOfInactiveGroups } from '../src/modules/users/users.sync.js';
import { systemContext } from '../src/platform/actions.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn } from './browserless.js';
import { createDealerGroup, createUser, createUserGroup } from './factories.js';
import { freshPostgresDatabase, onPostgres, startTestPortal, type TestPortal } from './harness.js';
import { type PushReceiver, startPushReceiver } from './push-receiver.js';

// Web push (issue 18 point 3, decision 0034): the subscription contract, the round trip through a local push
// service that decrypts what it gets, retries and deletions, exactly once, and deactivation.

const SUBSCRIBE = 'mutation ($input: PushSubscriptionInput!) { gerarPushSubscription(input: $input) }';
const UNSUBSCRIBE = 'mutation ($endpoint: String!) { removerPushSubscription(endpoint: $endpoint) }';

describe('web push', () => {
  let portal: TestPortal;
  let receiver: PushReceiver;
  const as: Record<string, CookieClient> = {};
  const ids: Record<string, string> = {};
  const q = (who: string, query: string, variables?: Record<string, unknown>) =>
    gql(as[who], portal.baseUrl, query, variables);
  const subscriptionsOf = (usuarioId: string) =>
    portal.services.db.select().from(pushSubscription).where(eq(pushSubscription.usuarioId, usuarioId));

  /** A fresh user of `idioma`, signed in as `who`. */
  async function person(who: string, idioma: 'PT_BR' | 'ES' | 'EN' = 'PT_BR', more: Record<string, unknown> = {}) {
    const u = await createUser(portal, { idioma, password: DEMO_PASSWORD, ...more });
    as[who] = (await signIn(portal.baseUrl, u.email, DEMO_PASSWORD)).client;
    ids[who] = u.id;
  }
  beforeAll(async () => {
    receiver = await startPushReceiver();
    portal = await startTestPortal({
      config: {
        push: {
          enabled: true,
          allowedHosts: ['push.example'],
          concurrency: 8,
          timeoutMs: 2_000,
          retryDelayMs: 20,
          testOrigin: receiver.origin,
        },
      },
    });
    as.admin = (await signIn(portal.baseUrl, 'admin@portal.demo', DEMO_PASSWORD)).client;
    ids.admin = (await q('admin', '{ usuarioLogado { id } }')).data.usuarioLogado.id;
    await person('ana');
    await person('bia', 'EN');
  });
  afterAll(async () => {
    await portal?.stop();
    await receiver?.close();
  });

  it('the public key: the same for every user and kept as a shared secret', async () => {
    const a = (await q('ana', '{ chavePublicaPush }')).data.chavePublicaPush;
    const b = (await q('bia', '{ chavePublicaPush }')).data.chavePublicaPush;
    expect(a).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(Buffer.from(a, 'base64url')[0]).toBe(4);
    expect(b).toBe(a);
    const kept = await portal.services.db.execute(sql`SELECT valor FROM segredo WHERE nome = 'push.vapid'`);
    expect((kept.rows[0] as { valor: { publicKey: string } }).valor.publicKey).toBe(a);
  });

  it('subscribing keeps one row per endpoint; the same endpoint again replaces it, even for another user', async () => {
    const browser = receiver.browser('shared');
    expect((await q('ana', SUBSCRIBE, { input: browser.subscription })).data.gerarPushSubscription).toBe(true);
    expect(await subscriptionsOf(ids.ana)).toHaveLength(1);
    // The same browser subscribes again (new keys): still one row.
    const renewed = receiver.browser('shared');
    expect((await q('ana', SUBSCRIBE, { input: renewed.subscription })).data.gerarPushSubscription).toBe(true);
    const [row] = await subscriptionsOf(ids.ana);
    expect(row.p256dh).toBe(renewed.subscription.key);
    // Another user signs in on that browser: the subscription moves to them.
    expect((await q('bia', SUBSCRIBE, { input: renewed.subscription })).data.gerarPushSubscription).toBe(true);
    expect(await subscriptionsOf(ids.ana)).toHaveLength(0);
    expect(await subscriptionsOf(ids.bia)).toHaveLength(1);
    const audit = await portal.services.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidade, 'push_subscription'), eq(auditoria.entidadeId, row.id)));
    expect(audit.map((a) => a.acao)).toEqual(['criar', 'editar', 'editar']);
    // The audit names the push service's host, never the endpoint (a capability) nor the keys.
    expect(JSON.stringify(audit)).not.toContain(renewed.subscription.key);
    expect(JSON.stringify(audit)).not.toContain('/push/shared');
  });

  it('refuses endpoints that fail the check and keys that are not a browser’s', async () => {
    const good = receiver.browser('refused').subscription;
    for (const endpoint of [
      'https://127.0.0.1/x',
      'https://2130706433/x',
      'https://[::1]/x',
      'http://fcm.googleapis.com/x',
      'https://fcm.googleapis.com:8443/x',
      'https://fcm.googleapis.com/x', // not on this portal's allow-list
      `${receiver.origin.replace('127.0.0.1', 'localhost')}/push/refused`,
    ]) {
      const r = await q('ana', SUBSCRIBE, { input: { ...good, endpoint } });
      expect(r.errors?.[0]?.extensions.code, endpoint).toBe('BAD_USER_INPUT');
      expect(r.errors?.[0]?.extensions.fields).toEqual({ endpoint: 'push.endpointRefused' });
    }
    const badKey = await q('ana', SUBSCRIBE, { input: { ...good, key: Buffer.alloc(65, 4).toString('base64url') } });
    expect(badKey.errors?.[0]?.extensions.fields).toEqual({ key: 'validation.invalid' });
    const badAuth = await q('ana', SUBSCRIBE, { input: { ...good, auth: 'abc' } });
    expect(badAuth.errors?.[0]?.extensions.fields).toEqual({ auth: 'validation.invalid' });
    expect(await subscriptionsOf(ids.ana)).toHaveLength(0);
  });

  it('removing: only the signed-in user’s own subscription of that endpoint', async () => {
    const browser = receiver.browser('removable');
    await q('ana', SUBSCRIBE, { input: browser.subscription });
    expect((await q('bia', UNSUBSCRIBE, { endpoint: browser.endpoint })).data.removerPushSubscription).toBe(false);
    expect(await subscriptionsOf(ids.ana)).toHaveLength(1);
    expect((await q('ana', UNSUBSCRIBE, { endpoint: browser.endpoint })).data.removerPushSubscription).toBe(true);
    expect(await subscriptionsOf(ids.ana)).toHaveLength(0);
    expect((await q('ana', UNSUBSCRIBE, { endpoint: 'not a url' })).data.removerPushSubscription).toBe(false);
  });
});

describe('web push: sending', () => {
  let portal: TestPortal;
  let receiver: PushReceiver;
  const as: Record<string, CookieClient> = {};
  const ids: Record<string, string> = {};
  const q = (who: string, query: string, variables?: Record<string, unknown>) =>
    gql(as[who], portal.baseUrl, query, variables);
  const subscriptionsOf = (usuarioId: string) =>
    portal.services.db.select().from(pushSubscription).where(eq(pushSubscription.usuarioId, usuarioId));
  async function person(who: string, idioma: 'PT_BR' | 'ES' | 'EN' = 'PT_BR', more: Record<string, unknown> = {}) {
    const u = await createUser(portal, { idioma, password: DEMO_PASSWORD, ...more });
    as[who] = (await signIn(portal.baseUrl, u.email, DEMO_PASSWORD)).client;
    ids[who] = u.id;
  }
  async function subscribe(who: string, browser = who) {
    const r = await q(who, SUBSCRIBE, { input: receiver.browser(browser).subscription });
    expect(r.data?.gerarPushSubscription).toBe(true);
  }
  const messagesTo = (browser: string) => receiver.received.filter((m) => m.browser === browser);
  async function notify(users: string[], titulo: string, link?: string) {
    const sent = await q(
      'admin',
      'mutation ($n: NotificacaoGenericaInput!) { enviarNotificacaoGenerica(notificacao: $n) }',
      { n: { titulo, texto: '<p>x</p>', link, idsUsuarios: users.map((u) => ids[u]) } },
    );
    expect(sent.data?.enviarNotificacaoGenerica).toBe(users.length);
    const [row] = (await portal.services.db.execute(sql`SELECT id FROM notificacao WHERE titulo = ${titulo}`)).rows as {
      id: string;
    }[];
    return row.id;
  }
  const wait = (check: () => void) => vi.waitFor(check, { timeout: 15_000, interval: 50 });

  beforeAll(async () => {
    receiver = await startPushReceiver();
    portal = await startTestPortal({
      config: {
        push: {
          enabled: true,
          allowedHosts: ['push.example'],
          concurrency: 8,
          timeoutMs: 2_000,
          retryDelayMs: 20,
          testOrigin: receiver.origin,
        },
      },
    });
    as.admin = (await signIn(portal.baseUrl, 'admin@portal.demo', DEMO_PASSWORD)).client;
    as.aprovador = (await signIn(portal.baseUrl, 'aprovador@portal.demo', DEMO_PASSWORD)).client;
  });
  afterAll(async () => {
    await portal?.stop();
    await receiver?.close();
  });

  it('round trip: a generic notification reaches each browser, decrypted as its push service would, in its user’s language, with a valid VAPID JWT', async () => {
    await person('pt');
    await person('en', 'EN');
    await person('es', 'ES');
    await subscribe('pt', 'pt-phone');
    await subscribe('pt', 'pt-laptop');
    await subscribe('en');
    await subscribe('es');
    const id = await notify(['pt', 'en', 'es'], 'Campanha de revisão', '/biblioteca');
    await wait(() => expect(receiver.received.filter((m) => m.payload.tag === id)).toHaveLength(4));
    expect(receiver.rejected).toEqual([]);
    const key = (await q('pt', '{ chavePublicaPush }')).data.chavePublicaPush;
    const expected = (body: string) => ({ title: 'Campanha de revisão', body, url: '/biblioteca', tag: id });
    expect(messagesTo('pt-phone').map((m) => m.payload)).toEqual([expected('Nova notificação')]);
    expect(messagesTo('pt-laptop').map((m) => m.payload)).toEqual([expected('Nova notificação')]);
    expect(messagesTo('en').map((m) => m.payload)).toEqual([expected('New notification')]);
    expect(messagesTo('es').map((m) => m.payload)).toEqual([expected('Nueva notificación')]);
    for (const m of receiver.received) {
      expect(m.vapidKey).toBe(key);
      expect(m.vapid.aud).toBe(receiver.origin);
      expect(m.vapid.sub).toBe('mailto:no-reply@portal.local');
      expect(m.vapid.exp * 1000).toBeGreaterThan(Date.now());
      expect(m.vapid.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
      expect(m.headers.ttl).toBe('86400');
      expect(m.headers['content-type']).toBe('application/octet-stream');
    }
    // A link out of the portal is not where a push opens: the notifications page is.
    const outside = await notify(['en'], 'Fora', 'https://example.com/x');
    await wait(() =>
      expect(receiver.received.find((m) => m.payload.tag === outside)?.payload.url).toBe('/notificacoes'),
    );
    // Each delivered message is counted for the instance's figures (docs/operations.md#metrics).
    const sent = async () => {
      const text = await (await fetch(`${portal.baseUrl}/metrics`)).text();
      return Number(/^portal_push_messages_total\{outcome="sent"\} (\d+)/m.exec(text)?.[1] ?? 0);
    };
    await vi.waitFor(async () => expect(await sent()).toBeGreaterThanOrEqual(5), { timeout: 15_000, interval: 100 });
  });

  it('410 or 404 deletes the subscription; a redirect is not followed; 500 and 429 are retried and delivered once', async () => {
    await person('gone');
    await person('missing');
    await person('moved');
    await person('flaky');
    for (const who of ['gone', 'missing', 'moved', 'flaky']) await subscribe(who);
    receiver.answer('gone', 410);
    receiver.answer('missing', 404);
    receiver.answer('moved', { status: 301, headers: { location: `${receiver.origin}/push/flaky` } });
    receiver.answer('flaky', 500, 503, { status: 429, headers: { 'retry-after': '0' } });
    const id = await notify(['gone', 'missing', 'moved', 'flaky'], 'Respostas');
    await wait(() => expect(messagesTo('flaky')).toHaveLength(1));
    await wait(async () => expect(await subscriptionsOf(ids.gone)).toHaveLength(0));
    await wait(async () => expect(await subscriptionsOf(ids.missing)).toHaveLength(0));
    expect(receiver.hits.get('flaky')).toBe(4);
    expect(receiver.hits.get('moved')).toBe(1);
    expect(messagesTo('moved')).toHaveLength(0);
    expect(await subscriptionsOf(ids.moved)).toHaveLength(1);
    const audit = await portal.services.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidade, 'push_subscription'), eq(auditoria.acao, 'excluir')));
    expect(audit.filter((a) => (a.depois as { motivo?: string })?.motivo === 'servico')).toHaveLength(2);
    expect(messagesTo('flaky')[0].payload.tag).toBe(id);
  });

  it('a communication sent to two users with subscriptions reaches both, once, even with two workers', async () => {
    const group = await createUserGroup(portal);
    await person('um', 'PT_BR', { idsGruposUsuarios: [group.id] });
    await person('dois', 'EN', { idsGruposUsuarios: [group.id] });
    await subscribe('um');
    await subscribe('dois');
    const saved = await q('aprovador', 'mutation ($c: ComunicadoInput!) { salvarComunicado(comunicado: $c) { id } }', {
      c: { titulo: 'Recall 2027', mensagem: '<p>Confidencial</p>', idsGruposUsuarios: [group.id] },
    });
    const comunicadoId = saved.data.salvarComunicado.id;
    await q('aprovador', `mutation { enviarComunicado(id: "${comunicadoId}") { id } }`);
    await wait(() => expect(messagesTo('um')).toHaveLength(1));
    await wait(() => expect(messagesTo('dois')).toHaveLength(1));
    expect(messagesTo('um')[0].payload).toMatchObject({
      title: 'Recall 2027',
      body: 'Novo comunicado',
      url: `/comunicados/visualizarEnvio/${comunicadoId}`,
    });
    expect(messagesTo('dois')[0].payload.body).toBe('New communication');
    // Nothing of the message's body goes in the payload.
    expect(JSON.stringify(receiver.received)).not.toContain('Confidencial');
    // The job again, twice at once: nothing more.
    const tag = messagesTo('um')[0].payload.tag as string;
    await Promise.all([
      sendPushes(portal.services, { notificacaoId: tag, tipo: 'comunicado' }),
      sendPushes(portal.services, { notificacaoId: tag, tipo: 'comunicado' }),
    ]);
    // Two workers racing on a fresh notification, one subscription per claim: each browser gets it once.
    await person('tres');
    await subscribe('tres');
    const fresh = await portal.services.db.transaction((tx) =>
      createNotification(
        { db: tx },
        { titulo: 'Corrida', texto: '<p>x</p>', usuarioIds: [ids.um, ids.dois, ids.tres] },
      ),
    );
    const runs = await Promise.all([
      sendPushes(portal.services, { notificacaoId: fresh, tipo: 'notificacao' }, { batch: 1 }),
      sendPushes(portal.services, { notificacaoId: fresh, tipo: 'notificacao' }, { batch: 1 }),
    ]);
    expect(runs[0].sent + runs[1].sent).toBe(3);
    for (const who of ['um', 'dois', 'tres']) {
      expect(messagesTo(who).filter((m) => m.payload.tag === fresh)).toHaveLength(1);
    }
    expect(messagesTo('um')).toHaveLength(2);
  });

  it('deactivation removes the user’s subscriptions: by an administrator, the dealer group cascade, the groups synchronisation and the inactivity sweep', async () => {
    await person('leaving');
    await subscribe('leaving', 'leaving-1');
    await subscribe('leaving', 'leaving-2');
    expect(await subscriptionsOf(ids.leaving)).toHaveLength(2);
    const off = await q('admin', `mutation { inativarUsuario(id: "${ids.leaving}") { id } }`);
    expect(off.errors).toBeUndefined();
    expect(await subscriptionsOf(ids.leaving)).toHaveLength(0);

    const grupo = await createDealerGroup(portal);
    await person('cascade', 'PT_BR', { idsGrupos: [grupo.id] });
    await subscribe('cascade');
    await inativarGrupo(systemContext(portal.services), { grupoId: grupo.id });
    expect(await subscriptionsOf(ids.cascade)).toHaveLength(0);
    const audit = await portal.services.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidade, 'push_subscription'), eq(auditoria.entidadeId, ids.cascade)));
    expect(audit.map((a) => a.acao)).toEqual(['excluir']);

    // The superAdmin groups synchronisation, for a user left active in an inactive group (as an SQL load leaves it).
    const stale = await createDealerGroup(portal);
    await person('stale', 'PT_BR', { idsGrupos: [stale.id] });
    await subscribe('stale');
    await portal.services.db.execute(sql`UPDATE grupo SET active = false WHERE id = ${stale.id}`);
    await inactivateUsersOfInactiveGroups(systemContext(portal.services));
    expect(await subscriptionsOf(ids.stale)).toHaveLength(0);

    // The inactivity sweep (last: it moves the portal's clock past USER_INACTIVITY_DAYS for everyone).
    await person('idle');
    await subscribe('idle');
    portal.services.clock.advance((portal.services.config.userInactivityDays + 1) * 86_400_000);
    expect(await inactivateIdleUsers(systemContext(portal.services))).toContain(ids.idle);
    expect(await subscriptionsOf(ids.idle)).toHaveLength(0);
  });
});

describe('web push switched off', () => {
  it('no public key and nothing kept', async () => {
    const receiver = await startPushReceiver();
    const portal = await startTestPortal({ env: { WEB_PUSH: 'false' } });
    try {
      const { client } = await signIn(portal.baseUrl, 'leitor@portal.demo', DEMO_PASSWORD);
      expect((await gql(client, portal.baseUrl, '{ chavePublicaPush }')).data.chavePublicaPush).toBeNull();
      const r = await gql(client, portal.baseUrl, SUBSCRIBE, { input: receiver.browser('off').subscription });
      expect(r.data.gerarPushSubscription).toBe(false);
      expect(await portal.services.db.select().from(pushSubscription)).toHaveLength(0);
    } finally {
      await portal.stop();
      await receiver.close();
    }
  });
});

// Two server instances need one shared database: PGlite is in-process, so this runs in the PostgreSQL pass only.
describe.runIf(onPostgres)('web push on two instances', () => {
  it('both instances run push workers: each browser gets a notification once', async () => {
    const receiver = await startPushReceiver();
    const database = await freshPostgresDatabase();
    const push = {
      enabled: true,
      allowedHosts: ['push.example'],
      concurrency: 4,
      timeoutMs: 2_000,
      retryDelayMs: 20,
      testOrigin: receiver.origin,
    };
    const a = await startTestPortal({ databaseUrl: database.url, config: { push } });
    const b = await startTestPortal({ databaseUrl: database.url, config: { push } });
    try {
      const users: string[] = [];
      for (let i = 0; i < 6; i++) {
        const u = await createUser(a, { password: DEMO_PASSWORD });
        const { client } = await signIn(i % 2 ? b.baseUrl : a.baseUrl, u.email, DEMO_PASSWORD);
        const r = await gql(client, i % 2 ? b.baseUrl : a.baseUrl, SUBSCRIBE, {
          input: receiver.browser(`two-${i}`).subscription,
        });
        expect(r.data?.gerarPushSubscription).toBe(true);
        users.push(u.id);
      }
      // The queued job (whichever instance takes it) and both instances' workers run directly, one subscription
      // per claim, all at once.
      const id = await a.services.db.transaction((tx) =>
        createNotification(
          { db: tx, jobs: a.services.jobs, config: a.services.config },
          { titulo: 'Duas instâncias', texto: '<p>x</p>', usuarioIds: users },
        ),
      );
      await Promise.all([
        sendPushes(a.services, { notificacaoId: id, tipo: 'notificacao' }, { batch: 1 }),
        sendPushes(b.services, { notificacaoId: id, tipo: 'notificacao' }, { batch: 1 }),
      ]);
      await vi.waitFor(() => expect(receiver.received).toHaveLength(6), { timeout: 15_000, interval: 50 });
      await new Promise((ok) => setTimeout(ok, 1_500));
      expect(new Set(receiver.received.map((m) => m.browser)).size).toBe(6);
      expect(receiver.received).toHaveLength(6);
    } finally {
      await a.close();
      await b.close();
      await database.drop();
      await receiver.close();
    }
  });
});
