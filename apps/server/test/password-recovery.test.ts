import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditoria } from '../src/modules/audit/audit.tables.js';
import { usuario } from '../src/modules/users/users.tables.js';
import { loginTentativa, senhaReset } from '../src/platform/auth/auth.tables.js';
import { PASSWORD_RESET_QUEUE } from '../src/platform/auth/password-reset.js';
import { THROTTLE } from '../src/platform/auth/throttle.js';
import { emailOutbox } from '../src/platform/mail.tables.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { CookieClient, fetchFrom, gql, signIn } from './browserless.js';
import { startTestPortal, type TestPortal } from './harness.js';
import { linkOf, type Mail, type SmtpInbox, startSmtpInbox, tokenOf } from './mail-inbox.js';

const ME = '{ usuarioLogado { id email senhaGerenciadaPeloPortal } }';
const NEUTRAL_PT = 'Se o e-mail estiver cadastrado';
const INVALID_LINK_PT = 'Este link é inválido, já foi usado ou expirou. Peça um novo.';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('password recovery through the embedded provider (real SMTP delivery)', () => {
  let smtp: SmtpInbox;
  let portal: TestPortal;

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    portal = await startTestPortal({ env: { SMTP_URL: smtp.url } });
  });
  // Every test starts within the recovery limits (3 per e-mail, 20 per client address in 15 minutes).
  beforeEach(async () => {
    await portal.services.db.delete(loginTentativa);
  });
  afterAll(async () => {
    await portal?.stop();
    await smtp?.close();
  });

  /** Asks for a link on the provider's forgot-password form and returns the mail that arrives. */
  async function requestLink(email: string, query = ''): Promise<{ mail: Mail; link: string; page: string }> {
    const before = smtp.inbox.length;
    const res = await fetch(`${portal.baseUrl}/oidc/forgot${query}`, {
      method: 'POST',
      body: new URLSearchParams({ email }),
      headers: FORM,
    });
    expect(res.status).toBe(200);
    const page = await res.text();
    const mail = await smtp.nextMail(email, before);
    const link = linkOf(mail);
    expect(link, mail.text).toBeTruthy();
    return { mail, link, page };
  }

  const postReset = (client: CookieClient, token: string, password: string, confirmation = password) =>
    client.fetch(`${portal.baseUrl}/oidc/reset`, {
      method: 'POST',
      body: new URLSearchParams({ token, password, confirmation }),
      headers: FORM,
    });

  it('GET /oidc/forgot shows the form', async () => {
    const res = await fetch(`${portal.baseUrl}/oidc/forgot`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Recuperar senha');
    expect(html).toMatch(/<form method="post" action="\/oidc\/forgot"/);
    expect(html).toContain('name="email"');
  });

  it('answers the same neutral text for a known and an unknown e-mail; only the known one gets a mail', async () => {
    const unknown = 'nobody-here@portal.demo';
    const before = smtp.inbox.length;
    const post = (email: string) =>
      fetch(`${portal.baseUrl}/oidc/forgot`, { method: 'POST', body: new URLSearchParams({ email }), headers: FORM });
    const [a, b] = await Promise.all([post(unknown), post('dealer@portal.demo')]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const [unknownHtml, knownHtml] = [await a.text(), await b.text()];
    expect(unknownHtml).toContain(NEUTRAL_PT);
    expect(knownHtml).toContain(NEUTRAL_PT);
    // Same page apart from per-request details: no account probing through the answer.
    expect(unknownHtml).toBe(knownHtml);
    const mail = await smtp.nextMail('dealer@portal.demo', before);
    expect(mail.text).toContain('/oidc/reset?token=');
    expect(smtp.inbox.slice(before).some((m) => m.to.includes(unknown))).toBe(false);
    const queued = await portal.services.db.select().from(emailOutbox).where(eq(emailOutbox.para, unknown));
    expect(queued).toHaveLength(0);
  });

  it("the mail is in the user's stored language (not the request's), from the portal's name", async () => {
    const pt = await requestLink('montadora@portal.demo', '?lang=en');
    expect(pt.page).toContain('If this e-mail address is registered');
    expect(pt.mail.subject).toBe('Redefinição de senha do Portal Rede Aurora');
    expect(pt.mail.text).toContain('Olá, Marcos Montadora.');
    expect(pt.mail.text).toContain('válido por 30 minutos');
    expect(pt.mail.from).toBe('Portal Rede Aurora <no-reply@portal.local>');
    expect(pt.link.startsWith(`${portal.baseUrl}/oidc/reset?token=`)).toBe(true);
    expect(pt.link).toContain('&lang=pt-BR');

    const db = portal.services.db;
    await db.update(usuario).set({ idioma: 'ES' }).where(eq(usuario.email, 'montadora@portal.demo'));
    try {
      const es = await requestLink('montadora@portal.demo');
      expect(es.page).toContain(NEUTRAL_PT);
      expect(es.mail.subject).toBe('Restablecimiento de contraseña de Portal Rede Aurora');
      expect(es.mail.text).toContain('Hola, Marcos Montadora.');
      expect(es.mail.from).toBe('Portal Rede Aurora <no-reply@portal.local>');
      expect(es.link).toContain('&lang=es');
      expect(tokenOf(es.link)).not.toBe(tokenOf(pt.link));
    } finally {
      await db.update(usuario).set({ idioma: 'PT_BR' }).where(eq(usuario.email, 'montadora@portal.demo'));
    }
  });

  it('a new link voids the older one: only the newest works', async () => {
    const email = 'aprovador@portal.demo';
    const older = await requestLink(email);
    const newer = await requestLink(email);
    expect(tokenOf(newer.link)).not.toBe(tokenOf(older.link));
    const browser = new CookieClient();
    const stale = await browser.fetch(older.link);
    expect(stale.status).toBe(410);
    expect(await stale.text()).toContain(INVALID_LINK_PT);
    expect((await postReset(browser, tokenOf(older.link), 'Antiga@Senha2026')).status).toBe(410);
    expect((await browser.fetch(newer.link)).status).toBe(200);
    const [user] = await portal.services.db.select().from(usuario).where(eq(usuario.email, email));
    expect(await portal.services.db.select().from(senhaReset).where(eq(senhaReset.usuarioId, user.id))).toHaveLength(1);
  });

  /** How many recovery jobs were queued for an e-mail (pg-boss keeps finished jobs for days). */
  async function jobsFor(email: string): Promise<number> {
    const { rows } = await portal.services.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${PASSWORD_RESET_QUEUE} AND data->>'email' = ${email}`,
    );
    return Number(rows[0].n);
  }

  const forgot = (email: string, localAddress?: string) => {
    const init = { method: 'POST', body: new URLSearchParams({ email }), headers: FORM };
    const url = `${portal.baseUrl}/oidc/forgot`;
    return localAddress ? fetchFrom(localAddress, url, init) : fetch(url, init);
  };

  it('over the per-address limit the answer stays the same and nothing more is queued', async () => {
    const email = 'dealer2@portal.demo';
    const pages: string[] = [];
    for (let i = 0; i < THROTTLE.recoveryPerAddress + 2; i++) {
      const res = await forgot(email);
      expect(res.status).toBe(200);
      pages.push(await res.text());
    }
    expect(new Set(pages).size).toBe(1);
    expect(pages[0]).toContain(NEUTRAL_PT);
    expect(await jobsFor(email)).toBe(THROTTLE.recoveryPerAddress);
    // Another e-mail from the same client is not held back by it.
    await forgot('montadora@portal.demo');
    expect(await jobsFor('montadora@portal.demo')).toBeGreaterThanOrEqual(1);
  });

  it('over the per-client limit the answer stays the same and nothing more is queued', async () => {
    const emails = Array.from({ length: THROTTLE.recoveryPerIp + 3 }, (_, i) => `per-client-${i}@portal.demo`);
    for (const email of emails) {
      const res = await forgot(email, '127.0.0.2');
      expect(res.status).toBe(200);
      expect(await res.text()).toContain(NEUTRAL_PT);
    }
    const queued = await Promise.all(emails.map(jobsFor));
    expect(queued.filter((n) => n === 1)).toHaveLength(THROTTLE.recoveryPerIp);
    expect(queued.slice(THROTTLE.recoveryPerIp)).toEqual([0, 0, 0]);
    // Another client address still gets through.
    await forgot('per-client-other@portal.demo', '127.0.0.3');
    expect(await jobsFor('per-client-other@portal.demo')).toBe(1);
  });

  it('POST /oidc/forgot and /oidc/reset from another origin are refused (403) and send nothing', async () => {
    const email = 'montadora@portal.demo';
    const cross = await fetch(`${portal.baseUrl}/oidc/forgot`, {
      method: 'POST',
      body: new URLSearchParams({ email }),
      headers: { ...FORM, origin: 'https://evil.example' },
    });
    expect(cross.status).toBe(403);
    expect(await cross.text()).toContain('Não é possível realizar a ação.');
    const fetchSite = await fetch(`${portal.baseUrl}/oidc/forgot`, {
      method: 'POST',
      body: new URLSearchParams({ email }),
      headers: { ...FORM, 'sec-fetch-site': 'cross-site' },
    });
    expect(fetchSite.status).toBe(403);
    expect(await portal.services.db.select().from(loginTentativa)).toEqual([]);
    const before = await jobsFor(email);
    const reset = await fetch(`${portal.baseUrl}/oidc/reset`, {
      method: 'POST',
      body: new URLSearchParams({ token: 'anything', password: 'Nova@Senha2027', confirmation: 'Nova@Senha2027' }),
      headers: { ...FORM, origin: 'https://evil.example' },
    });
    expect(reset.status).toBe(403);
    // The portal's own origin still works.
    const same = await fetch(`${portal.baseUrl}/oidc/forgot`, {
      method: 'POST',
      body: new URLSearchParams({ email }),
      headers: { ...FORM, origin: portal.baseUrl },
    });
    expect(same.status).toBe(200);
    expect(await jobsFor(email)).toBe(before + 1);
  });

  it('walks the whole journey: link, weak password refused, new password set, old one refused, link single-use', async () => {
    const email = 'dealer@portal.demo';
    const newPassword = 'Nova@Senha2026';
    // A session opened before the reset must end with it.
    const earlier = await signIn(portal.baseUrl, email, DEMO_PASSWORD);
    expect((await gql(earlier.client, portal.baseUrl, ME)).data?.usuarioLogado.email).toBe(email);
    // ...and so must the access token issued for it, used as a bearer token by an API client.
    const [{ token: bearer }] = (
      await portal.services.db.execute(
        sql`SELECT access_token AS token FROM sessao s JOIN usuario u ON u.id = s.usuario_id WHERE u.email = ${email}
          ORDER BY s.created_at DESC LIMIT 1`,
      )
    ).rows as { token: string }[];
    const asBearer = () =>
      gql(new CookieClient(), portal.baseUrl, ME, undefined, { authorization: `Bearer ${bearer}` });
    expect((await asBearer()).data?.usuarioLogado.email).toBe(email);

    const { link } = await requestLink(email);
    const token = tokenOf(link);
    const browser = new CookieClient();
    const form = await browser.fetch(link);
    expect(form.status).toBe(200);
    const formHtml = await form.text();
    expect(formHtml).toContain('Criar nova senha');
    expect(formHtml).toContain(`name="token" value="${token}"`);
    expect(formHtml).toContain('name="confirmation"');

    // Weak password: 400 with the rule messages, and the link stays usable.
    const weak = await postReset(browser, token, 'abc');
    expect(weak.status).toBe(400);
    const weakHtml = await weak.text();
    for (const rule of [
      'A senha deve ter ao menos 8 caracteres.',
      'A senha deve ter uma letra maiúscula.',
      'A senha deve ter um número.',
      'A senha deve ter um símbolo.',
    ]) {
      expect(weakHtml).toContain(rule);
    }
    expect(weakHtml).toContain(`name="token" value="${token}"`);
    const mismatch = await postReset(browser, token, newPassword, `${newPassword}x`);
    expect(mismatch.status).toBe(400);
    expect(await mismatch.text()).toContain('A confirmação não confere com a nova senha.');
    expect((await browser.fetch(link)).status).toBe(200);
    expect((await signIn(portal.baseUrl, email, DEMO_PASSWORD)).client.jar.has('portal_sid')).toBe(true);

    // A valid password + matching confirmation.
    const done = await postReset(browser, token, newPassword);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Senha alterada. Entre com a nova senha.');
    // The users module's setPassword wrote the hash and its audit row, as the user's own change.
    const [{ id: userId }] = await portal.services.db
      .select({ id: usuario.id })
      .from(usuario)
      .where(eq(usuario.email, email));
    const audits = await portal.services.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidadeId, userId), eq(auditoria.acao, 'senha')));
    expect(audits.map((a) => a.usuarioId)).toEqual([userId]);

    // The earlier session ended with the reset, and its bearer token with it.
    expect((await gql(earlier.client, portal.baseUrl, ME)).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');
    expect((await asBearer()).errors?.[0].extensions.code).toBe('UNAUTHENTICATED');

    const old = await signIn(portal.baseUrl, email, DEMO_PASSWORD);
    expect(old.status).toBe(401);
    expect(old.client.jar.has('portal_sid')).toBe(false);
    const fresh = await signIn(portal.baseUrl, email, newPassword);
    expect(fresh.client.jar.has('portal_sid')).toBe(true);
    const me = await gql(fresh.client, portal.baseUrl, ME);
    expect(me.errors).toBeUndefined();
    expect(me.data?.usuarioLogado).toMatchObject({ email, senhaGerenciadaPeloPortal: true });

    // Single use: both opening and posting the same link again answer 410.
    const again = await browser.fetch(link);
    expect(again.status).toBe(410);
    expect(await again.text()).toContain(INVALID_LINK_PT);
    const reuse = await postReset(browser, token, 'Outra@Senha2026');
    expect(reuse.status).toBe(410);
    expect(await reuse.text()).toContain(INVALID_LINK_PT);
    expect((await signIn(portal.baseUrl, email, newPassword)).client.jar.has('portal_sid')).toBe(true);
  });

  it('an expired link answers 410 and changes nothing', async () => {
    const email = 'aprovador@portal.demo';
    const { link } = await requestLink(email);
    const token = tokenOf(link);
    const tokenHash = crypto.createHash('sha256').update(token).digest('hex');
    const updated = await portal.services.db
      .update(senhaReset)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(senhaReset.tokenHash, tokenHash))
      .returning();
    expect(updated).toHaveLength(1);
    const browser = new CookieClient();
    const open = await browser.fetch(link);
    expect(open.status).toBe(410);
    expect(await open.text()).toContain(INVALID_LINK_PT);
    const post = await postReset(browser, token, 'Expirada@2026');
    expect(post.status).toBe(410);
    expect((await signIn(portal.baseUrl, email, DEMO_PASSWORD)).client.jar.has('portal_sid')).toBe(true);
    // A made-up token is just as invalid.
    expect((await browser.fetch(`${portal.baseUrl}/oidc/reset?token=made-up`)).status).toBe(410);
    expect((await browser.fetch(`${portal.baseUrl}/oidc/reset`)).status).toBe(410);
  });

  it('POST /auth/password/forgot (JSON) answers 202 and sends the mail; 400 for a malformed e-mail; 403 cross-site', async () => {
    const url = `${portal.baseUrl}/auth/password/forgot`;
    const post = (body: object, origin = portal.baseUrl) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify(body),
      });
    const before = smtp.inbox.length;
    const ok = await post({ email: 'dealer2@portal.demo', locale: 'es' });
    expect(ok.status).toBe(202);
    const mail = await smtp.nextMail('dealer2@portal.demo', before);
    // In the user's stored language (pt-BR), whatever the screen's.
    expect(mail.subject).toBe('Redefinição de senha do Portal Rede Aurora');
    expect(linkOf(mail)).toContain('/oidc/reset?token=');

    const unknown = await post({ email: 'ghost@portal.demo', locale: 'pt-BR' });
    expect(unknown.status).toBe(202);

    const bad = await post({ email: 'not-an-email', locale: 'pt-BR' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: 'BAD_USER_INPUT', fields: { email: 'validation.email' } });

    const crossSite = await post({ email: 'dealer2@portal.demo' }, 'https://evil.example');
    expect(crossSite.status).toBe(403);
    expect(
      await portal.services.db.select().from(emailOutbox).where(eq(emailOutbox.para, 'ghost@portal.demo')),
    ).toHaveLength(0);
  });

  it('emailsEnviados is FORBIDDEN for a dealer and lists the delivered mail for the admin', async () => {
    const dealer = await signIn(portal.baseUrl, 'dealer2@portal.demo', DEMO_PASSWORD);
    const query = '{ emailsEnviados(limit: 100) { id para assunto createdAt sentAt } }';
    const denied = await gql(dealer.client, portal.baseUrl, query);
    expect(denied.errors?.[0].extensions.code).toBe('FORBIDDEN');
    expect(denied.data).toBeNull();

    const admin = await signIn(portal.baseUrl, 'admin@portal.demo', DEMO_PASSWORD);
    const listed = await gql(admin.client, portal.baseUrl, query);
    expect(listed.errors).toBeUndefined();
    const mails = listed.data.emailsEnviados as Array<{ para: string; assunto: string; sentAt: string | null }>;
    const toDealer = mails.filter((m) => m.para === 'dealer@portal.demo');
    expect(toDealer.length).toBeGreaterThanOrEqual(2);
    expect(toDealer[0].assunto).toBe('Redefinição de senha do Portal Rede Aurora');
    // Every mail the SMTP server received is marked as sent in the outbox.
    expect(toDealer.every((m) => m.sentAt !== null)).toBe(true);
    expect(mails.some((m) => m.para === 'nobody-here@portal.demo')).toBe(false);
  });

  it('a known and an unknown e-mail answer the same page and each queue one job (the lookup is in the job)', async () => {
    // The request does the same work for both (count, queue, answer): nothing in it depends on the address
    // existing. The time it takes is measured by `npm run bench:recovery -w bench` (median difference < 5 ms).
    const pages = new Set<string>();
    for (const email of ['admin@portal.demo', 'nobody-at-all@portal.demo']) {
      const before = await jobsFor(email);
      const res = await forgot(email);
      expect(res.status).toBe(200);
      pages.add(await res.text());
      expect(await jobsFor(email)).toBe(before + 1);
    }
    expect(pages.size).toBe(1);
  });
});
