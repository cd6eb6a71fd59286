import { formatDateTime } from '@portal/i18n';
import { and, eq, isNull, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditoria } from '../src/modules/audit/audit.tables.js';
import { emailOutbox } from '../src/platform/mail.tables.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn } from './browserless.js';
import { startTestPortal, type TestPortal } from './harness.js';
import { type SmtpInbox, startSmtpInbox } from './mail-inbox.js';
import { type PushReceiver, startPushReceiver } from './push-receiver.js';

// Issue 17 points 4 and 5 through the API: a communication that asks for a read confirmation, the recipient's
// confirmation (idempotent, audited, recipients only), the dashboard's counts and the list of who has not confirmed;
// reminders to those who have not read or not confirmed (bell, real SMTP, web push through a local push service), at
// most once per interval, audited.

const code = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.code;
const HOUR = 3_600_000;
const REMINDER = /^(Lembrete|Reminder|Recordatorio): /;

describe('read confirmation and reminders', () => {
  let portal: TestPortal;
  let smtp: SmtpInbox;
  let push: PushReceiver;
  const as: Record<string, CookieClient> = {};
  const ids: Record<string, string> = {};
  const q = (who: string, query: string, variables?: Record<string, unknown>) =>
    gql(as[who], portal.baseUrl, query, variables);

  /** aprovador (approval key) sends one to dealer and dealer2 (manual e-mails of portal users); its id once sent. */
  async function sendToDealers(titulo: string, exigeConfirmacao: boolean) {
    const saved = await q(
      'aprovador',
      'mutation ($c: ComunicadoInput!) { salvarComunicado(comunicado: $c) { id exigeConfirmacao } }',
      {
        c: {
          titulo,
          mensagem: '<p>Leia com atenção.</p>',
          emailsAvulsos: ['dealer@portal.demo', 'dealer2@portal.demo'],
          exigeConfirmacao,
        },
      },
    );
    expect(saved.errors).toBeUndefined();
    const { id } = saved.data.salvarComunicado;
    expect(saved.data.salvarComunicado.exigeConfirmacao).toBe(exigeConfirmacao);
    expect((await q('aprovador', `mutation { enviarComunicado(id: "${id}") { id } }`)).errors).toBeUndefined();
    await vi.waitFor(
      async () =>
        expect((await q('aprovador', `{ comunicado(id: "${id}") { status { id } } }`)).data.comunicado.status.id).toBe(
          'ENVIADO',
        ),
      { timeout: 15_000, interval: 100 },
    );
    return id as string;
  }

  const dashboard = async (id: string) =>
    (
      await q(
        'aprovador',
        `{ dashboardComunicado(id: "${id}") { lidos naoLidos confirmacoes naoConfirmados taxaConfirmacao
            proximoLembreteEm ultimoLembrete { alvo enviadoEm destinatarios } } }`,
      )
    ).data.dashboardComunicado;

  const remind = (who: string, id: string, alvo: string) =>
    q(who, `mutation { enviarLembreteComunicado(id: "${id}", alvo: ${alvo}) { alvo enviadoEm destinatarios } }`);

  const bellTitles = async (who: string) =>
    ((await q(who, '{ notificacoesMenu { titulo } }')).data.notificacoesMenu as { titulo: string }[]).map(
      (n) => n.titulo,
    );

  /** Every queued e-mail has been handed to the SMTP server (or failed): nothing more is coming. */
  const outboxDrained = () =>
    vi.waitFor(
      async () =>
        expect(
          await portal.services.db
            .select({ id: emailOutbox.id })
            .from(emailOutbox)
            .where(and(isNull(emailOutbox.sentAt), isNull(emailOutbox.erro))),
        ).toEqual([]),
      { timeout: 20_000, interval: 200 },
    );

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    // A local push service that decrypts what it gets (the web push job's round trip, decision 0034).
    push = await startPushReceiver();
    portal = await startTestPortal({
      env: { SMTP_URL: smtp.url },
      config: {
        push: {
          enabled: true,
          allowedHosts: ['push.example'],
          concurrency: 8,
          timeoutMs: 2_000,
          retryDelayMs: 20,
          testOrigin: push.origin,
        },
      },
    });
    for (const who of ['admin', 'montadora', 'aprovador', 'dealer', 'dealer2']) {
      as[who] = (await signIn(portal.baseUrl, `${who}@portal.demo`, DEMO_PASSWORD)).client;
      ids[who] = (await q(who, '{ usuarioLogado { id } }')).data.usuarioLogado.id;
    }
    // dealer and dealer2 each have a browser subscribed to web push.
    for (const who of ['dealer', 'dealer2']) {
      const subscribed = await q(
        who,
        'mutation ($input: PushSubscriptionInput!) { gerarPushSubscription(input: $input) }',
        { input: push.browser(who).subscription },
      );
      expect(subscribed.data.gerarPushSubscription).toBe(true);
    }
  });
  afterAll(async () => {
    await portal?.stop();
    await smtp?.close();
    await push?.close();
  });

  it('a recipient confirms once (audited, read too); others get NOT_FOUND; the dashboard counts and lists who has not', async () => {
    const titulo = `Norma de segurança ${Date.now()}`;
    const id = await sendToDealers(titulo, true);

    // The recipient sees that it asks; not confirmed yet.
    const before = await q(
      'dealer',
      `{ comunicadoEnvio(idComunicado: "${id}") { lido dataConfirmacao comunicado { exigeConfirmacao } } }`,
    );
    expect(before.data.comunicadoEnvio).toEqual({
      lido: false,
      dataConfirmacao: null,
      comunicado: { exigeConfirmacao: true },
    });
    expect(await dashboard(id)).toMatchObject({ lidos: 0, confirmacoes: 0, naoConfirmados: 2, taxaConfirmacao: 0 });

    // Not a recipient: NOT_FOUND and no data, whatever their keys; nothing written.
    for (const who of ['admin', 'montadora']) {
      const denied = await q(
        who,
        `mutation { confirmarLeituraComunicado(idComunicado: "${id}") { id dataConfirmacao } }`,
      );
      expect(code(denied)).toBe('NOT_FOUND');
      expect(denied.data).toBeNull();
    }

    const first = await q(
      'dealer',
      `mutation { confirmarLeituraComunicado(idComunicado: "${id}") { lido dataLeitura dataConfirmacao } }`,
    );
    expect(first.errors).toBeUndefined();
    const confirmed = first.data.confirmarLeituraComunicado;
    expect(confirmed.lido).toBe(true);
    expect(confirmed.dataConfirmacao).toEqual(expect.any(String));
    expect(confirmed.dataLeitura).toEqual(confirmed.dataConfirmacao);
    // Idempotent: the same date, no second audit row.
    portal.services.clock.advance(60_000);
    const again = await q(
      'dealer',
      `mutation { confirmarLeituraComunicado(idComunicado: "${id}") { dataConfirmacao } }`,
    );
    expect(again.data.confirmarLeituraComunicado.dataConfirmacao).toBe(confirmed.dataConfirmacao);
    const trail = await portal.services.db
      .select({ usuarioId: auditoria.usuarioId, depois: auditoria.depois })
      .from(auditoria)
      .where(
        and(
          eq(auditoria.entidade, 'comunicado_envio'),
          eq(auditoria.entidadeId, id),
          eq(auditoria.acao, 'confirmar_leitura'),
        ),
      );
    expect(trail).toEqual([
      { usuarioId: ids.dealer, depois: expect.objectContaining({ lido: true, dataConfirmacao: expect.any(String) }) },
    ]);

    expect(await dashboard(id)).toMatchObject({
      lidos: 1,
      naoLidos: 1,
      confirmacoes: 1,
      naoConfirmados: 1,
      taxaConfirmacao: 0.5,
    });
    const pending = await q(
      'aprovador',
      `{ confirmacoesComunicado(id: "${id}", confirmado: false) { totalElements content { usuario { email } dataConfirmacao } } }`,
    );
    expect(pending.data.confirmacoesComunicado).toEqual({
      totalElements: 1,
      content: [{ usuario: { email: 'dealer2@portal.demo' }, dataConfirmacao: null }],
    });
    const done = await q(
      'aprovador',
      `{ confirmacoesComunicado(id: "${id}", confirmado: true, busca: "DEALER@") { totalElements content { usuario { email } } } }`,
    );
    expect(done.data.confirmacoesComunicado.content).toEqual([{ usuario: { email: 'dealer@portal.demo' } }]);
    // The readers' list carries the confirmation too.
    const readers = await q(
      'aprovador',
      `{ leiturasComunicado(id: "${id}", lido: true) { content { usuario { email } dataConfirmacao } } }`,
    );
    expect(readers.data.leiturasComunicado.content).toEqual([
      { usuario: { email: 'dealer@portal.demo' }, dataConfirmacao: confirmed.dataConfirmacao },
    ]);
    // The list is the creator's and approver's: a recipient is refused by the guard, another writer gets NOT_FOUND.
    expect(code(await q('dealer', `{ confirmacoesComunicado(id: "${id}") { totalElements } }`))).toBe('FORBIDDEN');
    const other = await q('montadora', `{ confirmacoesComunicado(id: "${id}") { totalElements } }`);
    expect(code(other)).toBe('NOT_FOUND');
    expect(other.data).toBeNull();
  });

  it('the choice is kept on edit; a communication that does not ask cannot be confirmed', async () => {
    const saved = await q(
      'montadora',
      'mutation ($c: ComunicadoInput!) { salvarComunicado(comunicado: $c) { id exigeConfirmacao } }',
      { c: { titulo: 'Rascunho com confirmação', mensagem: '<p>x</p>', exigeConfirmacao: true } },
    );
    const { id } = saved.data.salvarComunicado;
    const edited = await q(
      'montadora',
      'mutation ($id: ID, $c: ComunicadoInput!) { salvarComunicado(id: $id, comunicado: $c) { exigeConfirmacao } }',
      { id, c: { titulo: 'Rascunho com confirmação (editado)', mensagem: '<p>y</p>' } },
    );
    expect(edited.data.salvarComunicado.exigeConfirmacao).toBe(true);
    const off = await q(
      'montadora',
      'mutation ($id: ID, $c: ComunicadoInput!) { salvarComunicado(id: $id, comunicado: $c) { exigeConfirmacao } }',
      { id, c: { titulo: 'Rascunho sem confirmação', mensagem: '<p>y</p>', exigeConfirmacao: false } },
    );
    expect(off.data.salvarComunicado.exigeConfirmacao).toBe(false);
    // A draft has no delivery: NOT_FOUND even for its author.
    expect(code(await q('montadora', `mutation { confirmarLeituraComunicado(idComunicado: "${id}") { id } }`))).toBe(
      'NOT_FOUND',
    );

    const plain = await sendToDealers(`Sem confirmação ${Date.now()}`, false);
    const refused = await q('dealer', `mutation { confirmarLeituraComunicado(idComunicado: "${plain}") { id } }`);
    expect(code(refused)).toBe('CONFLICT');
    expect(await dashboard(plain)).toMatchObject({ confirmacoes: 0, naoConfirmados: 0 });
    // Nor can its non-confirmers be reminded.
    expect(code(await remind('aprovador', plain, 'NAO_CONFIRMADOS'))).toBe('BAD_USER_INPUT');
  });

  it('a reminder reaches only the pending (bell, real SMTP, web push), is audited, and waits the interval', async () => {
    const titulo = `Lembrete de campanha ${Date.now()}`;
    const id = await sendToDealers(titulo, true);
    // dealer reads it (not confirmed); dealer2 does nothing.
    expect(
      (await q('dealer', `mutation { marcarEnvioComoLido(idComunicado: "${id}") { id } }`)).errors,
    ).toBeUndefined();
    // The communication's own e-mails are out before the reminder, so that every later mail is the reminder's.
    await outboxDrained();
    const mark = smtp.inbox.length;

    // Only its creator or approver: another writer gets NOT_FOUND, a recipient FORBIDDEN.
    expect(code(await remind('montadora', id, 'NAO_LIDOS'))).toBe('NOT_FOUND');
    expect(code(await remind('dealer', id, 'NAO_LIDOS'))).toBe('FORBIDDEN');

    const sent = await remind('aprovador', id, 'NAO_LIDOS');
    expect(sent.errors).toBeUndefined();
    expect(sent.data.enviarLembreteComunicado).toMatchObject({ alvo: 'NAO_LIDOS', destinatarios: 1 });

    // The bell: dealer2 has it, dealer (who read) does not.
    const reminderTitle = (t: string) => REMINDER.test(t) && t.endsWith(titulo);
    expect((await bellTitles('dealer2')).filter(reminderTitle)).toHaveLength(1);
    expect((await bellTitles('dealer')).filter(reminderTitle)).toHaveLength(0);
    // The real SMTP server: a reminder to dealer2 only.
    const mail = await smtp.nextMail('dealer2@portal.demo', mark);
    expect(mail.subject).toMatch(REMINDER);
    expect(mail.subject).toContain(titulo);
    expect(mail.text).toContain(`/comunicados/visualizarEnvio/${id}`);
    await outboxDrained();
    const reminderMails = smtp.inbox.slice(mark).filter((m) => REMINDER.test(m.subject) && m.subject.endsWith(titulo));
    expect(reminderMails.map((m) => m.to)).toEqual([['dealer2@portal.demo']]);

    // Web push: dealer2's browser gets the reminder, dealer's does not.
    const reminderPushes = (browser: string) =>
      push.received.filter((m) => m.browser === browser && reminderTitle(String(m.payload.title)));
    await vi.waitFor(() => expect(reminderPushes('dealer2')).toHaveLength(1), { timeout: 15_000, interval: 50 });
    expect(reminderPushes('dealer2')[0].payload.url).toBe(`/comunicados/visualizarEnvio/${id}`);
    expect(reminderPushes('dealer')).toEqual([]);

    // Its history: one enviar_lembrete row on the communication.
    const audit = await portal.services.db
      .select({ usuarioId: auditoria.usuarioId, depois: auditoria.depois })
      .from(auditoria)
      .where(
        and(eq(auditoria.entidade, 'comunicado'), eq(auditoria.entidadeId, id), eq(auditoria.acao, 'enviar_lembrete')),
      );
    expect(audit).toEqual([
      { usuarioId: ids.aprovador, depois: expect.objectContaining({ alvo: 'NAO_LIDOS', destinatarios: 1 }) },
    ]);

    // Before the interval: refused with its message, and the dashboard says when.
    const early = await remind('aprovador', id, 'NAO_CONFIRMADOS');
    expect(code(early)).toBe('CONFLICT');
    expect(early.errors?.[0].extensions.messageKey).toBe('communicationsConfirmation.reminderTooSoon');
    const d = await dashboard(id);
    expect(d.ultimoLembrete).toMatchObject({ alvo: 'NAO_LIDOS', destinatarios: 1 });
    expect(new Date(d.proximoLembreteEm).getTime() - new Date(d.ultimoLembrete.enviadoEm).getTime()).toBe(24 * HOUR);
    // The refusal names when the next one is allowed: in the message (the approver's pt-BR, the business time zone,
    // 24-hour clock) and, for clients, as the instant itself.
    expect(early.errors?.[0].extensions.messageParams).toEqual({ data: new Date(d.proximoLembreteEm).toISOString() });
    expect(early.errors?.[0].message).toBe(
      `Um lembrete foi enviado há pouco. O próximo será possível a partir de ${formatDateTime('pt-BR', new Date(d.proximoLembreteEm), 'America/Sao_Paulo')}.`,
    );
    expect(early.errors?.[0].message).toMatch(/de \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}\.$/);

    // After it: the non-confirmers (dealer, who read without confirming, and dealer2).
    portal.services.clock.advance(24 * HOUR);
    expect((await dashboard(id)).proximoLembreteEm).toBeNull();
    const mark2 = smtp.inbox.length;
    const second = await remind('aprovador', id, 'NAO_CONFIRMADOS');
    expect(second.data.enviarLembreteComunicado.destinatarios).toBe(2);
    await smtp.nextMail('dealer@portal.demo', mark2);
    await smtp.nextMail('dealer2@portal.demo', mark2);

    // Everyone confirms: nobody left to remind (a clear refusal, nothing sent).
    portal.services.clock.advance(24 * HOUR);
    for (const who of ['dealer', 'dealer2'])
      await q(who, `mutation { confirmarLeituraComunicado(idComunicado: "${id}") { id } }`);
    const nobody = await remind('aprovador', id, 'NAO_LIDOS');
    expect(code(nobody)).toBe('BAD_USER_INPUT');
    expect(nobody.errors?.[0].extensions.messageKey).toBe('communicationsConfirmation.reminderNobody');
    expect(
      await portal.services.db
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(like(emailOutbox.assunto, `%${titulo}`)),
    ).toHaveLength(2 + 1 + 2); // the communication's own two, then one, then two reminders
  });
});
