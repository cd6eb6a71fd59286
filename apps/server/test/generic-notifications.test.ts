import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria } from '../src/modules/audit/audit.tables.js';
import { sendScheduledGeneric } from '../src/modules/notifications/notifications.generic.js';
import { usuario } from '../src/modules/users/users.tables.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn } from './browserless.js';
import { startTestPortal, type TestPortal } from './harness.js';

// Notification templates and generic notifications of the screens (docs/domains/notifications.md):
// templates sanitised and audited, the exact count, per-recipient placeholders and language versions,
// schedules on the business clock sent once, editing and cancelling only while scheduled.

const code = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.code;

const SAVE_TEMPLATE = `mutation ($id: ID, $m: ModeloNotificacaoInput!) { salvarModeloNotificacao(id: $id, modelo: $m) {
  id nome titulo texto active traducoes { idioma titulo texto } } }`;
const SAVE = `mutation ($id: ID, $n: NotificacaoGenericaFormInput!) { salvarNotificacaoGenerica(id: $id, notificacao: $n) {
  id tipo status destinatarios lidas dataAgendamento enviadaEm titulo audiencia { usuarios { id nome } tiposUsuario } } }`;
const COUNT = `query ($a: AudienciaNotificacaoInput!) { contagemDestinatariosNotificacao(audiencia: $a) }`;

describe('notification templates and generic notifications', () => {
  let portal: TestPortal;
  let base: string;
  const as: Record<string, CookieClient> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    portal = await startTestPortal();
    base = portal.baseUrl;
    for (const who of ['admin', 'montadora', 'dealer', 'dealer2']) {
      as[who] = (await signIn(base, `${who}@portal.demo`, DEMO_PASSWORD)).client;
      ids[who] = (await gql(as[who], base, '{ usuarioLogado { id } }')).data.usuarioLogado.id;
    }
  });
  afterAll(async () => {
    await portal?.stop();
  });

  const bell = async (who: string) =>
    (await gql(as[who], base, '{ notificacoesMenu { id titulo texto link } }')).data.notificacoesMenu as {
      id: string;
      titulo: string;
      texto: string;
    }[];

  it('templates: saved sanitised with language versions, listed, inactivated and audited; others FORBIDDEN', async () => {
    const m = {
      nome: 'Boas-vindas',
      titulo: 'Olá {{nome}}',
      texto: '<p>Bem-vindo ao {{produto}} <script>x</script><a href="{{link}}">abrir</a></p>',
      traducoes: [{ idioma: 'EN', titulo: 'Hello {{nome}}', texto: '<p>Welcome to {{produto}}</p>' }],
    };
    const saved = await gql(as.admin, base, SAVE_TEMPLATE, { m });
    expect(saved.errors).toBeUndefined();
    const t = saved.data.salvarModeloNotificacao;
    expect(t.texto).not.toContain('script');
    expect(t.traducoes).toEqual([{ idioma: 'EN', titulo: 'Hello {{nome}}', texto: '<p>Welcome to {{produto}}</p>' }]);
    ids.template = t.id;

    const list = await gql(as.admin, base, '{ modelosNotificacao(busca: "boas") { totalElements content { id } } }');
    expect(list.data.modelosNotificacao.content.map((x: { id: string }) => x.id)).toEqual([t.id]);

    const dup = await gql(as.admin, base, SAVE_TEMPLATE, {
      m: { ...m, traducoes: [m.traducoes[0], m.traducoes[0]] },
    });
    expect(code(dup)).toBe('BAD_USER_INPUT');

    const off = await gql(as.admin, base, `mutation { inativarModeloNotificacao(id: "${t.id}") { active } }`);
    expect(off.data.inativarModeloNotificacao.active).toBe(false);
    const active = await gql(as.admin, base, '{ modelosNotificacaoAtivos { id } }');
    expect(active.data.modelosNotificacaoAtivos.some((x: { id: string }) => x.id === t.id)).toBe(false);
    await gql(as.admin, base, `mutation { ativarModeloNotificacao(id: "${t.id}") { active } }`);

    const audit = await portal.services.db
      .select({ acao: auditoria.acao })
      .from(auditoria)
      .where(and(eq(auditoria.entidade, 'modelo_notificacao'), eq(auditoria.entidadeId, t.id)));
    expect(audit.map((a) => a.acao).sort()).toEqual(['ativar', 'criar', 'inativar']);

    const denied = await gql(as.montadora, base, SAVE_TEMPLATE, { m });
    expect(code(denied)).toBe('FORBIDDEN');
  });

  it('the exact count of an audience by user types, users and dealers', async () => {
    const direct = await gql(as.admin, base, COUNT, { a: { idsUsuarios: [ids.dealer, ids.dealer2, 'nope'] } });
    expect(direct.data.contagemDestinatariosNotificacao).toBe(2);
    const empty = await gql(as.admin, base, COUNT, { a: {} });
    expect(empty.data.contagemDestinatariosNotificacao).toBe(0);
    const byType = await gql(as.admin, base, COUNT, { a: { tiposUsuario: ['DEALER_GRUPO'] } });
    expect(byType.data.contagemDestinatariosNotificacao).toBeGreaterThanOrEqual(2);

    const dealerName = (await gql(as.dealer, base, '{ usuarioLogado { nome } }')).data.usuarioLogado.nome as string;
    const found = await gql(
      as.admin,
      base,
      `{ buscaAudienciaNotificacao(busca: "${dealerName.slice(0, 5)}") { usuarios { id nome } dealers { id } } }`,
    );
    expect(found.data.buscaAudienciaNotificacao.usuarios).toContainEqual({ id: ids.dealer, nome: dealerName });
  });

  it('from a template: placeholders filled per recipient in their language, sanitised; listed with counts', async () => {
    await portal.services.db.update(usuario).set({ idioma: 'EN' }).where(eq(usuario.id, ids.dealer2));
    const res = await gql(as.admin, base, SAVE, {
      n: {
        tipo: 'comModelo',
        modeloId: ids.template,
        link: '/comunicados',
        audiencia: { idsUsuarios: [ids.dealer, ids.dealer2] },
      },
    });
    expect(res.errors).toBeUndefined();
    const g = res.data.salvarNotificacaoGenerica;
    expect(g).toMatchObject({ tipo: 'comModelo', status: 'ENVIADA', destinatarios: 2, lidas: 0 });
    expect(g.audiencia.usuarios).toHaveLength(2);

    const dealerName = (await gql(as.dealer, base, '{ usuarioLogado { nome } }')).data.usuarioLogado.nome;
    const mine = (await bell('dealer')).find((n) => n.titulo === `Olá ${dealerName}`);
    expect(mine?.texto).toContain(`href="${base}/comunicados"`);
    expect(mine?.texto).not.toContain('{{');
    const theirs = (await bell('dealer2')).find((n) => n.titulo.startsWith('Hello '));
    expect(theirs?.texto).toMatch(/^<p>Welcome to /);

    await gql(as.dealer, base, `mutation { marcarNotificacaoComoLida(id: "${mine?.id}") { id } }`);
    const one = await gql(as.admin, base, `{ notificacaoGenerica(id: "${g.id}") { lidas destinatarios } }`);
    expect(one.data.notificacaoGenerica).toEqual({ lidas: 1, destinatarios: 2 });
  });

  it('scheduled: editable and cancellable only while scheduled; sent once when due on the business clock', async () => {
    const at = new Date(portal.services.clock.now().getTime() + 3_600_000).toISOString();
    const n = {
      tipo: 'modelo',
      titulo: 'Agendada',
      texto: '<p>Mais tarde</p>',
      audiencia: { idsUsuarios: [ids.dealer] },
      dataAgendamento: at,
    };
    const past = await gql(as.admin, base, SAVE, { n: { ...n, dataAgendamento: '2001-01-01T00:00:00Z' } });
    expect(past.errors?.[0].extensions.fields).toEqual({
      dataAgendamento: 'notifications.scheduleInPast',
    });

    const created = (await gql(as.admin, base, SAVE, { n })).data.salvarNotificacaoGenerica;
    expect(created).toMatchObject({ status: 'AGENDADA', destinatarios: 0 });
    const edited = await gql(as.admin, base, SAVE, { id: created.id, n: { ...n, titulo: 'Agendada editada' } });
    expect(edited.data.salvarNotificacaoGenerica.titulo).toBe('Agendada editada');

    // Not yet due: nothing sent.
    expect(await sendScheduledGeneric(portal.services, created.id)).toBe(0);
    portal.services.clock.advance(3_700_000);
    const [first, second] = await Promise.all([
      sendScheduledGeneric(portal.services, created.id),
      sendScheduledGeneric(portal.services, created.id),
    ]);
    expect(first + second).toBe(1);
    expect((await bell('dealer')).filter((x) => x.titulo === 'Agendada editada')).toHaveLength(1);

    const late = await gql(as.admin, base, SAVE, { id: created.id, n });
    expect(code(late)).toBe('BAD_USER_INPUT');
    const cancelSent = await gql(
      as.admin,
      base,
      `mutation { cancelarNotificacaoGenerica(id: "${created.id}") { id } }`,
    );
    expect(code(cancelSent)).toBe('BAD_USER_INPUT');

    const later = new Date(portal.services.clock.now().getTime() + 3_600_000).toISOString();
    const other = (await gql(as.admin, base, SAVE, { n: { ...n, titulo: 'Cancelada', dataAgendamento: later } })).data
      .salvarNotificacaoGenerica;
    const cancelled = await gql(
      as.admin,
      base,
      `mutation { cancelarNotificacaoGenerica(id: "${other.id}") { status } }`,
    );
    expect(cancelled.data.cancelarNotificacaoGenerica.status).toBe('CANCELADA');
    portal.services.clock.advance(3_700_000);
    expect(await sendScheduledGeneric(portal.services, other.id)).toBe(0);
  });

  it('a schedule is sent by its job once its time comes (the worker of this instance)', async () => {
    const at = new Date(portal.services.clock.now().getTime() + 1_500).toISOString();
    const created = (
      await gql(as.admin, base, SAVE, {
        n: {
          tipo: 'modelo',
          titulo: 'Pelo job',
          texto: '<p>x</p>',
          audiencia: { idsUsuarios: [ids.dealer] },
          dataAgendamento: at,
        },
      })
    ).data.salvarNotificacaoGenerica;
    const status = async () =>
      (await gql(as.admin, base, `{ notificacaoGenerica(id: "${created.id}") { status destinatarios } }`)).data
        .notificacaoGenerica;
    await expect.poll(status, { timeout: 15_000, interval: 500 }).toEqual({ status: 'ENVIADA', destinatarios: 1 });
    expect((await bell('dealer')).filter((x) => x.titulo === 'Pelo job')).toHaveLength(1);
  });

  it('enviarNotificacaoGenerica keeps its contract and is listed with the others', async () => {
    const res = await gql(
      as.admin,
      base,
      'mutation ($n: NotificacaoGenericaInput!) { enviarNotificacaoGenerica(notificacao: $n) }',
      { n: { titulo: 'Pela API', texto: '<p>x</p>', idsUsuarios: [ids.dealer] } },
    );
    expect(res.data.enviarNotificacaoGenerica).toBe(1);
    const list = await gql(
      as.admin,
      base,
      '{ notificacoesGenericas(rowsPerPage: 100) { totalElements content { titulo status destinatarios } } }',
    );
    expect(list.data.notificacoesGenericas.content[0]).toEqual({
      titulo: 'Pela API',
      status: 'ENVIADA',
      destinatarios: 1,
    });
  });
});
