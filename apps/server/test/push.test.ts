import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria } from '../src/modules/audit/audit.tables.js';
import { pushSubscription } from '../src/modules/notifications/notifications.push.tables.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn } from './browserless.js';
import { createUser } from './factories.js';
import { startTestPortal, type TestPortal } from './harness.js';
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
  async function person(who: string, idioma: 'PT_BR' | 'ES' | 'EN' = 'PT_BR') {
    const u = await createUser(portal, { idioma, password: DEMO_PASSWORD });
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
