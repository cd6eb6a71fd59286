import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginPendente, sessao } from '../src/platform/auth/auth.tables.js';
import { PORTAL_CLIENT_ID, portalClientSecret } from '../src/platform/auth/provider.js';
import { hashSessionId } from '../src/platform/auth/session.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { CookieClient, gql, signIn } from './browserless.js';
import { startTestPortal, type TestPortal } from './harness.js';

// Issue 10, points 1, 2 and 4: the return address after sign-in, a sign-in bound to its browser,
// and tokens that die with the session. Every sign-in here is real (portal -> provider -> portal).

const ME = '{ usuarioLogado { email } }';

describe('sign-in hardening', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal();
  });
  afterAll(() => portal?.stop());

  /**
   * Signs in at the provider and follows its redirects up to the portal's /auth/callback, which is
   * returned unopened (as an attacker who stops there, or a test that inspects the callback).
   */
  async function signInUpToCallback(email: string, opts: { client?: CookieClient; returnTo?: string } = {}) {
    const client = opts.client ?? new CookieClient();
    const query = opts.returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(opts.returnTo)}`;
    const form = await client.follow(`${portal.baseUrl}/auth/login${query}`);
    const action = /<form method="post" action="([^"]+)"/.exec(await form.response.text())?.[1];
    if (!action) throw new Error(`no sign-in form at ${form.url}`);
    let url = new URL(action.replace(/&amp;/g, '&'), form.url).href;
    let response = await client.fetch(url, {
      method: 'POST',
      body: new URLSearchParams({ email, password: DEMO_PASSWORD }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    for (let hops = 0; hops < 20; hops++) {
      const location = response.headers.get('location');
      if (!location) break;
      url = new URL(location, url).href;
      if (url.startsWith(`${portal.baseUrl}/auth/callback`)) return { client, callbackUrl: url };
      response = await client.fetch(url);
    }
    throw new Error(`the provider did not send ${email} back to /auth/callback (last: ${url})`);
  }

  const sessionRow = async (client: CookieClient) => {
    const [row] = await portal.services.db
      .select()
      .from(sessao)
      .where(eq(sessao.idHash, hashSessionId(client.jar.get('portal_sid') as string)));
    return row;
  };

  const asBearer = (token: string) =>
    gql(new CookieClient(), portal.baseUrl, ME, undefined, { authorization: `Bearer ${token}` });

  const isSignedIn = async (client: CookieClient) => {
    const res = await client.fetch(`${portal.baseUrl}/auth/session`);
    return ((await res.json()) as { authenticated: boolean }).authenticated;
  };

  /** The provider's token endpoint, called as the portal's own client (client_secret_basic). */
  const tokenEndpoint = async (params: Record<string, string>) => {
    const basic = Buffer.from(`${PORTAL_CLIENT_ID}:${portalClientSecret(portal.services.config)}`).toString('base64');
    const res = await fetch(`${portal.baseUrl}/oidc/token`, {
      method: 'POST',
      body: new URLSearchParams(params),
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${basic}` },
    });
    return { status: res.status, body: (await res.json()) as Record<string, string> };
  };

  const logout = (client: CookieClient) =>
    client.fetch(`${portal.baseUrl}/auth/logout`, { method: 'POST', headers: { origin: portal.baseUrl } });

  describe('1. the return address after sign-in is a path of the portal', () => {
    // [returnTo as the browser sends it, where the callback sends the browser]
    const TABLE: Array<[string, string]> = [
      ['/comunicados?x=1', '/comunicados?x=1'],
      ['/biblioteca?q=ação', '/biblioteca?q=a%C3%A7%C3%A3o'],
      ['//evil.example/x', '/home'],
      ['/\\evil.example', '/home'],
      ['https://evil.example/', '/home'],
      ['/%09/evil.example', '/home'],
      ['/\t/evil.example', '/home'],
      ['/\r\n/evil.example', '/home'],
      ['/home\r\nSet-Cookie: x=1', '/home'],
      ['javascript:alert(1)', '/home'],
      ['/.//evil.example', '/home'],
    ];

    it.each(TABLE)('returnTo %j lands on %s of the portal after a real sign-in', async (returnTo, expected) => {
      const { client, callbackUrl } = await signInUpToCallback('dealer@portal.demo', { returnTo });
      const callback = await client.fetch(callbackUrl);
      expect(callback.status).toBe(302);
      const location = new URL(callback.headers.get('location') as string, portal.baseUrl);
      expect(location.origin).toBe(portal.baseUrl);
      expect(`${location.pathname}${location.search}`).toBe(expected);
      expect(await isSignedIn(client)).toBe(true);
    });
  });

  describe('2. a sign-in is bound to the browser that started it', () => {
    it('sets the binding cookie httpOnly and SameSite=Lax, and reuses it so two tabs can sign in', async () => {
      const client = new CookieClient();
      const first = await client.fetch(`${portal.baseUrl}/auth/login`);
      const cookie = first.headers.getSetCookie().find((c) => c.startsWith('portal_login='));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      const value = client.jar.get('portal_login');
      await client.fetch(`${portal.baseUrl}/auth/login`);
      expect(client.jar.get('portal_login')).toBe(value);
      // The second tab's sign-in finishes in the same browser.
      const { callbackUrl } = await signInUpToCallback('dealer@portal.demo', { client });
      expect((await client.fetch(callbackUrl)).status).toBe(302);
      expect(await isSignedIn(client)).toBe(true);
    });

    it("a callback URL opened in another browser signs nobody in and does not spend the attacker's sign-in", async () => {
      const attacker = await signInUpToCallback('admin@portal.demo');
      const state = new URL(attacker.callbackUrl).searchParams.get('state') as string;

      // One victim without a binding cookie, one with a sign-in of its own under way.
      const withOwnSignIn = new CookieClient();
      await withOwnSignIn.fetch(`${portal.baseUrl}/auth/login`);
      for (const victim of [new CookieClient(), withOwnSignIn]) {
        const opened = await victim.follow(attacker.callbackUrl);
        expect(victim.jar.has('portal_sid')).toBe(false);
        expect(opened.url).not.toBe(`${portal.baseUrl}/home`);
        expect(await isSignedIn(victim)).toBe(false);
        const pending = await portal.services.db.select().from(loginPendente).where(eq(loginPendente.state, state));
        expect(pending).toHaveLength(1);
      }

      // Only the browser that started it finishes it.
      const own = await attacker.client.fetch(attacker.callbackUrl);
      expect(own.headers.get('location')).toBe('/home');
      expect(await isSignedIn(attacker.client)).toBe(true);
    });
  });

  describe('4. tokens die with the session', () => {
    it('a bearer token from a real sign-in works, and answers UNAUTHENTICATED after logout', async () => {
      const { client } = await signIn(portal.baseUrl, 'montadora@portal.demo', DEMO_PASSWORD);
      const token = (await sessionRow(client)).accessToken as string;
      expect((await asBearer(token)).data?.usuarioLogado.email).toBe('montadora@portal.demo');
      expect((await logout(client)).status).toBe(200);
      expect((await asBearer(token)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    });

    it('a bearer token of a disabled user is refused', async () => {
      const { client } = await signIn(portal.baseUrl, 'dealer2@portal.demo', DEMO_PASSWORD);
      const token = (await sessionRow(client)).accessToken as string;
      expect((await asBearer(token)).data?.usuarioLogado.email).toBe('dealer2@portal.demo');
      await portal.services.db.execute(sql`UPDATE usuario SET active = false WHERE email = 'dealer2@portal.demo'`);
      try {
        expect((await asBearer(token)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
      } finally {
        await portal.services.db.execute(sql`UPDATE usuario SET active = true WHERE email = 'dealer2@portal.demo'`);
      }
    });

    it('replaying the authorization code revokes the tokens issued for it', async () => {
      const { client, callbackUrl } = await signInUpToCallback('aprovador@portal.demo');
      const state = new URL(callbackUrl).searchParams.get('state') as string;
      const [pending] = await portal.services.db.select().from(loginPendente).where(eq(loginPendente.state, state));
      expect((await client.fetch(callbackUrl)).status).toBe(302);
      const session = await sessionRow(client);
      expect((await asBearer(session.accessToken as string)).data?.usuarioLogado.email).toBe('aprovador@portal.demo');

      const replay = await tokenEndpoint({
        grant_type: 'authorization_code',
        code: new URL(callbackUrl).searchParams.get('code') as string,
        redirect_uri: `${portal.baseUrl}/auth/callback`,
        code_verifier: pending.codeVerifier,
      });
      expect(replay.status).toBe(400);
      expect(replay.body.error).toBe('invalid_grant');
      expect((await asBearer(session.accessToken as string)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
      const refresh = await tokenEndpoint({
        grant_type: 'refresh_token',
        refresh_token: session.refreshToken as string,
      });
      expect(refresh.status).toBe(400);
    });

    it('refresh tokens rotate, and reusing a spent one revokes the whole family', async () => {
      const { client } = await signIn(portal.baseUrl, 'admin@portal.demo', DEMO_PASSWORD);
      const session = await sessionRow(client);
      const first = await tokenEndpoint({ grant_type: 'refresh_token', refresh_token: session.refreshToken as string });
      expect(first.status).toBe(200);
      expect(first.body.refresh_token).toBeTruthy();
      expect(first.body.refresh_token).not.toBe(session.refreshToken);
      expect((await asBearer(first.body.access_token)).data?.usuarioLogado.email).toBe('admin@portal.demo');

      const reuse = await tokenEndpoint({ grant_type: 'refresh_token', refresh_token: session.refreshToken as string });
      expect(reuse.status).toBe(400);
      expect(reuse.body.error).toBe('invalid_grant');
      for (const token of [session.accessToken as string, first.body.access_token]) {
        expect((await asBearer(token)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
      }
      const next = await tokenEndpoint({ grant_type: 'refresh_token', refresh_token: first.body.refresh_token });
      expect(next.status).toBe(400);
    });

    it("logout ends the provider's session on the server: signing in again asks for the password", async () => {
      const { client } = await signIn(portal.baseUrl, 'dealer@portal.demo', DEMO_PASSWORD);
      expect(await isSignedIn(client)).toBe(true);
      // The browser never visits the provider's end-session page.
      expect((await logout(client)).status).toBe(200);
      const again = await client.follow(`${portal.baseUrl}/auth/login`);
      expect(again.url).toContain('/oidc/interaction/');
      expect(await again.response.text()).toContain('name="password"');
      expect(client.jar.has('portal_sid')).toBe(false);
    });
  });
  // The browser's Back to the sign-in page once signed in, or an old bookmark of it: the provider used to answer a bare
  // {"statusCode":400,"message":"invalid_request"}.
  it('a sign-in page whose sign-in is over sends the browser to /home: into the portal, or to a new sign-in', async () => {
    const client = new CookieClient();
    const form = await client.follow(`${portal.baseUrl}/auth/login`);
    const interactionUrl = form.url;
    expect(interactionUrl).toContain('/oidc/interaction/');
    const action = /<form method="post" action="([^"]+)"/.exec(await form.response.text())?.[1] as string;
    const loginUrl = new URL(action, interactionUrl).href;
    const signedIn = await client.follow(loginUrl, {
      method: 'POST',
      body: new URLSearchParams({ email: 'dealer@portal.demo', password: DEMO_PASSWORD }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(await isSignedIn(client)).toBe(true);
    expect(new URL(signedIn.url).origin).toBe(portal.baseUrl);

    for (const [what, url, init] of [
      ['back to the page', interactionUrl, {}],
      ['the form sent again', loginUrl, { method: 'POST', body: new URLSearchParams({ email: 'x', password: 'y' }) }],
    ] as const) {
      const back = await client.fetch(url, init);
      expect(back.status, what).toBe(303);
      expect(back.headers.get('location'), what).toBe('/home');
    }
    // (The page itself is the web build's, which the server tests do not need.)
    const back = await client.follow(interactionUrl);
    expect(new URL(back.url).pathname).toBe('/home');

    // Another browser (no interaction cookie) with the same address: /home, whose app starts a new sign-in.
    const stale = await new CookieClient().fetch(interactionUrl);
    expect(stale.status).toBe(303);
    expect(stale.headers.get('location')).toBe('/home');
  });
});
