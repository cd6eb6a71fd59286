import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria } from '../src/modules/audit/audit.tables.js';
import { inviteUser } from '../src/modules/users/users.invitation.js';
import { usuario } from '../src/modules/users/users.tables.js';
import { inTransaction, systemContext } from '../src/platform/actions.js';
import { senhaReset } from '../src/platform/auth/auth.tables.js';
import { emailOutbox } from '../src/platform/mail.tables.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { CookieClient, gql, signIn } from './browserless.js';
import { contextOf, createUser } from './factories.js';
import { startTestPortal, type TestPortal } from './harness.js';
import { linkOf, type SmtpInbox, startSmtpInbox, tokenOf } from './mail-inbox.js';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const ME = '{ usuarioLogado { id email senhaGerenciadaPeloPortal } }';
const PASSWORD = 'Convite@2026';
const DAY_MS = 24 * 60 * 60 * 1000;

describe('invitation of a new user (embedded provider, real SMTP delivery)', () => {
  let smtp: SmtpInbox;
  let portal: TestPortal;

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    portal = await startTestPortal({ env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await portal?.stop();
    await smtp?.close();
  });

  const admin = () => contextOf(portal, 'admin@portal.demo');
  const postReset = (client: CookieClient, token: string, password: string) =>
    client.fetch(`${portal.baseUrl}/oidc/reset`, {
      method: 'POST',
      body: new URLSearchParams({ token, password, confirmation: password }),
      headers: FORM,
    });

  /** Invites a user as the admin and answers the mail that arrives. */
  async function invite(user: { id: string; email: string }) {
    const before = smtp.inbox.length;
    await inviteUser(await admin(), { userId: user.id });
    const mail = await smtp.nextMail(user.email, before);
    return { mail, link: linkOf(mail) };
  }

  it.each([
    ['PT_BR', 'Seu acesso ao Portal Rede Aurora', 'válido por 7 dias', 'pt-BR'],
    ['ES', 'Su acceso a Portal Rede Aurora', 'válido por 7 días', 'es'],
    ['EN', 'Your access to Portal Rede Aurora', 'valid for 7 days', 'en'],
  ] as const)(
    'the mail is in the user’s language (%s) with a 7-day set-password link, audited',
    async (idioma, subject, validity, lang) => {
      const user = await createUser(portal, { idioma, nome: `Convidado ${idioma}` });
      const started = Date.now();
      const { mail, link } = await invite(user);
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain(`Convidado ${idioma}`);
      expect(mail.text).toContain(validity);
      expect(mail.text).toContain(user.email);
      expect(mail.from).toBe('Portal Rede Aurora <no-reply@portal.local>');
      expect(link.startsWith(`${portal.baseUrl}/oidc/reset?token=`)).toBe(true);
      expect(link).toContain(`&lang=${lang}`);
      const [stored] = await portal.services.db.select().from(senhaReset).where(eq(senhaReset.usuarioId, user.id));
      expect(stored.expiresAt.getTime() - started).toBeGreaterThan(7 * DAY_MS - 60_000);
      expect(stored.expiresAt.getTime() - started).toBeLessThan(7 * DAY_MS + 60_000);
      const [adminRow] = await portal.services.db
        .select({ id: usuario.id })
        .from(usuario)
        .where(eq(usuario.email, 'admin@portal.demo'));
      const audits = await portal.services.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.entidadeId, user.id), eq(auditoria.acao, 'convidar')));
      expect(audits.map((a) => a.usuarioId)).toEqual([adminRow.id]);
    },
  );

  it('salvarUsuario invites a user it creates, through the API, and not one it edits', async () => {
    const { client } = await signIn(portal.baseUrl, 'admin@portal.demo', DEMO_PASSWORD);
    const email = `novo.${Date.now()}@portal.demo`;
    const save = (usuario: Record<string, unknown>) =>
      gql(
        client,
        portal.baseUrl,
        'mutation ($u: UsuarioInput!, $i: InfoUsuarioInput) { salvarUsuario(usuario: $u, infos: $i) { id nome } }',
        // The demo portal asks MONTADORA users for their management data.
        { u: usuario, i: { dataAdmissao: '2026-01-02', emailSuperior: 'chefe@portal.demo' } },
      );
    const before = smtp.inbox.length;
    const created = await save({ nome: 'Nova Montadora', email, tipo: 'MONTADORA', idioma: 'ES' });
    expect(created.errors).toBeUndefined();
    const mail = await smtp.nextMail(email, before);
    expect(mail.subject).toBe('Su acceso a Portal Rede Aurora');
    expect(linkOf(mail)).toContain('/oidc/reset?token=');

    const edited = await save({
      id: created.data.salvarUsuario.id,
      nome: 'Nova Montadora Editada',
      email,
      tipo: 'MONTADORA',
      idioma: 'ES',
    });
    expect(edited.errors).toBeUndefined();
    const outbox = await portal.services.db.select().from(emailOutbox).where(eq(emailOutbox.para, email));
    expect(outbox).toHaveLength(1);
  });

  it('the link sets the password once; the user then signs in through the real flow; a second use fails', async () => {
    const user = await createUser(portal, { nome: 'Nova Colaboradora' });
    // No password yet: the user cannot sign in before the invitation is used.
    expect((await signIn(portal.baseUrl, user.email, PASSWORD)).client.jar.has('portal_sid')).toBe(false);
    const { link } = await invite(user);
    const browser = new CookieClient();
    const form = await browser.fetch(link);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain(`name="token" value="${tokenOf(link)}"`);
    const done = await postReset(browser, tokenOf(link), PASSWORD);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Senha alterada.');

    const signedIn = await signIn(portal.baseUrl, user.email, PASSWORD);
    expect(signedIn.client.jar.has('portal_sid')).toBe(true);
    const me = await gql(signedIn.client, portal.baseUrl, ME);
    expect(me.data?.usuarioLogado).toMatchObject({ id: user.id, email: user.email, senhaGerenciadaPeloPortal: true });

    expect((await browser.fetch(link)).status).toBe(410);
    expect((await postReset(browser, tokenOf(link), 'Outra@Senha2026')).status).toBe(410);
    expect((await signIn(portal.baseUrl, user.email, 'Outra@Senha2026')).client.jar.has('portal_sid')).toBe(false);
  });

  it('a new invitation voids the earlier link', async () => {
    const user = await createUser(portal);
    const first = await invite(user);
    const second = await invite(user);
    expect(tokenOf(second.link)).not.toBe(tokenOf(first.link));
    const browser = new CookieClient();
    expect((await browser.fetch(first.link)).status).toBe(410);
    expect((await browser.fetch(second.link)).status).toBe(200);
  });

  it('is queued in the caller’s transaction: rolled back with it, nothing is sent', async () => {
    const user = await createUser(portal);
    const ctx = await admin();
    await expect(
      inTransaction(ctx, async (_tx, txCtx) => {
        await inviteUser(txCtx, { userId: user.id });
        throw new Error('the caller fails after inviting');
      }),
    ).rejects.toThrow('the caller fails');
    expect(await portal.services.db.select().from(emailOutbox).where(eq(emailOutbox.para, user.email))).toEqual([]);
    expect(await portal.services.db.select().from(senhaReset).where(eq(senhaReset.usuarioId, user.id))).toEqual([]);
  });

  it('refuses an actor without PORTAL_MANUTENCAO_USUARIOS; an inactive user is not invited', async () => {
    const user = await createUser(portal);
    await expect(inviteUser(await contextOf(portal, 'dealer@portal.demo'), { userId: user.id })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const inactive = await createUser(portal, { active: false });
    await inviteUser(systemContext(portal.services), { userId: inactive.id });
    for (const u of [user, inactive]) {
      expect(await portal.services.db.select().from(emailOutbox).where(eq(emailOutbox.para, u.email))).toEqual([]);
    }
  });
});
