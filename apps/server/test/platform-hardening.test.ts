import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signDownloadLink } from '../src/modules/files/files.service.js';
import { CLIENT_ERROR_LIMIT } from '../src/platform/client-errors.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { CookieClient, gql, multipart, signIn } from './browserless.js';
import { startTestPortal, type TestPortal } from './harness.js';

/** Issue 10, points 8, 9, 10, 12 and the client-error endpoint of 7. */

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string; ms: number };

/** A plain HTTP request, so that tests can set Host and X-Forwarded-* as a client or proxy would. */
function raw(
  port: number,
  opts: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method: opts.method ?? 'GET', path: opts.path, headers: opts.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(opts.body);
  });
}

const EVIL = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
const DISCOVERY = '/oidc/.well-known/openid-configuration';

/** Log lines the portal wrote (JSON, one per line). */
function logCollector() {
  const lines: Record<string, any>[] = [];
  return {
    lines,
    stream: {
      write(line: string) {
        for (const one of line.split('\n').filter(Boolean)) lines.push(JSON.parse(one));
      },
    },
  };
}

const codeOf = (res: { errors?: Array<{ extensions: Record<string, any> }> }) => res.errors?.[0]?.extensions.code;

describe('an untrusted client, in production (no TRUSTED_PROXIES)', () => {
  let portal: TestPortal;
  let base: string;
  let dist: string;
  const log = logCollector();
  const as: Record<string, CookieClient> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    portal = await startTestPortal({
      env: { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), LOG_LEVEL: 'warn', WEB_DIST: dist },
      logStream: log.stream,
    });
    base = portal.baseUrl;
    for (const who of ['admin', 'montadora', 'dealer']) {
      as[who] = (await signIn(base, `${who}@portal.demo`, DEMO_PASSWORD)).client;
      ids[who] = (await gql(as[who], base, '{ usuarioLogado { id } }')).data.usuarioLogado.id;
    }
  });
  afterAll(async () => {
    await portal?.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  describe('point 8: forwarded headers are ignored', () => {
    it('discovery names the public URL whatever Host and X-Forwarded-* say', async () => {
      const res = await raw(portal.port, { path: DISCOVERY, headers: EVIL });
      const doc = JSON.parse(res.body);
      expect(doc.issuer).toBe(`${base}/oidc`);
      expect(doc.authorization_endpoint).toBe(`${base}/oidc/auth`);
      expect(doc.token_endpoint.startsWith(`${base}/`)).toBe(true);
      expect(res.body).not.toContain('evil.example');
    });

    it("redirects name the public URL (the portal's sign-in and the provider's)", async () => {
      // Every hop of a sign-in carries forged headers; every absolute redirect still names PUBLIC_URL.
      const browser = new CookieClient();
      const locations: string[] = [];
      const hop = async (url: string, init: RequestInit = {}) => {
        const local = new URL(url, base);
        const res = await browser.fetch(`${base}${local.pathname}${local.search}`, {
          ...init,
          headers: { ...EVIL, ...(init.headers as Record<string, string>) },
        });
        if (res.headers.get('location')) locations.push(res.headers.get('location') as string);
        return res;
      };
      let res = await hop('/auth/login');
      while (res.status >= 300 && res.status < 400) res = await hop(res.headers.get('location') as string);
      const action = /<form method="post" action="([^"]+)"/.exec(await res.text())?.[1];
      expect(action).toBeTruthy();
      res = await hop((action as string).replace(/&amp;/g, '&'), {
        method: 'POST',
        body: new URLSearchParams({ email: 'dealer@portal.demo', password: DEMO_PASSWORD }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      while (res.status >= 300 && res.status < 400) res = await hop(res.headers.get('location') as string);
      expect(locations.some((l) => l.includes('/auth/callback'))).toBe(true);
      for (const location of locations) expect(new URL(location, base).origin, location).toBe(base);
    });

    it('the same-origin check compares with the public URL only', async () => {
      const cookie = `portal_sid=${as.dealer.jar.get('portal_sid')}`;
      const forged = await raw(portal.port, {
        method: 'POST',
        path: '/api/graphql',
        headers: {
          ...EVIL,
          'x-forwarded-proto': 'http',
          origin: 'http://evil.example',
          cookie,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ query: '{ usuarioLogado { id } }' }),
      });
      expect(forged.status).toBe(403);
      const logout = await raw(portal.port, {
        method: 'POST',
        path: '/auth/logout',
        headers: { ...EVIL, 'x-forwarded-proto': 'http', origin: 'http://evil.example', cookie },
      });
      expect(logout.status).toBe(403);
      const own = await raw(portal.port, {
        method: 'POST',
        path: '/api/graphql',
        headers: { origin: base, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ usuarioLogado { id } }' }),
      });
      expect(JSON.parse(own.body).data.usuarioLogado.id).toBe(ids.dealer);
    });
  });

  describe('point 7: the client-error endpoint', () => {
    const report = (headers: Record<string, string> = {}, message = 'boom') =>
      raw(portal.port, {
        method: 'POST',
        path: '/api/client-errors',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ message }),
      });

    it('refuses a report over 16 KiB with 413', async () => {
      expect((await report({}, 'x'.repeat(17_000))).status).toBe(413);
    });

    it('takes 10 reports a minute per socket address (X-Forwarded-For ignored), then 429', async () => {
      const statuses: number[] = [];
      for (let i = 0; i <= CLIENT_ERROR_LIMIT; i++)
        statuses.push((await report({ 'x-forwarded-for': `203.0.113.${i + 1}` })).status);
      expect(statuses.slice(0, CLIENT_ERROR_LIMIT)).toEqual(Array(CLIENT_ERROR_LIMIT).fill(204));
      expect(statuses[CLIENT_ERROR_LIMIT]).toBe(429);
    });
  });

  describe('point 9: production answers reveal nothing', () => {
    it('validation and coercion errors carry no "Did you mean"', async () => {
      const field = await gql(as.dealer, base, '{ usuarioLogad { id } }');
      expect(field.status).toBe(400);
      expect(JSON.stringify(field.errors)).not.toMatch(/did you mean/i);
      const enumValue = await gql(
        as.dealer,
        base,
        'query ($a: AbaComunicado!) { comunicadoEnvios(aba: $a) { total } }',
        { a: 'ENVIADO' },
      );
      expect(enumValue.errors?.length).toBeGreaterThan(0);
      expect(JSON.stringify(enumValue.errors)).not.toMatch(/did you mean/i);
    });

    it('a body over the limit answers 413, on /api/graphql too', async () => {
      const res = await raw(portal.port, {
        method: 'POST',
        path: '/api/graphql',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: `{ usuarioLogado { id } } # ${'x'.repeat(1_100_000)}` }),
      });
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body).errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
      const rest = await raw(portal.port, {
        method: 'POST',
        path: '/auth/password/forgot',
        headers: { 'content-type': 'application/json', origin: base },
        body: JSON.stringify({ email: `${'x'.repeat(1_100_000)}@portal.demo` }),
      });
      expect(rest.status).toBe(413);
    });

    it('a document of too many tokens is refused at once, by the parser at its cap; /healthz answers meanwhile', async () => {
      // 150,000 tokens in 300 KB: without the cap graphql-js parses and validates them for seconds. With it the lexer
      // stops at the cap, whatever follows (how long /healthz then takes is a figure for a benchmark, not a test:
      // a timed assertion failed here whenever the test machine was busy).
      const huge = JSON.stringify({ query: `{ ${'a '.repeat(150_000)}}` });
      const send = () =>
        raw(portal.port, {
          method: 'POST',
          path: '/api/graphql',
          headers: { 'content-type': 'application/json' },
          body: huge,
        });
      let pending = true;
      const done = Promise.all([send(), send(), send()]).finally(() => {
        pending = false;
      });
      let healthChecks = 0;
      while (pending || healthChecks === 0) {
        expect((await raw(portal.port, { path: '/healthz' })).status).toBe(200);
        healthChecks++;
      }
      for (const a of await done) {
        expect(a.status).toBe(400);
        const cap = Number(/more that (\d+) tokens/.exec(JSON.parse(a.body).errors[0].message)?.[1]);
        expect(cap).toBe(5_000); // GRAPHQL_MAX_TOKENS' default
      }
    });

    it('NUL or a lone surrogate in a variable or argument is BAD_USER_INPUT, nothing logged as an error', async () => {
      const before = log.lines.length;
      const search = 'query ($t: String!) { buscaBiblioteca(texto: $t) { id } }';
      for (const t of ['a\u0000b', '\ud800x', 'x\udc00']) {
        const res = await gql(as.dealer, base, search, { t });
        expect(codeOf(res), JSON.stringify(t)).toBe('BAD_USER_INPUT');
        expect(res.errors?.[0].extensions.fields).toEqual({ t: 'validation.invalidText' });
      }
      const literal = await gql(as.dealer, base, '{ buscaBiblioteca(texto: "a\\u0000b") { id } }');
      expect(codeOf(literal)).toBe('BAD_USER_INPUT');
      expect(literal.errors?.[0].extensions.fields).toEqual({ texto: 'validation.invalidText' });
      const nested = await gql(
        as.admin,
        base,
        'mutation ($n: NotificacaoGenericaInput!) { enviarNotificacaoGenerica(notificacao: $n) }',
        { n: { titulo: 'x\u0000', texto: 'y', idsUsuarios: [ids.dealer] } },
      );
      expect(codeOf(nested)).toBe('BAD_USER_INPUT');
      expect(nested.errors?.[0].extensions.fields).toEqual({ titulo: 'validation.invalidText' });
      expect(log.lines.slice(before).filter((l) => l.level >= 50)).toEqual([]);
    });

    it('pages, sign-in screens and /auth routes send CSP, Referrer-Policy and nosniff; no HSTS over http', async () => {
      const signInScreen = await new CookieClient().follow(`${base}/auth/login`);
      expect(signInScreen.url).toContain('/oidc/interaction/');
      const html = await signInScreen.response.text();
      expect(html).toContain('<form');
      const interaction = {
        status: signInScreen.response.status,
        headers: Object.fromEntries(signInScreen.response.headers),
        body: html,
        ms: 0,
      } as Answer;
      const answers: Record<string, Answer> = {
        '/': await raw(portal.port, { path: '/' }),
        '/home': await raw(portal.port, { path: '/home' }),
        '/oidc/interaction': interaction,
        '/auth/login': await raw(portal.port, { path: '/auth/login' }),
        '/auth/session': await raw(portal.port, { path: '/auth/session' }),
        '/api/graphql': await raw(portal.port, { path: '/api/graphql?query=%7B__typename%7D' }),
      };
      for (const [where, res] of Object.entries(answers)) {
        const csp = String(res.headers['content-security-policy']);
        expect(csp, where).toContain("frame-ancestors 'none'");
        expect(csp, where).toContain("default-src 'self'");
        expect(csp, where).not.toContain("script-src 'self' 'unsafe-inline'");
        expect(res.headers['referrer-policy'], where).toBe('same-origin');
        expect(res.headers['x-content-type-options'], where).toBe('nosniff');
        expect(res.headers['strict-transport-security'], where).toBeUndefined();
      }
      expect(answers['/home'].headers['content-type']).toMatch(/text\/html/);
    });

    it('file downloads keep their own sandbox policy', async () => {
      const { body, contentType } = multipart([
        { name: 'info', value: JSON.stringify({ fileType: 'COMUNICADO' }) },
        {
          name: 'file',
          filename: 'a.pdf',
          data: Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n'),
        },
      ]);
      const up = await as.montadora.fetch(`${base}/api/upload`, {
        method: 'POST',
        body,
        headers: { 'content-type': contentType, origin: base },
      });
      expect(up.status).toBe(200);
      const { id } = (await up.json()) as { id: string };
      const link = await signDownloadLink(portal.services.db, id, { ttlSeconds: 60, userId: ids.montadora });
      const res = await as.montadora.fetch(`${base}${link}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
    });

    it("the provider's logout page's inline script is allowed by its hash", async () => {
      const { client } = await signIn(base, 'dealer2@portal.demo', DEMO_PASSWORD);
      const out = await client.fetch(`${base}/auth/logout`, { method: 'POST', headers: { origin: base } });
      const { logoutUrl } = (await out.json()) as { logoutUrl: string };
      const page = await client.fetch(logoutUrl);
      const html = await page.text();
      const script = /<script>([^<]*)<\/script>/.exec(html)?.[1];
      expect(script).toBeTruthy();
      const hash = crypto
        .createHash('sha256')
        .update(script as string)
        .digest('base64');
      expect(page.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);
    });
  });

  describe('point 10: notification links', () => {
    const SEND = 'mutation ($n: NotificacaoGenericaInput!) { enviarNotificacaoGenerica(notificacao: $n) }';
    it('an https URL or a single-slash path; anything else is BAD_USER_INPUT on link', async () => {
      for (const link of [
        '//evil.example',
        '/\\evil.example',
        '/\t/evil.example',
        'http://example.com',
        'javascript:x',
      ]) {
        const res = await gql(as.admin, base, SEND, {
          n: { titulo: 'Link', texto: 'x', link, idsUsuarios: [ids.dealer] },
        });
        expect(codeOf(res), link).toBe('BAD_USER_INPUT');
        expect(res.errors?.[0].extensions.fields, link).toEqual({ link: 'validation.invalidFormat' });
      }
      for (const link of ['https://example.com/x', '/biblioteca']) {
        const res = await gql(as.admin, base, SEND, {
          n: { titulo: 'Link', texto: 'x', link, idsUsuarios: [ids.dealer] },
        });
        expect(res.errors, link).toBeUndefined();
      }
    });
  });

  describe('point 12: denials are logged', () => {
    const denials = (from: number) =>
      log.lines
        .slice(from)
        .filter((l) => l.denial)
        .map((l) => ({ level: l.level, msg: l.msg, ...l.denial }));

    it('GraphQL: UNAUTHENTICATED, FORBIDDEN and NOT_FOUND with user, root field and id, at warn', async () => {
      const from = log.lines.length;
      const missing = crypto.randomUUID();
      const anonymous = await raw(portal.port, {
        method: 'POST',
        path: '/api/graphql',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ usuarioLogado { id } }' }),
      });
      expect(JSON.parse(anonymous.body).errors[0].extensions.code).toBe('UNAUTHENTICATED');
      const forbidden = await gql(
        as.montadora,
        base,
        'mutation ($n: NotificacaoGenericaInput!) { enviarNotificacaoGenerica(notificacao: $n) }',
        { n: { titulo: 'Não pode', texto: 'x', idsUsuarios: [ids.dealer] } },
      );
      expect(codeOf(forbidden)).toBe('FORBIDDEN');
      const notFound = await gql(as.admin, base, 'query ($id: ID!) { x: comunicado(id: $id) { id } }', { id: missing });
      expect(codeOf(notFound)).toBe('NOT_FOUND');
      const file = await gql(as.dealer, base, `{ arquivo(idArquivo: "${missing}") { id } }`);
      expect(codeOf(file)).toBe('NOT_FOUND');

      expect(denials(from)).toEqual([
        {
          level: 40,
          msg: 'access denied',
          code: 'UNAUTHENTICATED',
          userId: null,
          operation: 'usuarioLogado',
          id: null,
        },
        {
          level: 40,
          msg: 'access denied',
          code: 'FORBIDDEN',
          userId: ids.montadora,
          operation: 'enviarNotificacaoGenerica',
          id: null,
        },
        { level: 40, msg: 'access denied', code: 'NOT_FOUND', userId: ids.admin, operation: 'comunicado', id: missing },
        { level: 40, msg: 'access denied', code: 'NOT_FOUND', userId: ids.dealer, operation: 'arquivo', id: missing },
      ]);
      // The item's content never: only the denial's fields.
      expect(JSON.stringify(log.lines.slice(from))).not.toContain('Não pode');
    });

    it('REST routes: files, the reads export and the live streams log through the same helper', async () => {
      const from = log.lines.length;
      const missing = crypto.randomUUID();
      expect((await as.dealer.fetch(`${base}/api/files/${missing}?exp=9999999999&sig=x`)).status).toBe(404);
      expect((await as.dealer.fetch(`${base}/api/comunicados/${missing}/leituras.xlsx`)).status).toBe(404);
      expect((await fetch(`${base}/api/notificacoes/stream`)).status).toBe(401);
      const upload = await raw(portal.port, {
        method: 'POST',
        path: '/api/upload',
        headers: { origin: 'http://evil.example', 'content-type': 'multipart/form-data; boundary=x' },
        body: '--x--',
      });
      expect(upload.status).toBe(403);

      expect(denials(from)).toEqual([
        {
          level: 40,
          msg: 'access denied',
          code: 'NOT_FOUND',
          userId: ids.dealer,
          operation: 'GET /api/files/:id',
          id: missing,
        },
        {
          level: 40,
          msg: 'access denied',
          code: 'NOT_FOUND',
          userId: ids.dealer,
          operation: 'GET /api/comunicados/:id/leituras.xlsx',
          id: missing,
        },
        {
          level: 40,
          msg: 'access denied',
          code: 'UNAUTHENTICATED',
          userId: null,
          operation: 'GET /api/notificacoes/stream',
          id: null,
        },
        { level: 40, msg: 'access denied', code: 'FORBIDDEN', userId: null, operation: 'POST /api/upload', id: null },
      ]);
    });
  });
});

describe('behind a trusted proxy (TRUSTED_PROXIES=127.0.0.1)', () => {
  let portal: TestPortal;
  let base: string;
  const PROXY = { host: 'proxy.example', 'x-forwarded-host': 'portal.example', 'x-forwarded-proto': 'https' };

  beforeAll(async () => {
    portal = await startTestPortal({ env: { TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1' } });
    base = portal.baseUrl;
  });
  afterAll(() => portal?.stop());

  it('discovery and redirects follow the forwarded host and scheme', async () => {
    const doc = JSON.parse((await raw(portal.port, { path: DISCOVERY, headers: PROXY })).body);
    expect(doc.authorization_endpoint).toBe('https://portal.example/oidc/auth');
    const plain = JSON.parse((await raw(portal.port, { path: DISCOVERY })).body);
    expect(plain.authorization_endpoint).toBe(`${base}/oidc/auth`);
  });

  it('the same-origin check accepts the forwarded origin', async () => {
    const { client } = await signIn(base, 'dealer@portal.demo', DEMO_PASSWORD);
    const res = await raw(portal.port, {
      method: 'POST',
      path: '/api/graphql',
      headers: {
        ...PROXY,
        origin: 'https://portal.example',
        cookie: client.cookieHeader(),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ query: '{ usuarioLogado { id } }' }),
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).data.usuarioLogado.id).toBeTruthy();
  });

  it('rate limits key on the forwarded client address', async () => {
    for (let i = 0; i <= CLIENT_ERROR_LIMIT + 1; i++) {
      const res = await raw(portal.port, {
        method: 'POST',
        path: '/api/client-errors',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: '{"message":"x"}',
      });
      expect(res.status).toBe(204);
    }
  });

  it('the suggestions of validation errors stay outside production', async () => {
    const res = await raw(portal.port, {
      method: 'POST',
      path: '/api/graphql',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ usuarioLogad { id } }' }),
    });
    expect(res.body).toMatch(/Did you mean/);
  });
});

describe('served over https (PUBLIC_URL https://…)', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal({
      env: { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), PUBLIC_URL: 'https://portal.example' },
    });
  });
  afterAll(() => portal?.stop());

  it('sends Strict-Transport-Security', async () => {
    for (const where of ['/healthz', '/auth/login', DISCOVERY]) {
      const res = await raw(portal.port, { path: where });
      expect(res.headers['strict-transport-security'], where).toMatch(/max-age=\d+/);
    }
  });
});
