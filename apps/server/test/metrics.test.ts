import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { gql, signIn } from './browserless.js';
import { startTestPortal, type TestPortal } from './harness.js';

const TOKEN = 'metrics-token-for-the-tests-0123456789';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A sample's value in a Prometheus text answer, or undefined (`series` as written, labels in their order). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** GET /metrics (docs/operations.md#metrics): Prometheus text, only for allowed addresses or the token. */
describe('GET /metrics', () => {
  describe('from an allowed address (this machine, the default)', () => {
    let portal: TestPortal;
    beforeAll(async () => {
      portal = await startTestPortal();
    });
    afterAll(() => portal?.stop());

    const scrape = async () => {
      const res = await fetch(`${portal.baseUrl}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.text();
    };

    it('counts requests by route pattern and status, GraphQL operations by root field and outcome', async () => {
      const { client } = await signIn(portal.baseUrl, 'dealer@portal.demo', DEMO_PASSWORD);
      await gql(client, portal.baseUrl, '{ usuarioLogado { id } portalProperties { name } }');
      await gql(client, portal.baseUrl, '{ dealers { totalElements } }'); // FORBIDDEN for a dealer: an error
      await gql(client, portal.baseUrl, '{ notAField }'); // refused by validation
      // A batch (the web's client sends one): each operation's root fields count.
      await client.fetch(`${portal.baseUrl}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: portal.baseUrl },
        body: JSON.stringify([{ query: '{ ping }' }, { query: '{ countNotificacoesNaoLidas }' }]),
      });
      await fetch(`${portal.baseUrl}/no/such/path/${'x'.repeat(20)}`);

      const text = await scrape();
      expect(sample(text, 'portal_graphql_operations_total{operation="usuarioLogado",outcome="ok"}')).toBe(1);
      expect(sample(text, 'portal_graphql_operations_total{operation="portalProperties",outcome="ok"}')).toBe(1);
      expect(sample(text, 'portal_graphql_operations_total{operation="invalid",outcome="error"}')).toBe(1);
      expect(text).toMatch(/portal_graphql_operation_duration_seconds_count\{operation="usuarioLogado"\} 1/);
      expect(sample(text, 'portal_graphql_operations_total{operation="dealers",outcome="error"}')).toBe(1);
      expect(sample(text, 'portal_graphql_operations_total{operation="ping",outcome="ok"}')).toBe(1);
      expect(sample(text, 'portal_graphql_operations_total{operation="countNotificacoesNaoLidas",outcome="ok"}')).toBe(
        1,
      );
      expect(sample(text, 'portal_http_requests_total{route="/api/graphql",method="POST",status="200"}')).toBe(3);
      expect(sample(text, 'portal_http_requests_total{route="/api/graphql",method="POST",status="400"}')).toBe(1);
      // The raw path of an unknown URL never becomes a label.
      expect(text).not.toContain('/no/such/path');
      expect(text).toMatch(
        /portal_http_request_duration_seconds_bucket\{le="0.005",route="\/api\/graphql",method="POST"\}/,
      );
      // The database pool, the job queues and Node's own figures (event-loop lag).
      expect(sample(text, 'portal_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(text).toMatch(/portal_job_queue_jobs\{queue="mail\.send",state="ready"\} \d+/);
      expect(text).toMatch(/^portal_nodejs_eventloop_lag_seconds \d/m);
    });

    it('counts each e-mail by outcome and each job handled (a recovery link, kept in the outbox without SMTP)', async () => {
      const res = await fetch(`${portal.baseUrl}/oidc/forgot`, {
        method: 'POST',
        body: new URLSearchParams({ email: 'dealer2@portal.demo' }),
        headers: FORM,
      });
      expect(res.status).toBeLessThan(400);
      const deadline = Date.now() + 20_000;
      let text = await scrape();
      while (!sample(text, 'portal_mail_messages_total{outcome="kept"}') && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 250));
        text = await scrape();
      }
      expect(sample(text, 'portal_mail_messages_total{outcome="kept"}')).toBe(1);
      expect(sample(text, 'portal_jobs_handled_total{queue="mail.send",outcome="done"}')).toBe(1);
    });
  });

  describe('from an address not allowed', () => {
    let portal: TestPortal;
    beforeAll(async () => {
      portal = await startTestPortal({ env: { METRICS_ALLOW: '10.0.0.0/8', METRICS_TOKEN: TOKEN } });
    });
    afterAll(() => portal?.stop());

    it('answers 404, as for a missing route, unless the right token is given', async () => {
      expect((await fetch(`${portal.baseUrl}/metrics`)).status).toBe(404);
      const wrong = await fetch(`${portal.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}x` } });
      expect(wrong.status).toBe(404);
      expect(await wrong.text()).not.toContain('portal_');
      const right = await fetch(`${portal.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(right.status).toBe(200);
      expect(await right.text()).toContain('portal_http_requests_total');
    });
  });
});
