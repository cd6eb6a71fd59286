import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { funcionalidade } from '../src/modules/products/products.tables.js';
import { usuario, usuarioFuncionalidade } from '../src/modules/users/users.tables.js';
import { oidcPayload, sessao } from '../src/platform/auth/auth.tables.js';
import { hashSessionId } from '../src/platform/auth/session.js';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/seed/demo.js';
import { CookieClient, finishProviderLogout, gql, signIn } from './browserless.js';
import { startTestPortal, type TestPortal } from './harness.js';

const ME = '{ usuarioLogado { id nome email tipo { id } idioma { id } funcionalidades { chave } } }';

describe('sign-in through the embedded provider (browser -> provider -> session -> GraphQL)', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal();
  });
  afterAll(() => portal?.stop());

  it.each(DEMO_USERS)('$email signs in and usuarioLogado answers', async (user) => {
    const result = await signIn(portal.baseUrl, user.email, DEMO_PASSWORD, { returnTo: '/home' });
    expect(result.finalUrl).toBe(`${portal.baseUrl}/home`);
    expect(result.client.jar.has('portal_sid')).toBe(true);
    const me = await gql(result.client, portal.baseUrl, ME);
    expect(me.errors).toBeUndefined();
    expect(me.data.usuarioLogado).toMatchObject({ email: user.email, nome: user.nome, tipo: { id: user.tipo } });
  });

  it("records the user's last access at sign-in (the users module's action, not sign-in's write)", async () => {
    const email = 'montadora@portal.demo';
    const before = new Date();
    await signIn(portal.baseUrl, email, DEMO_PASSWORD);
    const [row] = await portal.services.db
      .select({ ultimoAcesso: usuario.ultimoAcesso })
      .from(usuario)
      .where(eq(usuario.email, email));
    expect(row.ultimoAcesso?.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
  });

  it('keeps tokens out of the browser: only an httpOnly session cookie comes back', async () => {
    const client = new CookieClient();
    const login = await client.follow(`${portal.baseUrl}/auth/login`);
    const action = /action="([^"]+)"/.exec(await login.response.text())?.[1] as string;
    const res = await client.fetch(new URL(action, login.url).href, {
      method: 'POST',
      body: new URLSearchParams({ email: 'dealer@portal.demo', password: DEMO_PASSWORD }),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    let next = res.headers.get('location') as string;
    let response = res;
    while (next && !next.includes('/auth/callback')) {
      response = await client.fetch(new URL(next, portal.baseUrl).href);
      next = response.headers.get('location') as string;
    }
    const callback = await client.fetch(new URL(next, portal.baseUrl).href);
    const setCookie = callback.headers.getSetCookie().join('\n');
    expect(setCookie).toMatch(/portal_sid=[^;]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/access_token|id_token|eyJ/);
    expect(callback.headers.get('location')).toBe('/home');
  });

  it('refuses a wrong password with a translated message and no session', async () => {
    const result = await signIn(portal.baseUrl, 'dealer@portal.demo', 'Wrong@2026');
    expect(result.status).toBe(401);
    expect(result.html).toContain('E-mail ou senha inválidos.');
    expect(result.client.jar.has('portal_sid')).toBe(false);
  });

  it('asks for the e-mail and the password when the form is sent empty, and counts no failed attempt', async () => {
    const before = await portal.services.db.execute(sql`SELECT chave, falhas FROM login_tentativa ORDER BY chave`);
    for (const [email, password] of [
      ['', ''],
      ['dealer@portal.demo', ''],
      ['', DEMO_PASSWORD],
    ]) {
      const result = await signIn(portal.baseUrl, email, password);
      expect(result.status).toBe(400);
      expect(result.html).toContain('Informe o e-mail e a senha.');
      expect(result.client.jar.has('portal_sid')).toBe(false);
    }
    const after = await portal.services.db.execute(sql`SELECT chave, falhas FROM login_tentativa ORDER BY chave`);
    expect(after.rows).toEqual(before.rows);
  });

  it('shows the sign-in screen in the three languages', async () => {
    const client = new CookieClient();
    const login = await client.follow(`${portal.baseUrl}/auth/login?lang=es`);
    expect(await login.response.text()).toContain('Contraseña');
    const en = await client.fetch(`${login.url}?lang=en`);
    const html = await en.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('Password');
  });

  it('throttles brute force: after a few failures from one address, that address waits even with the right password', async () => {
    const email = 'aprovador@portal.demo';
    for (let i = 0; i < 5; i++) await signIn(portal.baseUrl, email, `Wrong@${i}abc`);
    const locked = await signIn(portal.baseUrl, email, DEMO_PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.html).toContain('Muitas tentativas');
    await portal.services.db.execute(sql`DELETE FROM login_tentativa`);
    const ok = await signIn(portal.baseUrl, email, DEMO_PASSWORD);
    expect(ok.client.jar.has('portal_sid')).toBe(true);
  });

  it('only returns to same-site paths after sign-in (no open redirect; the full table is in sign-in-hardening)', async () => {
    const result = await signIn(portal.baseUrl, 'dealer@portal.demo', DEMO_PASSWORD, { returnTo: '//evil.example/x' });
    expect(result.finalUrl).toBe(`${portal.baseUrl}/home`);
  });

  it('a disabled user is signed out on the next request', async () => {
    const { client } = await signIn(portal.baseUrl, 'dealer2@portal.demo', DEMO_PASSWORD);
    expect((await gql(client, portal.baseUrl, ME)).data?.usuarioLogado.email).toBe('dealer2@portal.demo');
    const db = portal.services.db;
    await db.update(usuario).set({ active: false }).where(eq(usuario.email, 'dealer2@portal.demo'));
    try {
      const after = await gql(client, portal.baseUrl, ME);
      expect(after.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
      const again = await signIn(portal.baseUrl, 'dealer2@portal.demo', DEMO_PASSWORD);
      expect(again.client.jar.has('portal_sid')).toBe(false);
    } finally {
      await db.update(usuario).set({ active: true }).where(eq(usuario.email, 'dealer2@portal.demo'));
    }
  });

  it('a changed permission takes effect on the next request', async () => {
    const { client } = await signIn(portal.baseUrl, 'montadora@portal.demo', DEMO_PASSWORD);
    const keys = async () =>
      (await gql(client, portal.baseUrl, ME)).data.usuarioLogado.funcionalidades.map((f: any) => f.chave);
    expect(await keys()).toContain('PORTAL_GERENCIAR_BIBLIOTECA');
    const db = portal.services.db;
    const [me] = await db.select().from(usuario).where(eq(usuario.email, 'montadora@portal.demo'));
    const [feature] = await db
      .select()
      .from(funcionalidade)
      .where(eq(funcionalidade.chave, 'PORTAL_GERENCIAR_BIBLIOTECA'));
    await db
      .delete(usuarioFuncionalidade)
      .where(
        sql`${usuarioFuncionalidade.usuarioId} = ${me.id} AND ${usuarioFuncionalidade.funcionalidadeId} = ${feature.id}`,
      );
    expect(await keys()).not.toContain('PORTAL_GERENCIAR_BIBLIOTECA');
    await db.insert(usuarioFuncionalidade).values({ usuarioId: me.id, funcionalidadeId: feature.id });
    expect(await keys()).toContain('PORTAL_GERENCIAR_BIBLIOTECA');
  });

  it('renews tokens server-side before they expire, and ends the session when renewal is refused', async () => {
    const { client } = await signIn(portal.baseUrl, 'admin@portal.demo', DEMO_PASSWORD);
    const db = portal.services.db;
    const idHash = hashSessionId(client.jar.get('portal_sid') as string);
    const [before] = await db.select().from(sessao).where(eq(sessao.idHash, idHash));
    await db
      .update(sessao)
      .set({ tokenExpiresAt: new Date(Date.now() + 2000) })
      .where(eq(sessao.idHash, before.idHash));
    expect((await gql(client, portal.baseUrl, ME)).errors).toBeUndefined();
    const [renewed] = await db.select().from(sessao).where(eq(sessao.idHash, before.idHash));
    expect(renewed.accessToken).not.toBe(before.accessToken);
    expect(renewed.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 60_000);
    // The provider forgets the refresh token (revoked): the next renewal fails and the session ends.
    await db.delete(oidcPayload).where(eq(oidcPayload.type, 'RefreshToken'));
    await db.update(sessao).set({ tokenExpiresAt: new Date() }).where(eq(sessao.idHash, before.idHash));
    expect((await gql(client, portal.baseUrl, ME)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(await db.select().from(sessao).where(eq(sessao.idHash, before.idHash))).toHaveLength(0);
  });

  it('logout ends every session of the user and the provider session', async () => {
    const first = await signIn(portal.baseUrl, 'dealer@portal.demo', DEMO_PASSWORD);
    const second = await signIn(portal.baseUrl, 'dealer@portal.demo', DEMO_PASSWORD);
    const res = await first.client.fetch(`${portal.baseUrl}/auth/logout`, {
      method: 'POST',
      headers: { origin: portal.baseUrl },
    });
    const { logoutUrl } = (await res.json()) as { logoutUrl: string };
    expect(logoutUrl).toContain('/oidc/session/end');
    expect(first.client.jar.has('portal_sid')).toBe(false);
    // The provider's logout page confirms by itself; following it ends the provider session.
    const done = await finishProviderLogout(first.client, logoutUrl);
    expect(done.url).toBe(`${portal.baseUrl}/`);
    for (const c of [first.client, second.client]) {
      expect((await gql(c, portal.baseUrl, ME)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    }
    // Signing in again asks for the password (no silent provider session left).
    const again = await first.client.follow(`${portal.baseUrl}/auth/login`);
    expect(await again.response.text()).toContain('name="password"');
  });

  it('refuses cookie-authenticated requests from another origin (CSRF)', async () => {
    const { client } = await signIn(portal.baseUrl, 'dealer@portal.demo', DEMO_PASSWORD);
    const res = await gql(client, portal.baseUrl, ME, undefined, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    const logout = await client.fetch(`${portal.baseUrl}/auth/logout`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(logout.status).toBe(403);
    expect((await gql(client, portal.baseUrl, ME)).data?.usuarioLogado.email).toBe('dealer@portal.demo');
  });

  it('accepts Authorization: Bearer access tokens (JWT) for API clients, and refuses tampered ones', async () => {
    const { client } = await signIn(portal.baseUrl, 'montadora@portal.demo', DEMO_PASSWORD);
    const db = portal.services.db;
    const [session] = await db
      .select()
      .from(sessao)
      .where(eq(sessao.idHash, hashSessionId(client.jar.get('portal_sid') as string)));
    const token = session.accessToken as string;
    expect(token.split('.')).toHaveLength(3);
    const api = new CookieClient();
    const ok = await gql(api, portal.baseUrl, ME, undefined, { authorization: `Bearer ${token}` });
    expect(ok.data?.usuarioLogado.email).toBe('montadora@portal.demo');
    const tampered = `${token.slice(0, -4)}AAAA`;
    const bad = await gql(api, portal.baseUrl, ME, undefined, { authorization: `Bearer ${tampered}` });
    expect(bad.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
