import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn } from './browserless.js';
import { startTestPortal, type TestPortal } from './harness.js';
import { type SmtpInbox, startSmtpInbox } from './mail-inbox.js';

// Issue 17, points 2, 6 and 9 (decisions 0041, 0042): a history that keeps every step across rejection and
// resubmission, the approver's difference, one communication in three languages (what each recipient reads and the
// notification and e-mail they get), and notifications each user reads in their own language.

const code = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.code;
const H = 'historico { evento descricao motivo usuario { nome } destinatarios idErrata }';
const D = 'alteracoesDesdeRejeicao { campo idioma partes { tipo texto } }';

describe('communications: history, difference and languages (issue 17)', () => {
  let portal: TestPortal;
  let smtp: SmtpInbox;
  let base: string;
  const as: Record<string, CookieClient> = {};
  const ids: Record<string, string> = {};
  const group: Record<string, string> = {};
  const q = (who: string, query: string, variables?: Record<string, unknown>) => gql(as[who], base, query, variables);
  const status = async (id: string) =>
    (
      (await portal.services.db.execute(sql`SELECT status FROM comunicado WHERE id = ${id}`)).rows[0] as {
        status: string;
      }
    ).status;
  const setLanguage = async (who: string, idioma: string) => {
    const r = await q(who, `mutation { mudarLinguaUsuario(id: "${ids[who]}", idioma: ${idioma}) { id } }`);
    expect(r.errors).toBeUndefined();
  };
  const latestNotification = async (who: string) =>
    (await q(who, '{ notificacoes(rowsPerPage: 1) { content { titulo texto link } } }')).data.notificacoes.content[0];

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    portal = await startTestPortal({ env: { SMTP_URL: smtp.url } });
    base = portal.baseUrl;
    for (const who of ['admin', 'montadora', 'aprovador', 'dealer', 'dealer2']) {
      as[who] = (await signIn(base, `${who}@portal.demo`, DEMO_PASSWORD)).client;
      ids[who] = (await q(who, '{ usuarioLogado { id } }')).data.usuarioLogado.id;
    }
    for (const g of (await q('montadora', '{ gruposUsuariosAtivos { id nome } }')).data.gruposUsuariosAtivos) {
      group[g.nome] = g.id;
    }
  });
  afterAll(async () => {
    await portal?.stop();
    await smtp?.close();
  });

  it('the seeded welcome notification is read in each user’s language', async () => {
    expect((await latestNotification('dealer')).titulo).toBe('Bem-vindo ao portal');
    await setLanguage('dealer2', 'EN');
    const welcome = (await q('dealer2', '{ notificacoesMenu { titulo texto } }')).data.notificacoesMenu.at(-1);
    expect(welcome.titulo).toBe('Welcome to the portal');
    expect(welcome.texto).toContain('<strong>Rede Aurora</strong>');
    await setLanguage('dealer2', 'ES');
    expect((await q('dealer2', '{ notificacoesMenu { titulo } }')).data.notificacoesMenu.at(-1).titulo).toBe(
      'Bienvenido al portal',
    );
  });

  it('reject → edit → resubmit keeps every step; the approver sees the difference; each reader gets their language', async () => {
    await setLanguage('dealer2', 'EN');
    const saved = await q(
      'montadora',
      `mutation ($c: ComunicadoInput!) { salvarComunicado(comunicado: $c) { id idioma traducoes { idioma titulo } } }`,
      {
        c: {
          titulo: 'Campanha de revisão',
          mensagem: '<p>Traga o carro na sexta</p>',
          idsGruposUsuarios: [group['Rede Horizonte']],
          traducoes: [{ idioma: 'EN', titulo: 'Service campaign', mensagem: '<p>Bring the car on Friday</p>' }],
        },
      },
    );
    expect(saved.errors).toBeUndefined();
    const id = saved.data.salvarComunicado.id;
    expect(saved.data.salvarComunicado).toMatchObject({ idioma: 'PT_BR', traducoes: [{ idioma: 'EN' }] });

    await q('montadora', `mutation { enviarParaAprovacao(id: "${id}", aprovadorId: "${ids.aprovador}") { id } }`);
    await q(
      'aprovador',
      `mutation { rejeitarComunicado(id: "${id}", motivoRejeicao: "Falta o grupo do Litoral") { id } }`,
    );
    const edited = await q(
      'montadora',
      `mutation ($id: ID, $c: ComunicadoInput!) { salvarComunicado(id: $id, comunicado: $c) { id } }`,
      {
        id,
        c: {
          titulo: 'Campanha de revisão',
          mensagem: '<p>Traga o carro no sábado</p>',
          idsGruposUsuarios: [group['Rede Horizonte'], group['Rede Litoral']],
          dataFimExibicao: '2030-01-31T12:00:00.000Z',
          traducoes: [{ idioma: 'EN', titulo: 'Service campaign', mensagem: '<p>Bring the car on Saturday</p>' }],
        },
      },
    );
    expect(edited.errors).toBeUndefined();
    await q('montadora', `mutation { enviarParaAprovacao(id: "${id}", aprovadorId: "${ids.aprovador}") { id } }`);

    const seen = (await q('aprovador', `{ comunicado(id: "${id}") { motivoRejeicao ${H} ${D} } }`)).data.comunicado;
    // The reason left the communication on resubmission, but not its history.
    expect(seen.motivoRejeicao).toBeNull();
    expect(seen.historico.map((h: any) => h.evento)).toEqual([
      'CRIACAO',
      'SUBMISSAO',
      'REJEICAO',
      'EDICAO',
      'SUBMISSAO',
    ]);
    expect(seen.historico[2]).toMatchObject({
      motivo: 'Falta o grupo do Litoral',
      usuario: { nome: expect.any(String) },
      descricao: 'Rejeitado',
    });
    const change = (campo: string) => seen.alteracoesDesdeRejeicao.find((c: any) => c.campo === campo);
    expect(seen.alteracoesDesdeRejeicao.map((c: any) => c.campo)).toEqual([
      'mensagem',
      'traducao.mensagem',
      'grupos',
      'dataFimExibicao',
    ]);
    expect(change('mensagem').partes).toEqual([
      { tipo: 'IGUAL', texto: 'Traga o carro' },
      { tipo: 'REMOVIDO', texto: 'na sexta' },
      { tipo: 'ADICIONADO', texto: 'no sábado' },
    ]);
    expect(change('traducao.mensagem')).toMatchObject({ idioma: 'EN' });
    expect(change('grupos').partes).toContainEqual({ tipo: 'ADICIONADO', texto: 'Rede Litoral' });
    expect(change('dataFimExibicao').partes).toEqual([{ tipo: 'ADICIONADO', texto: '2030-01-31T12:00:00.000Z' }]);

    const mails = smtp.inbox.length;
    expect((await q('aprovador', `mutation { aprovarComunicado(id: "${id}") { id } }`)).errors).toBeUndefined();
    await vi.waitFor(async () => expect(await status(id)).toBe('ENVIADO'), { timeout: 15_000, interval: 100 });
    const after = (await q('montadora', `{ comunicado(id: "${id}") { ${H} } }`)).data.comunicado.historico;
    expect(after.map((h: any) => h.evento).slice(-2)).toEqual(['APROVACAO', 'ENVIO']);
    expect(after.at(-1)).toMatchObject({ usuario: null, destinatarios: 2 });

    // Each recipient reads their version: English for dealer2, the original for dealer.
    const read = async (who: string) =>
      (await q(who, `{ comunicadoEnvio(idComunicado: "${id}") { comunicado { titulo mensagem ${H} ${D} } } }`)).data
        .comunicadoEnvio.comunicado;
    expect(await read('dealer2')).toMatchObject({
      titulo: 'Service campaign',
      mensagem: '<p>Bring the car on Saturday</p>',
      historico: [],
      alteracoesDesdeRejeicao: null,
    });
    expect((await read('dealer')).titulo).toBe('Campanha de revisão');
    const list = (await q('dealer2', '{ comunicadoEnvios(aba: RECEBIDOS) { content { comunicado { id titulo } } } }'))
      .data.comunicadoEnvios.content;
    expect(list.find((e: any) => e.comunicado.id === id).comunicado.titulo).toBe('Service campaign');
    // The inbox search finds it by the version's title as well as by the original's.
    const found = async (busca: string) =>
      (
        await q('dealer2', `{ comunicadoEnvios(aba: RECEBIDOS, busca: "${busca}") { content { comunicado { id } } } }`)
      ).data.comunicadoEnvios.content.map((e: any) => e.comunicado.id);
    expect(await found('service CAMPAIGN')).toContain(id);
    expect(await found('Campanha de revisao')).toContain(id);
    expect(await found('nothing like it')).not.toContain(id);

    // The notification: the reader's title, the sender and an excerpt in their language.
    const en = await latestNotification('dealer2');
    expect(en.titulo).toBe('Service campaign');
    expect(en.texto).toContain('From: Marcos Montadora');
    expect(en.texto).toContain('Bring the car on Saturday');
    const pt = await latestNotification('dealer');
    expect(pt.titulo).toBe('Campanha de revisão');
    expect(pt.texto).toContain('De: Marcos Montadora');
    expect(pt.texto).toContain('Traga o carro no sábado');

    // The e-mails, through a real SMTP server, each in the recipient's language.
    const enMail = await smtp.nextMail('dealer2@portal.demo', mails);
    expect(enMail.subject).toBe('Service campaign');
    expect(enMail.text).toContain('Bring the car on Saturday');
    expect(enMail.text).toContain('Open in the portal');
    const ptMail = await smtp.nextMail('dealer@portal.demo', mails);
    expect(ptMail.subject).toBe('Campanha de revisão');
    expect(ptMail.text).toContain('Abrir no portal');

    // A reminder to the unread stays in the history; dealer2's is titled with the English version.
    const beforeReminder = smtp.inbox.length;
    const reminded = await q(
      'montadora',
      `mutation { enviarLembreteComunicado(id: "${id}", alvo: NAO_LIDOS) { destinatarios } }`,
    );
    expect(reminded.errors).toBeUndefined();
    expect((await latestNotification('dealer2')).titulo).toBe('Reminder: Service campaign');
    expect((await latestNotification('dealer')).titulo).toBe('Lembrete: Campanha de revisão');
    const withReminder = (await q('montadora', `{ comunicado(id: "${id}") { ${H} } }`)).data.comunicado.historico;
    expect(withReminder.at(-1)).toMatchObject({
      evento: 'LEMBRETE',
      destinatarios: 2,
      usuario: { nome: 'Marcos Montadora' },
    });
    const reminderMail = await smtp.nextMail('dealer2@portal.demo', beforeReminder);
    expect(reminderMail.subject).toBe('Reminder: Service campaign');

    // The rejection notification is kept in every language: the creator reads it in the language they use now.
    await setLanguage('montadora', 'ES');
    const notes = (await q('montadora', '{ notificacoes(rowsPerPage: 20) { content { titulo texto } } }')).data
      .notificacoes.content;
    expect(notes.map((n: any) => n.titulo)).toContain('Comunicado rechazado: Campanha de revisão');
    await setLanguage('montadora', 'PT_BR');

    // An errata carries its versions too, and is recorded on the original.
    const errata = await q(
      'montadora',
      `mutation ($c: ComunicadoInput!) { criarErrata(idOriginal: "${id}", justificativa: "A data estava errada no texto", comunicado: $c) { id } }`,
      {
        c: {
          titulo: 'Errata: campanha',
          mensagem: '<p>É no domingo</p>',
          traducoes: [{ idioma: 'EN', titulo: 'Errata: campaign', mensagem: '<p>It is on Sunday</p>' }],
        },
      },
    );
    expect(errata.errors).toBeUndefined();
    const errataId = errata.data.criarErrata.id;
    await q('montadora', `mutation { enviarParaAprovacao(id: "${errataId}", aprovadorId: "${ids.aprovador}") { id } }`);
    await q('aprovador', `mutation { aprovarComunicado(id: "${errataId}") { id } }`);
    await vi.waitFor(async () => expect(await status(errataId)).toBe('ENVIADO'), { timeout: 15_000, interval: 100 });
    const errataRead = (
      await q(
        'dealer2',
        `{ comunicadoEnvio(idComunicado: "${errataId}") { comunicado { titulo } original { titulo } } }`,
      )
    ).data.comunicadoEnvio;
    expect(errataRead).toEqual({
      comunicado: { titulo: 'Errata: campaign' },
      original: { titulo: 'Service campaign' },
    });
    const original = (await q('montadora', `{ comunicado(id: "${id}") { ${H} } }`)).data.comunicado.historico;
    expect(original.at(-1)).toMatchObject({
      evento: 'ERRATA',
      idErrata: errataId,
      motivo: 'A data estava errada no texto',
    });
  });

  it('versions are validated: none in the original’s language, one per language, none empty', async () => {
    const bad = async (traducoes: unknown) =>
      q('montadora', `mutation ($c: ComunicadoInput!) { salvarComunicado(comunicado: $c) { id } }`, {
        c: { titulo: 'T', mensagem: '<p>M</p>', idioma: 'PT_BR', traducoes },
      });
    const original = await bad([{ idioma: 'PT_BR', titulo: 'T', mensagem: '<p>M</p>' }]);
    expect(code(original)).toBe('BAD_USER_INPUT');
    const twice = await bad([
      { idioma: 'EN', titulo: 'T', mensagem: '<p>M</p>' },
      { idioma: 'EN', titulo: 'U', mensagem: '<p>N</p>' },
    ]);
    expect(code(twice)).toBe('BAD_USER_INPUT');
    // A message the sanitiser empties.
    expect(code(await bad([{ idioma: 'ES', titulo: 'T', mensagem: '<script>x</script>' }]))).toBe('BAD_USER_INPUT');
  });

  it('nobody else reaches the history or the difference', async () => {
    const saved = await q('montadora', `mutation ($c: ComunicadoInput!) { salvarComunicado(comunicado: $c) { id } }`, {
      c: { titulo: 'Rascunho privado', mensagem: '<p>x</p>' },
    });
    const id = saved.data.salvarComunicado.id;
    // Another approver, not chosen: NOT_FOUND; a dealer lacks the key: FORBIDDEN; no data either way.
    const other = await q('admin', `{ comunicado(id: "${id}") { ${H} ${D} } }`);
    expect(code(other)).toBe('NOT_FOUND');
    expect(other.data).toBeNull();
    const dealer = await q('dealer', `{ comunicado(id: "${id}") { ${H} } }`);
    expect(code(dealer)).toBe('FORBIDDEN');
    expect(dealer.data).toBeNull();
    const own = (await q('montadora', `{ comunicado(id: "${id}") { ${H} ${D} } }`)).data.comunicado;
    expect(own.historico.map((h: any) => h.evento)).toEqual(['CRIACAO']);
    expect(own.alteracoesDesdeRejeicao).toBeNull();
  });
});
