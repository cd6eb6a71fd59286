import { and, eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria } from '../src/modules/audit/audit.tables.js';
import { inviteUser } from '../src/modules/users/users.invitation.js';
import { usuario } from '../src/modules/users/users.tables.js';
import { systemContext } from '../src/platform/actions.js';
import { senhaReset, sessao } from '../src/platform/auth/auth.tables.js';
import { hashSessionId } from '../src/platform/auth/session.js';
import { emailOutbox } from '../src/platform/mail.tables.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { CookieClient, finishProviderLogout, gql, signIn } from './browserless.js';
import { createUser } from './factories.js';
import { freePort, startTestPortal, type TestPortal } from './harness.js';

const ME = '{ usuarioLogado { id email nome senhaGerenciadaPeloPortal } }';

/**
 * A second instance of the embedded provider acting as the external one: the "idp" portal serves
 * OpenID for the other portal, which is configured with OIDC_ISSUER/OIDC_CLIENT_ID/OIDC_CLIENT_SECRET.
 * Both seed the same demo users, with different ids.
 */
describe('sign-in through an external OpenID provider (another portal instance as the IdP)', () => {
  let idp: TestPortal;
  let portal: TestPortal;

  beforeAll(async () => {
    const portalPort = await freePort();
    idp = await startTestPortal({
      extraClients: [
        {
          client_id: 'portal-ext',
          client_secret: 'ext-secret-123',
          redirect_uris: [`http://127.0.0.1:${portalPort}/auth/callback`],
          post_logout_redirect_uris: [`http://127.0.0.1:${portalPort}/`],
          grant_types: ['authorization_code', 'refresh_token'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
    });
    portal = await startTestPortal({
      port: portalPort,
      env: {
        OIDC_ISSUER: `${idp.baseUrl}/oidc`,
        OIDC_CLIENT_ID: 'portal-ext',
        OIDC_CLIENT_SECRET: 'ext-secret-123',
        OIDC_API_AUDIENCE: `${idp.baseUrl}/api`,
      },
    });
  });
  afterAll(async () => {
    await portal?.stop();
    await idp?.stop();
  });

  const userIn = async (instance: TestPortal, email: string) => {
    const [row] = await instance.services.db.select().from(usuario).where(eq(usuario.email, email));
    return row;
  };

  const sessionOf = async (client: CookieClient) => {
    const [row] = await portal.services.db
      .select()
      .from(sessao)
      .where(eq(sessao.idHash, hashSessionId(client.jar.get('portal_sid') as string)));
    return row;
  };

  it('signs in portal -> IdP sign-in form -> portal, mapping the IdP subject to the portal user', async () => {
    const email = 'dealer@portal.demo';
    const idpUser = await userIn(idp, email);
    const before = await userIn(portal, email);
    expect(before.id).not.toBe(idpUser.id);
    expect(before.keycloakId).toBeNull();

    // The sign-in form is the IdP's, not the portal's.
    const client = new CookieClient();
    const login = await client.follow(`${portal.baseUrl}/auth/login`);
    expect(login.url.startsWith(`${idp.baseUrl}/oidc/interaction/`)).toBe(true);
    expect(await login.response.text()).toContain('name="password"');

    const result = await signIn(portal.baseUrl, email, DEMO_PASSWORD, { returnTo: '/home' });
    expect(result.finalUrl).toBe(`${portal.baseUrl}/home`);
    expect(result.client.jar.has('portal_sid')).toBe(true);
    const me = await gql(result.client, portal.baseUrl, ME);
    expect(me.errors).toBeUndefined();
    expect(me.data.usuarioLogado).toMatchObject({ id: before.id, email, senhaGerenciadaPeloPortal: false });
    expect((await userIn(portal, email)).keycloakId).toBe(idpUser.id);

    // Signed in again: found by subject now, still the same portal user.
    const again = await signIn(portal.baseUrl, email, DEMO_PASSWORD);
    expect((await gql(again.client, portal.baseUrl, ME)).data.usuarioLogado.id).toBe(before.id);

    // On the IdP itself, the same person's password is managed there.
    const onIdp = await signIn(idp.baseUrl, email, DEMO_PASSWORD);
    expect((await gql(onIdp.client, idp.baseUrl, ME)).data.usuarioLogado).toMatchObject({
      id: idpUser.id,
      senhaGerenciadaPeloPortal: true,
    });
  });

  it('invites nobody by e-mail: a user created at the portal is matched by e-mail at their first sign-in there', async () => {
    const email = 'novo-externo@portal.demo';
    const idpUser = await createUser(idp, { nome: 'Novo Externo', email, password: DEMO_PASSWORD });
    const created = await createUser(portal, { nome: 'Novo Externo', email });
    await inviteUser(systemContext(portal.services), { userId: created.id });
    expect(await portal.services.db.select().from(emailOutbox).where(eq(emailOutbox.para, email))).toEqual([]);
    expect(await portal.services.db.select().from(senhaReset).where(eq(senhaReset.usuarioId, created.id))).toEqual([]);
    expect(
      await portal.services.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.entidadeId, created.id), eq(auditoria.acao, 'convidar'))),
    ).toEqual([]);

    const first = await signIn(portal.baseUrl, email, DEMO_PASSWORD);
    expect(first.client.jar.has('portal_sid')).toBe(true);
    expect((await gql(first.client, portal.baseUrl, ME)).data.usuarioLogado).toMatchObject({ id: created.id, email });
    expect((await userIn(portal, email)).keycloakId).toBe(idpUser.id);
  });

  it('refuses (403) a user the IdP knows but the portal does not, and one disabled at the portal', async () => {
    const email = 'only-at-idp@portal.demo';
    await createUser(idp, { nome: 'Somente IdP', email, password: DEMO_PASSWORD });
    expect(await userIn(portal, email)).toBeUndefined();
    const unknown = await signIn(portal.baseUrl, email, DEMO_PASSWORD);
    expect(unknown.status).toBe(403);
    expect(unknown.finalUrl.startsWith(`${portal.baseUrl}/auth/callback`)).toBe(true);
    expect(unknown.html).toContain('Não é possível realizar a ação.');
    expect(unknown.client.jar.has('portal_sid')).toBe(false);
    expect(await userIn(portal, email)).toBeUndefined();

    const disabled = 'dealer2@portal.demo';
    await portal.services.db.update(usuario).set({ active: false }).where(eq(usuario.email, disabled));
    try {
      const refused = await signIn(portal.baseUrl, disabled, DEMO_PASSWORD);
      expect(refused.status).toBe(403);
      expect(refused.client.jar.has('portal_sid')).toBe(false);
    } finally {
      await portal.services.db.update(usuario).set({ active: true }).where(eq(usuario.email, disabled));
    }
    // The IdP's wrong-password answer is the IdP's own.
    const wrong = await signIn(portal.baseUrl, 'dealer@portal.demo', 'Wrong@2026');
    expect(wrong.status).toBe(401);
    expect(wrong.finalUrl.startsWith(idp.baseUrl)).toBe(true);
  });

  it('accepts the IdP-issued access token as Authorization: Bearer, and refuses tampered or foreign-signed ones', async () => {
    const { client } = await signIn(portal.baseUrl, 'montadora@portal.demo', DEMO_PASSWORD);
    const session = await sessionOf(client);
    const token = session.accessToken as string;
    const claims = decodeJwt(token);
    expect(claims.iss).toBe(`${idp.baseUrl}/oidc`);
    expect(claims.aud).toBe(`${idp.baseUrl}/api`);
    expect(claims.sub).toBe((await userIn(idp, 'montadora@portal.demo')).id);

    const api = new CookieClient();
    const bearer = (t: string) => gql(api, portal.baseUrl, ME, undefined, { authorization: `Bearer ${t}` });
    const ok = await bearer(token);
    expect(ok.errors).toBeUndefined();
    expect(ok.data.usuarioLogado).toMatchObject({
      id: (await userIn(portal, 'montadora@portal.demo')).id,
      email: 'montadora@portal.demo',
    });

    // One flipped bit in the signature.
    const [h, p, s] = token.split('.');
    const sig = Buffer.from(s, 'base64url');
    sig[0] ^= 0x01;
    const flipped = await bearer(`${h}.${p}.${sig.toString('base64url')}`);
    expect(flipped.errors?.[0].extensions.code).toBe('UNAUTHENTICATED');

    // The same claims and key id, signed by someone else's key.
    const { privateKey } = await generateKeyPair('RS256');
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ ...decodeProtectedHeader(token), alg: 'RS256' })
      .sign(privateKey);
    expect((await bearer(forged)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('logout ends the portal session and sends the browser to the IdP end_session endpoint', async () => {
    const first = await signIn(portal.baseUrl, 'aprovador@portal.demo', DEMO_PASSWORD);
    const res = await first.client.fetch(`${portal.baseUrl}/auth/logout`, {
      method: 'POST',
      headers: { origin: portal.baseUrl },
    });
    expect(res.status).toBe(200);
    const { logoutUrl } = (await res.json()) as { logoutUrl: string };
    const url = new URL(logoutUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.baseUrl}/oidc/session/end`);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${portal.baseUrl}/`);
    expect(url.searchParams.get('id_token_hint')).toBeTruthy();
    expect(first.client.jar.has('portal_sid')).toBe(false);
    expect((await gql(first.client, portal.baseUrl, ME)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');

    // The IdP's logout page submits itself; following it returns to the portal.
    const done = await finishProviderLogout(first.client, logoutUrl);
    expect(done.url).toBe(`${portal.baseUrl}/`);
    // No IdP session left: signing in again asks for the password at the IdP.
    const again = await first.client.follow(`${portal.baseUrl}/auth/login`);
    expect(again.url.startsWith(idp.baseUrl)).toBe(true);
    expect(await again.response.text()).toContain('name="password"');
  });

  it('leaves password management to the IdP: no provider routes and no recovery mail on the portal', async () => {
    expect((await fetch(`${portal.baseUrl}/oidc/forgot`)).status).toBe(404);
    expect((await fetch(`${portal.baseUrl}/oidc/.well-known/openid-configuration`)).status).toBe(404);
    const forgot = await fetch(`${portal.baseUrl}/auth/password/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: portal.baseUrl },
      body: JSON.stringify({ email: 'dealer@portal.demo', locale: 'pt-BR' }),
    });
    expect(forgot.status).toBe(202);
    expect(await portal.services.db.select().from(emailOutbox)).toHaveLength(0);
  });
});
