import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loginTentativa } from '../src/platform/auth/auth.tables.js';
import { THROTTLE } from '../src/platform/auth/throttle.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { CookieClient, gql, signIn } from './browserless.js';
import { startTestPortal, type TestPortal } from './harness.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const ME = '{ usuarioLogado { email } }';
const CHANGE =
  'mutation($a: String!, $n: String!, $c: String!) { alterarSenha(senhaAtual: $a, novaSenha: $n, confirmacao: $c) }';

/**
 * Sign-in and change-password throttling (decision 0003). Different client addresses are real: the
 * clients connect from 127.0.0.x (all loopback on Linux), which the server sees as `request.ip`.
 */
describe('throttling that cannot be turned against users', () => {
  let portal: TestPortal;
  beforeAll(async () => {
    portal = await startTestPortal();
  });
  afterAll(() => portal?.stop());
  beforeEach(async () => {
    await portal.services.db.delete(loginTentativa);
  });

  /** Opens the provider's sign-in form once; its action takes any number of posts. */
  async function openForm(client: CookieClient): Promise<string> {
    const form = await client.follow(`${portal.baseUrl}/auth/login`);
    const action = /<form method="post" action="([^"]+)"/.exec(await form.response.text())?.[1] as string;
    return new URL(action.replace(/&amp;/g, '&'), form.url).href;
  }

  async function postLogin(client: CookieClient, action: string, email: string, password: string) {
    const res = await client.fetch(action, {
      method: 'POST',
      body: new URLSearchParams({ email, password }),
      headers: FORM,
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), html: await res.text() };
  }

  /** The wait is over (instead of sleeping): the key's current delay ends now. */
  const endWait = (key: string) =>
    portal.services.db.execute(sql`UPDATE login_tentativa SET bloqueado_ate = now() WHERE chave = ${key}`);

  it('an attacker failing on dealer@ from one address gets growing waits; the user signs in from another at once', async () => {
    const email = 'dealer@portal.demo';
    const attacker = new CookieClient({ localAddress: '127.0.0.2' });
    const action = await openForm(attacker);
    const pair = `pair:${email}|127.0.0.2`;

    for (let i = 0; i < THROTTLE.freeFailuresPerPair; i++) {
      expect((await postLogin(attacker, action, email, `Wrong@${i}abc`)).status).toBe(401);
    }
    // Waits 1 s, 2 s, 4 s ...: a throttled attempt is not even checked, so the right password is refused too.
    const first = await postLogin(attacker, action, email, DEMO_PASSWORD);
    expect(first.status).toBe(429);
    expect(first.retryAfter).toBe('1');
    expect(first.html).toContain('Muitas tentativas. Tente novamente em 1 segundo.');
    await endWait(pair);
    expect((await postLogin(attacker, action, email, 'Wrong@4abc')).status).toBe(401);
    const second = await postLogin(attacker, action, email, 'Wrong@5abc');
    expect(second.status).toBe(429);
    expect(second.retryAfter).toBe('2');
    await endWait(pair);
    expect((await postLogin(attacker, action, email, 'Wrong@6abc')).status).toBe(401);
    const third = await postLogin(attacker, action, email, 'Wrong@7abc');
    expect(third.status).toBe(429);
    expect(third.html).toContain('em 4 segundos');

    // Five failures on the e-mail: the real user, from another address, signs in right away.
    const user = await signIn(portal.baseUrl, email, DEMO_PASSWORD, {
      client: new CookieClient({ localAddress: '127.0.0.3' }),
    });
    expect(user.client.jar.has('portal_sid')).toBe(true);
    expect((await gql(user.client, portal.baseUrl, ME)).data?.usuarioLogado.email).toBe(email);
    // ... and the attacker's pair still waits.
    expect((await postLogin(attacker, action, email, DEMO_PASSWORD)).status).toBe(429);
    const keys = (await portal.services.db.select().from(loginTentativa)).map((r) => r.chave);
    expect(keys.some((k) => !k.startsWith('ip:') && !k.startsWith('pair:'))).toBe(false);
  });

  it('the waits grow up to 15 minutes, in the page language', async () => {
    const email = 'montadora@portal.demo';
    const attacker = new CookieClient({ localAddress: '127.0.0.4' });
    const action = await openForm(attacker);
    // A long run of failures: the counter is far past the free ones.
    await portal.services.db.insert(loginTentativa).values({ chave: `pair:${email}|127.0.0.4`, falhas: 40 });
    expect((await postLogin(attacker, action, email, 'Wrong@1abc')).status).toBe(401);
    const capped = await postLogin(attacker, action, email, 'Wrong@2abc');
    expect(capped.status).toBe(429);
    expect(capped.retryAfter).toBe(String(THROTTLE.maxDelaySeconds));
    expect(capped.html).toContain('em 15 minutos');
    const en = await attacker.fetch(`${action}?lang=en`, {
      method: 'POST',
      body: new URLSearchParams({ email, password: 'Wrong@3abc' }),
      headers: { ...FORM, 'accept-language': 'en' },
    });
    expect(en.status).toBe(429);
    expect(await en.text()).toContain('Too many attempts. Please try again in 15 minutes.');
  });

  it('parallel guesses cannot slip past the free failures', async () => {
    const email = 'aprovador@portal.demo';
    const attacker = new CookieClient({ localAddress: '127.0.0.5' });
    const action = await openForm(attacker);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => postLogin(attacker, action, email, `Wrong@${i}abc`)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(THROTTLE.freeFailuresPerPair);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10 - THROTTLE.freeFailuresPerPair);
  });

  it('one client address failing on many e-mails waits too, whatever the e-mail; other addresses do not', async () => {
    const attacker = new CookieClient({ localAddress: '127.0.0.6' });
    const action = await openForm(attacker);
    for (let i = 0; i < THROTTLE.freeFailuresPerIp; i++) {
      expect((await postLogin(attacker, action, `guess${i}@portal.demo`, 'Wrong@1abc')).status).toBe(401);
    }
    const refused = await postLogin(attacker, action, 'admin@portal.demo', DEMO_PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.html).toContain('Muitas tentativas');
    const other = await signIn(portal.baseUrl, 'admin@portal.demo', DEMO_PASSWORD, {
      client: new CookieClient({ localAddress: '127.0.0.7' }),
    });
    expect(other.client.jar.has('portal_sid')).toBe(true);
  });

  it('a right password ends the run of its pair and gives the attempt back to the address', async () => {
    const email = 'dealer2@portal.demo';
    const client = new CookieClient({ localAddress: '127.0.0.8' });
    const action = await openForm(client);
    for (let i = 0; i < 2; i++) expect((await postLogin(client, action, email, `Wrong@${i}abc`)).status).toBe(401);
    const ok = await signIn(portal.baseUrl, email, DEMO_PASSWORD, { client });
    expect(ok.client.jar.has('portal_sid')).toBe(true);
    const rows = await portal.services.db.select().from(loginTentativa).where(like(loginTentativa.chave, '%127.0.0.8'));
    expect(rows.map((r) => [r.chave, r.falhas])).toEqual([['ip:127.0.0.8', 2]]);
  });

  it('change password: wrong current passwords are throttled per user and client address', async () => {
    const client = new CookieClient({ localAddress: '127.0.0.9' });
    const { client: me } = await signIn(portal.baseUrl, 'dealer2@portal.demo', DEMO_PASSWORD, { client });
    const change = (current: string) =>
      gql(me, portal.baseUrl, CHANGE, { a: current, n: 'Nova@Senha2027', c: 'Nova@Senha2027' });
    for (let i = 0; i < THROTTLE.freeFailuresPerUser; i++) {
      const wrong = await change(`Errada@${i}abc`);
      expect(wrong.errors?.[0].extensions).toMatchObject({ fields: { senhaAtual: 'error.invalidCurrentPassword' } });
    }
    // Now even the right current password waits, with a translated answer; nothing changed.
    const throttled = await change(DEMO_PASSWORD);
    expect(throttled.errors?.[0]).toMatchObject({
      message: 'Muitas tentativas com a senha atual errada. Tente novamente em alguns minutos.',
      extensions: { code: 'BAD_USER_INPUT', fields: { senhaAtual: 'error.tooManyAttempts' } },
    });
    const still = await signIn(portal.baseUrl, 'dealer2@portal.demo', DEMO_PASSWORD, {
      client: new CookieClient({ localAddress: '127.0.0.10' }),
    });
    expect(still.client.jar.has('portal_sid')).toBe(true);
    // The wait over, the right current password changes it (and the user's run ends).
    const [user] = await portal.services.db
      .select()
      .from(loginTentativa)
      .where(like(loginTentativa.chave, 'usuario:%'));
    await endWait(user.chave);
    expect((await change(DEMO_PASSWORD)).data?.alterarSenha).toBe(true);
    expect(
      await portal.services.db.select().from(loginTentativa).where(like(loginTentativa.chave, 'usuario:%')),
    ).toEqual([]);
  });
});
