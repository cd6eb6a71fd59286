import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { neutraliseSpreadsheetCell } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditoria } from '../src/modules/audit/audit.tables.js';
import { fanOut, fireDueSchedules } from '../src/modules/communications/communications.jobs.js';
import { pageLeituras, streamLeituras } from '../src/modules/communications/communications.queries.js';
import { comunicadoEnvio } from '../src/modules/communications/communications.tables.js';
import { usuarioGrupoUsuarios } from '../src/modules/users/users.tables.js';
import { emailOutbox } from '../src/platform/mail.tables.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, openEventStream, signIn } from './browserless.js';
import { createUser, createUserGroup } from './factories.js';
import {
  freePort,
  freshPostgresDatabase,
  onPostgres,
  startTestPortal,
  statementsDuring,
  type TestPortal,
} from './harness.js';

// Communications through the API (issue 5): the lifecycle with approval and schedule, the fan-out
// exactly once, the recipient side, read tracking, and what others must not reach.

const code = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.code;
const HOUR = 3_600_000;
const C =
  'id titulo mensagem status { id } motivoRejeicao dataHoraAgendamento idParent justificativa etiquetas viewerCan { editar enviarParaAprovacao aprovar rejeitar enviar arquivar desarquivar criarErrata verDashboard }';

describe('communications', () => {
  let portal: TestPortal;
  let base: string;
  const as: Record<string, CookieClient> = {};
  const ids: Record<string, string> = {};
  const group: Record<string, string> = {};

  const q = (who: string, query: string, variables?: Record<string, unknown>) => gql(as[who], base, query, variables);
  const save = (who: string, comunicado: Record<string, unknown>, id?: string) =>
    q(who, `mutation ($id: ID, $c: ComunicadoInput!) { salvarComunicado(id: $id, comunicado: $c) { ${C} } }`, {
      id,
      c: comunicado,
    });
  const status = async (id: string) =>
    (
      (await portal.services.db.execute(sql`SELECT status FROM comunicado WHERE id = ${id}`)).rows[0] as {
        status: string;
      }
    ).status;
  const inbox = async (who: string, aba = 'RECEBIDOS') =>
    (
      await q(
        who,
        `{ comunicadoEnvios(aba: ${aba}) { totalElements content { lido favorito comunicado { id titulo } } } }`,
      )
    ).data.comunicadoEnvios;
  const unseen = async (who: string) => (await q(who, '{ countNotificacoesNaoLidas }')).data.countNotificacoesNaoLidas;

  /** Drafts, submits and gets approved now: the fan-out job runs; returns the id once it is sent. */
  async function sendNow(content: Record<string, unknown>) {
    const id = (await save('montadora', content)).data.salvarComunicado.id;
    await q('montadora', `mutation { enviarParaAprovacao(id: "${id}", aprovadorId: "${ids.aprovador}") { id } }`);
    const approved = await q('aprovador', `mutation { aprovarComunicado(id: "${id}") { status { id } } }`);
    expect(approved.errors).toBeUndefined();
    await vi.waitFor(async () => expect(await status(id)).toBe('ENVIADO'), { timeout: 15_000, interval: 100 });
    return id;
  }

  beforeAll(async () => {
    portal = await startTestPortal();
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
  });

  it('draft → approval → rejected with a reason → fixed and resubmitted → approved with a schedule → fires → read', async () => {
    const draft = await save('montadora', {
      titulo: 'Campanha de revisão',
      mensagem: '<p>Texto com <b>erro</b></p>',
      etiquetas: ['pós-venda'],
      idsGruposUsuarios: [group['Rede Horizonte']],
    });
    expect(draft.errors).toBeUndefined();
    const c = draft.data.salvarComunicado;
    expect(c.status.id).toBe('RASCUNHO');
    expect(c.viewerCan).toMatchObject({ editar: true, enviarParaAprovacao: true, enviar: false, aprovar: false });

    const toSelf = await q(
      'montadora',
      `mutation { enviarParaAprovacao(id: "${c.id}", aprovadorId: "${ids.montadora}") { id } }`,
    );
    expect(code(toSelf)).toBe('BAD_USER_INPUT');
    const submitted = await q(
      'montadora',
      `mutation { enviarParaAprovacao(id: "${c.id}", aprovadorId: "${ids.aprovador}") { ${C} } }`,
    );
    expect(submitted.data.enviarParaAprovacao.status.id).toBe('EM_APROVACAO');
    // Not the chosen approver: the admin does not even see it.
    expect(code(await q('admin', `mutation { aprovarComunicado(id: "${c.id}") { id } }`))).toBe('NOT_FOUND');
    expect(
      (await q('aprovador', `{ comunicado(id: "${c.id}") { viewerCan { aprovar rejeitar editar } } }`)).data.comunicado
        .viewerCan,
    ).toEqual({
      aprovar: true,
      rejeitar: true,
      editar: false,
    });

    const noReason = await q(
      'aprovador',
      `mutation { rejeitarComunicado(id: "${c.id}", motivoRejeicao: "  ") { id } }`,
    );
    expect(code(noReason)).toBe('BAD_USER_INPUT');
    const rejected = await q(
      'aprovador',
      `mutation { rejeitarComunicado(id: "${c.id}", motivoRejeicao: "Corrija o texto") { ${C} } }`,
    );
    expect(rejected.data.rejeitarComunicado).toMatchObject({
      status: { id: 'REJEITADO' },
      motivoRejeicao: 'Corrija o texto',
    });

    const fixed = await save(
      'montadora',
      {
        titulo: 'Campanha de revisão',
        mensagem: '<p>Texto corrigido</p>',
        idsGruposUsuarios: [group['Rede Horizonte']],
      },
      c.id,
    );
    expect(fixed.data.salvarComunicado.status.id).toBe('REJEITADO');
    await q('montadora', `mutation { enviarParaAprovacao(id: "${c.id}", aprovadorId: "${ids.aprovador}") { id } }`);

    const tooSoon = new Date(portal.services.clock.now().getTime() + 59 * 60_000).toISOString();
    const early = await q(
      'aprovador',
      `mutation { aprovarComunicado(id: "${c.id}", dataHoraAgendamento: "${tooSoon}") { id } }`,
    );
    expect(early.errors?.[0]?.extensions.fields).toEqual({ dataHoraAgendamento: 'communications.scheduleTooSoon' });
    const when = new Date(portal.services.clock.now().getTime() + 2 * HOUR).toISOString();
    const scheduled = await q(
      'aprovador',
      `mutation { aprovarComunicado(id: "${c.id}", dataHoraAgendamento: "${when}") { ${C} } }`,
    );
    expect(scheduled.data.aprovarComunicado).toMatchObject({ status: { id: 'AGENDADO' }, dataHoraAgendamento: when });

    // Not due yet: nothing fires. Then the clock passes the time (no sleeping).
    expect(await fireDueSchedules(portal.services)).toEqual([]);
    const bellBefore = await unseen('dealer');
    const stream = await openEventStream(as.dealer, `${base}/api/notificacoes/stream`);
    await stream.next(() => true);
    portal.services.clock.advance(2 * HOUR + 1000);
    expect(await fireDueSchedules(portal.services)).toEqual([c.id]);
    await vi.waitFor(async () => expect(await status(c.id)).toBe('ENVIADO'), { timeout: 15_000, interval: 100 });
    await stream.next((e) => e.event === 'count' && JSON.parse(e.data).count === bellBefore + 1, 1);
    stream.close();

    const received = await inbox('dealer');
    expect(received.content[0]).toMatchObject({ lido: false, comunicado: { id: c.id, titulo: 'Campanha de revisão' } });
    expect((await inbox('dealer2')).content.some((e: any) => e.comunicado.id === c.id)).toBe(false);
    expect(code(await q('dealer2', `{ comunicadoEnvio(idComunicado: "${c.id}") { id } }`))).toBe('NOT_FOUND');
    expect(code(await q('dealer2', `mutation { marcarEnvioComoLido(idComunicado: "${c.id}") { id } }`))).toBe(
      'NOT_FOUND',
    );

    const read = await q(
      'dealer',
      `mutation { marcarEnvioComoLido(idComunicado: "${c.id}") { lido dataLeitura comunicado { mensagem } } }`,
    );
    expect(read.data.marcarEnvioComoLido).toMatchObject({
      lido: true,
      comunicado: { mensagem: '<p>Texto corrigido</p>' },
    });
    const fav = await q('dealer', `mutation { favoritarEnvio(idComunicado: "${c.id}", favorito: true) { favorito } }`);
    expect(fav.data.favoritarEnvio.favorito).toBe(true);
    expect((await inbox('dealer', 'FAVORITOS')).content.map((e: any) => e.comunicado.id)).toContain(c.id);
    expect((await inbox('dealer', 'LIDOS')).content.map((e: any) => e.comunicado.id)).toContain(c.id);

    const dash = await q(
      'montadora',
      `{ dashboardComunicado(id: "${c.id}") { destinatarios entregues lidos naoLidos taxaLeitura leiturasPorDia { lidos } porGrupoUsuarios { nome destinatarios lidos } } }`,
    );
    expect(dash.data.dashboardComunicado).toMatchObject({ lidos: 1, leiturasPorDia: [{ lidos: 1 }] });
    expect(dash.data.dashboardComunicado.porGrupoUsuarios).toContainEqual({
      nome: 'Rede Horizonte',
      destinatarios: dash.data.dashboardComunicado.entregues,
      lidos: 1,
    });
    expect(code(await q('dealer', `{ dashboardComunicado(id: "${c.id}") { lidos } }`))).toBe('FORBIDDEN');
    expect(code(await q('admin', `{ dashboardComunicado(id: "${c.id}") { lidos } }`))).toBe('NOT_FOUND');

    const audit = await portal.services.db
      .select({ acao: auditoria.acao })
      .from(auditoria)
      .where(and(eq(auditoria.entidade, 'comunicado'), eq(auditoria.entidadeId, c.id)));
    expect(audit.map((a) => a.acao)).toEqual([
      'criar',
      'enviar_para_aprovacao',
      'rejeitar',
      'editar',
      'enviar_para_aprovacao',
      'aprovar',
      'disparar',
      'enviar',
    ]);
    // E-mail to the recipient, queued in the outbox (SMTP is not configured here).
    await vi.waitFor(
      async () => {
        const mails = await portal.services.db
          .select()
          .from(emailOutbox)
          .where(eq(emailOutbox.para, 'dealer@portal.demo'));
        expect(
          mails.some((m) => m.assunto === 'Campanha de revisão' && m.html.includes('/comunicados/visualizarEnvio/')),
        ).toBe(true);
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  it('approvals in view: the to-approve tab and its live count, sent without waiting ones, a rejection that says why (issue 17)', async () => {
    const lista = async (who: string, l: string) =>
      (
        await q(who, `{ comunicados(filtro: { lista: ${l}, rowsPerPage: 100 }) { content { id } } }`)
      ).data.comunicados.content.map((c: { id: string }) => c.id);
    const count = async () =>
      (await q('aprovador', '{ contagemComunicadosAAprovar }')).data.contagemComunicadosAAprovar;
    const before = await count();
    const stream = await openEventStream(as.aprovador, `${base}/api/comunicados/aprovacoes/stream`);
    await stream.next((e) => e.event === 'count' && JSON.parse(e.data).count === before);
    /** Runs a step and waits for the stream to report `expected` after it. */
    const counted = async (expected: number, step: () => Promise<unknown>) => {
      const from = stream.events.length;
      await step();
      await stream.next((e) => e.event === 'count' && JSON.parse(e.data).count === expected, from);
    };

    const id = (
      await save('montadora', {
        titulo: 'Aprovações à vista',
        mensagem: '<p>Texto</p>',
        idsGruposUsuarios: [group['Rede Horizonte']],
      })
    ).data.salvarComunicado.id;
    const draft = await q('montadora', `{ comunicado(id: "${id}") { entregues } }`);
    expect(draft.data.comunicado.entregues).toBeNull();
    expect(await lista('montadora', 'ENVIADOS')).toContain(id);
    const submit = () =>
      q('montadora', `mutation { enviarParaAprovacao(id: "${id}", aprovadorId: "${ids.aprovador}") { id } }`);
    await counted(before + 1, submit);
    expect(await count()).toBe(before + 1);
    // Waiting: in the approver's to-approve list and the creator's in-approval list, in nobody's sent list.
    expect(await lista('aprovador', 'A_APROVAR')).toContain(id);
    expect(await lista('montadora', 'EM_APROVACAO')).toContain(id);
    expect(await lista('montadora', 'A_APROVAR')).not.toContain(id);
    expect(await lista('montadora', 'ENVIADOS')).not.toContain(id);
    expect(await lista('aprovador', 'ENVIADOS')).not.toContain(id);
    // Without a list: everything the user created or must approve, as before.
    const all = await q('montadora', '{ comunicados(filtro: { rowsPerPage: 100 }) { content { id } } }');
    expect(all.data.comunicados.content.map((c: { id: string }) => c.id)).toContain(id);

    // Rejected: the count drops; the creator's notification speaks their language and gives the reason.
    await portal.services.db.execute(sql`UPDATE usuario SET idioma = 'EN' WHERE id = ${ids.montadora}`);
    try {
      await counted(before, async () => {
        const rejected = await q(
          'aprovador',
          `mutation { rejeitarComunicado(id: "${id}", motivoRejeicao: "Falta a data <b>da campanha</b>") { id } }`,
        );
        expect(rejected.errors).toBeUndefined();
      });
      // Read while the creator uses English (each user reads notifications in their current language, point 9).
      const [note] = (await q('montadora', '{ notificacoes(rowsPerPage: 1) { content { titulo texto } } }')).data
        .notificacoes.content;
      expect(note.titulo).toBe('Communication rejected: Aprovações à vista');
      expect(note.texto).toContain('rejected the communication');
      expect(note.texto).toContain('Falta a data &#60;b&#62;da campanha&#60;/b&#62;');
    } finally {
      await portal.services.db.execute(sql`UPDATE usuario SET idioma = 'PT_BR' WHERE id = ${ids.montadora}`);
    }
    expect(await lista('montadora', 'ENVIADOS')).toContain(id);
    expect(await lista('aprovador', 'ENVIADOS')).not.toContain(id);

    // Resubmitted and approved: sent, in both sent lists, with its deliveries counted.
    await counted(before + 1, submit);
    await counted(before, () => q('aprovador', `mutation { aprovarComunicado(id: "${id}") { id } }`));
    stream.close();
    await vi.waitFor(async () => expect(await status(id)).toBe('ENVIADO'), { timeout: 15_000, interval: 100 });
    const sent = (await q('montadora', `{ comunicado(id: "${id}") { entregues envioDateTime } }`)).data.comunicado;
    expect(sent.entregues).toBeGreaterThan(0);
    expect(sent.envioDateTime).not.toBeNull();
    expect(await lista('aprovador', 'ENVIADOS')).toContain(id);
    expect(await lista('montadora', 'ENVIADOS')).toContain(id);

    // Only holders of the approval key count or stream what waits for them.
    expect(code(await q('montadora', '{ contagemComunicadosAAprovar }'))).toBe('FORBIDDEN');
    expect(code(await q('dealer', '{ contagemComunicadosAAprovar }'))).toBe('FORBIDDEN');
    const denied = await as.dealer.fetch(`${base}/api/comunicados/aprovacoes/stream`);
    expect(denied.status).toBe(404);
    await denied.body?.cancel();
  });

  it('the recipient count is exact: deduplicated active users, and manual e-mails that are not users', async () => {
    const count = async (audiencia: Record<string, unknown>) =>
      (
        await q(
          'montadora',
          'query ($a: AudienciaInput!) { contagemDestinatarios(audiencia: $a) { usuarios emailsAvulsos total } }',
          { a: audiencia },
        )
      ).data.contagemDestinatarios;
    const one = await count({ idsGruposUsuarios: [group['Rede Horizonte']] });
    const both = await count({ idsGruposUsuarios: [group['Rede Horizonte'], group['Pós-venda']] });
    const members = async (nome: string) =>
      (
        await portal.services.db
          .select()
          .from(usuarioGrupoUsuarios)
          .where(eq(usuarioGrupoUsuarios.grupoUsuariosId, group[nome]))
      ).map((m) => m.usuarioId);
    const union = new Set([...(await members('Rede Horizonte')), ...(await members('Pós-venda'))]);
    expect(both.usuarios).toBe(union.size);
    expect(one.usuarios).toBeLessThanOrEqual(both.usuarios);
    // A manual e-mail of a member counts once; an unknown address counts as an e-mail.
    const emails = ['DEALER@portal.demo', 'fornecedor@externo.com', 'fornecedor@externo.com'];
    const withEmails = await count({ idsGruposUsuarios: [group['Rede Horizonte']], emailsAvulsos: emails });
    expect(withEmails).toEqual({ usuarios: one.usuarios, emailsAvulsos: 1, total: one.usuarios + 1 });
    // A removed user is out, even when named by e-mail.
    const removed = await count({
      idsGruposUsuarios: [group['Rede Horizonte']],
      emailsAvulsos: emails,
      idsUsuariosRemovidos: [ids.dealer],
    });
    expect(removed.usuarios).toBe(one.usuarios - 1);
    expect(code(await q('dealer', '{ contagemDestinatarios(audiencia: {}) { total } }'))).toBe('FORBIDDEN');
  });

  it('a dealer can neither write, approve, send nor target an audience through the API', async () => {
    const attempts = [
      'mutation { salvarComunicado(comunicado: { titulo: "x", mensagem: "<p>x</p>", idsGruposUsuarios: [] }) { id } }',
      'mutation { aprovarComunicado(id: "00000000-0000-0000-0000-000000000000") { id } }',
      'mutation { enviarComunicado(id: "00000000-0000-0000-0000-000000000000") { id } }',
      '{ comunicados { totalElements } }',
      '{ aprovadoresComunicado { id } }',
    ];
    for (const attempt of attempts) {
      const res = await q('dealer', attempt);
      expect(code(res), attempt).toBe('FORBIDDEN');
      expect(res.data, attempt).toBeNull();
    }
    // The creator holds no approval key: approving or sending directly is refused too.
    expect(
      code(await q('montadora', 'mutation { enviarComunicado(id: "00000000-0000-0000-0000-000000000000") { id } }')),
    ).toBe('FORBIDDEN');
  });

  it('a holder of the approval key sends their own directly; audience and content are validated', async () => {
    const noAudience = (await save('aprovador', { titulo: 'Sem público', mensagem: '<p>x</p>' })).data.salvarComunicado;
    const refused = await q('aprovador', `mutation { enviarComunicado(id: "${noAudience.id}") { id } }`);
    expect(code(refused)).toBe('BAD_USER_INPUT');
    expect(refused.errors?.[0]?.extensions.fields).toEqual({ idsGruposUsuarios: 'communications.audienceRequired' });

    const empty = await save('aprovador', { titulo: ' ', mensagem: '<p> </p>' });
    expect(code(empty)).toBe('BAD_USER_INPUT');

    const xss = await save('aprovador', {
      titulo: '<img src=x onerror=alert(1)>',
      mensagem: '<p onclick="x()">Oi<script>alert(1)</script><a href="javascript:alert(1)">link</a></p>',
      etiquetas: ['<b>tag</b>'],
      idsGruposUsuarios: [group['Rede Litoral']],
    });
    const saved = xss.data.salvarComunicado;
    expect(saved.titulo).toBe('<img src=x onerror=alert(1)>');
    expect(saved.mensagem).not.toMatch(/script|onclick|javascript/);
    expect(saved.etiquetas).toEqual(['<b>tag</b>']);
    const sent = await q('aprovador', `mutation { enviarComunicado(id: "${saved.id}") { status { id } } }`);
    expect(sent.data.enviarComunicado.status.id).toBe('APROVADO');
    await vi.waitFor(async () => expect(await status(saved.id)).toBe('ENVIADO'), { timeout: 15_000, interval: 100 });
    expect((await inbox('dealer2')).content.map((e: any) => e.comunicado.id)).toContain(saved.id);
  });

  it('fan-out is exactly once: a retried job and concurrent workers add nothing', async () => {
    const id = await sendNow({
      titulo: 'Uma vez',
      mensagem: '<p>x</p>',
      idsGruposUsuarios: [group['Rede Horizonte'], group['Pós-venda']],
    });
    const deliveries = async () =>
      (await portal.services.db.select().from(comunicadoEnvio).where(eq(comunicadoEnvio.comunicadoId, id))).length;
    const before = await deliveries();
    expect(before).toBeGreaterThan(0);
    // A retry of the finished job writes nothing.
    expect((await fanOut(portal.services, id)).n).toBe(0);
    // Even forced back to APROVADO (a state no move produces), the key refuses a second copy.
    await portal.services.db.execute(sql`UPDATE comunicado SET status = 'APROVADO' WHERE id = ${id}`);
    await Promise.allSettled([fanOut(portal.services, id), fanOut(portal.services, id)]);
    expect(await deliveries()).toBe(before);

    // Two workers on a communication that is due: one writes everything, the other nothing.
    const fresh = (
      await save('montadora', { titulo: 'Corrida', mensagem: '<p>x</p>', idsGruposUsuarios: [group['Pós-venda']] })
    ).data.salvarComunicado.id;
    await portal.services.db.execute(sql`UPDATE comunicado SET status = 'APROVADO' WHERE id = ${fresh}`);
    const [a, b] = await Promise.all([fanOut(portal.services, fresh), fanOut(portal.services, fresh)]);
    const written = (
      await portal.services.db.select().from(comunicadoEnvio).where(eq(comunicadoEnvio.comunicadoId, fresh))
    ).length;
    expect(a.n + b.n).toBe(written);
    expect(Math.min(a.n, b.n)).toBe(0);
  });

  it('a sent communication reaches the bell through its deliveries: no row per recipient, counted, listed, marked (decision 0053)', async () => {
    const grupo = await createUserGroup(portal, {});
    const people: Record<string, CookieClient> = {};
    for (const key of ['ana', 'bia', 'caio']) {
      const u = await createUser(portal, { password: DEMO_PASSWORD, idsGruposUsuarios: [grupo.id] });
      people[key] = (await signIn(base, u.email, DEMO_PASSWORD)).client;
    }
    const bell = async (who: string) =>
      (
        await gql(
          people[who],
          base,
          '{ countNotificacoesNaoLidas notificacoesMenu { id titulo lida recente link } notificacoes(rowsPerPage: 5) { totalElements content { id } } }',
        )
      ).data;
    expect((await bell('ana')).countNotificacoesNaoLidas).toBe(0);

    const id = await sendNow({ titulo: 'Pelo sino', mensagem: '<p>x</p>', idsGruposUsuarios: [grupo.id] });
    const [{ notificacao_id: notificacaoId }] = (
      await portal.services.db.execute(sql`SELECT notificacao_id FROM comunicado WHERE id = ${id}`)
    ).rows as { notificacao_id: string }[];
    expect(notificacaoId).toBeTruthy();
    // One notification row, and no row per recipient: the deliveries are the bell's recipients.
    const bellRows = async () =>
      (
        (
          await portal.services.db.execute(
            sql`SELECT count(*)::int AS n FROM notificacao_usuario WHERE notificacao_id = ${notificacaoId}`,
          )
        ).rows[0] as { n: number }
      ).n;
    expect(await bellRows()).toBe(0);

    const expected = {
      id: notificacaoId,
      titulo: 'Pelo sino',
      lida: false,
      recente: true,
      link: `/comunicados/visualizarEnvio/${id}`,
    };
    for (const who of ['ana', 'bia', 'caio']) {
      const b = await bell(who);
      expect(b.countNotificacoesNaoLidas, who).toBe(1);
      expect(b.notificacoesMenu, who).toEqual([expected]);
      expect(b.notificacoes, who).toEqual({ totalElements: 1, content: [{ id: notificacaoId }] });
    }
    // Someone outside the audience neither sees it nor can mark it.
    const outsider = await gql(
      as.dealer2,
      base,
      `mutation { marcarNotificacaoComoLida(id: "${notificacaoId}") { id } }`,
    );
    expect(code(outsider)).toBe('NOT_FOUND');
    expect(
      (await q('dealer2', '{ notificacoesMenu { id } }')).data.notificacoesMenu.some(
        (n: any) => n.id === notificacaoId,
      ),
    ).toBe(false);

    // Ana opens it: read and seen, for her only.
    const read = await gql(
      people.ana,
      base,
      `mutation { marcarNotificacaoComoLida(id: "${notificacaoId}") { id lida recente } }`,
    );
    expect(read.data.marcarNotificacaoComoLida).toEqual({ id: notificacaoId, lida: true, recente: false });
    expect((await bell('ana')).countNotificacoesNaoLidas).toBe(0);
    // Bia closes the bell: seen, still unread; marking all seen again changes nothing.
    expect(
      (await gql(people.bia, base, 'mutation { marcarNotificacoesComoVistas }')).data.marcarNotificacoesComoVistas,
    ).toBe(1);
    expect((await bell('bia')).notificacoesMenu[0]).toMatchObject({ lida: false, recente: false });
    expect((await bell('bia')).countNotificacoesNaoLidas).toBe(0);
    expect(
      (await gql(people.bia, base, 'mutation { marcarNotificacoesComoVistas }')).data.marcarNotificacoesComoVistas,
    ).toBe(0);
    // Caio marks all read.
    expect(
      (await gql(people.caio, base, 'mutation { marcarTodasNotificacoesComoLidas }')).data
        .marcarTodasNotificacoesComoLidas,
    ).toBe(1);
    expect((await bell('caio')).notificacoesMenu[0]).toMatchObject({ lida: true, recente: false });
    expect(await bellRows()).toBe(3);
  });

  it('errata: justified (≥ 15), sent to the original recipients, shown with the original', async () => {
    const original = await sendNow({
      titulo: 'Original',
      mensagem: '<p>v1</p>',
      idsGruposUsuarios: [group['Pós-venda']],
    });
    const short = await q(
      'montadora',
      `mutation { criarErrata(idOriginal: "${original}", justificativa: "curta", comunicado: { titulo: "Errata", mensagem: "<p>v2</p>" }) { id } }`,
    );
    expect(code(short)).toBe('BAD_USER_INPUT');
    const errata = await q(
      'montadora',
      `mutation { criarErrata(idOriginal: "${original}", justificativa: "Valor do desconto corrigido", comunicado: { titulo: "Errata", mensagem: "<p>v2</p>" }) { ${C} } }`,
    );
    expect(errata.errors).toBeUndefined();
    const e = errata.data.criarErrata;
    expect(e).toMatchObject({
      idParent: original,
      status: { id: 'RASCUNHO' },
      justificativa: 'Valor do desconto corrigido',
    });
    await q('montadora', `mutation { enviarParaAprovacao(id: "${e.id}", aprovadorId: "${ids.aprovador}") { id } }`);
    await q('aprovador', `mutation { aprovarComunicado(id: "${e.id}") { id } }`);
    await vi.waitFor(async () => expect(await status(e.id)).toBe('ENVIADO'), { timeout: 15_000, interval: 100 });
    const originals = (
      await portal.services.db.select().from(comunicadoEnvio).where(eq(comunicadoEnvio.comunicadoId, original))
    )
      .map((r) => r.usuarioId)
      .sort();
    const erratas = (
      await portal.services.db.select().from(comunicadoEnvio).where(eq(comunicadoEnvio.comunicadoId, e.id))
    )
      .map((r) => r.usuarioId)
      .sort();
    expect(erratas).toEqual(originals);
    const view = await q(
      'dealer',
      `{ comunicadoEnvio(idComunicado: "${e.id}") { comunicado { titulo } original { id titulo } } }`,
    );
    expect(view.data.comunicadoEnvio).toEqual({
      comunicado: { titulo: 'Errata' },
      original: { id: original, titulo: 'Original' },
    });
    const withErratas = await q(
      'montadora',
      `{ comunicado(id: "${original}") { erratas { id } viewerCan { arquivar } } }`,
    );
    expect(withErratas.data.comunicado).toEqual({ erratas: [{ id: e.id }], viewerCan: { arquivar: true } });
  });

  it('the reads export is .xlsx with formula-like cells neutralised; others get 404', async () => {
    await createUser(portal, {
      nome: '=HYPERLINK("http://x","clique")',
      email: 'evil@portal.demo',
      idsGruposUsuarios: [group['Rede Litoral']],
    });
    const id = await sendNow({ titulo: 'Export', mensagem: '<p>x</p>', idsGruposUsuarios: [group['Rede Litoral']] });
    const res = await as.montadora.fetch(`${base}/api/comunicados/${id}/leituras.xlsx`);
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const values = workbook.worksheets
      .flatMap((sheet) => sheet.getSheetValues().flat())
      .filter((v) => typeof v === 'string');
    expect(values).toContain('\'=HYPERLINK("http://x","clique")');
    expect(values).not.toContain('=HYPERLINK("http://x","clique")');
    expect((await as.dealer2.fetch(`${base}/api/comunicados/${id}/leituras.xlsx`)).status).toBe(404);
    expect((await fetch(`${base}/api/comunicados/${id}/leituras.xlsx`)).status).toBe(401);
  });

  it('the reads export is ready for Excel: the communication, dated readers, a bold frozen header, the breakdowns (issue 17 point 7)', async () => {
    const id = await sendNow({
      titulo: 'Tabela: preços',
      mensagem: '<p>x</p>',
      idsGruposUsuarios: [group['Rede Litoral']],
    });
    const res = await as.montadora.fetch(`${base}/api/comunicados/${id}/leituras.xlsx`);
    expect(res.status).toBe(200);
    expect(decodeURIComponent(String(res.headers.get('content-disposition')))).toMatch(
      /filename\*=UTF-8''Tabela: preços - leituras \d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    expect(workbook.worksheets.map((w) => w.name)).toEqual([
      'Comunicado',
      'Leituras',
      expect.stringMatching(/^Por /),
      expect.stringMatching(/^Por /),
      expect.stringMatching(/^Por /),
      'Por grupo de usuários',
    ]);
    const [summary, readers, , , , byUserGroup] = workbook.worksheets;
    const field = (label: string) => summary.getColumn(1).values.indexOf(label);
    expect(summary.getRow(field('Título')).getCell(2).value).toBe('Tabela: preços');
    expect(summary.getRow(field('Remetente')).getCell(2).value).toBe('Marcos Montadora');
    expect(summary.getRow(field('Grupos de usuários')).getCell(2).value).toBe('Rede Litoral');
    const delivered = Number(summary.getRow(field('Entregues')).getCell(2).value);
    expect(delivered).toBeGreaterThan(0);

    // The readers: a bold header frozen in place, widths set, received-at a real date cell in São Paulo's time.
    expect(readers.getRow(1).font?.bold).toBe(true);
    expect(readers.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(readers.getColumn(1).width).toBeGreaterThan(20);
    expect(readers.rowCount).toBe(delivered + 1);
    const page = await q(
      'montadora',
      `{ leiturasComunicado(id: "${id}", rowsPerPage: 50) { content { usuario { nome } dataRecebimento } } }`,
    );
    const first = page.data.leiturasComunicado.content[0];
    const received = readers.getRow(2).getCell(5);
    expect(readers.getRow(2).getCell(1).value).toBe(neutraliseSpreadsheetCell(first.usuario.nome));
    expect(received.value).toBeInstanceOf(Date);
    expect(received.numFmt).toBe('dd/mm/yyyy hh:mm');
    const saoPaulo = new Date(first.dataRecebimento).toLocaleString('sv-SE', { timeZone: 'America/Sao_Paulo' });
    expect((received.value as Date).toISOString().slice(0, 19).replace('T', ' ')).toBe(saoPaulo);

    // A breakdown: the user group with its counts and rate (a percentage cell).
    expect(byUserGroup.getRow(2).values).toEqual([undefined, 'Rede Litoral', delivered, 0, delivered, 0]);
    expect(byUserGroup.getRow(2).getCell(5).numFmt).toBe('0.0%');

    // The readers are read in batches (keyset on name and id): small batches give the same list in the same order.
    const streamed: string[] = [];
    for await (const row of streamLeituras(portal.services.db, id, 2)) streamed.push(row.usuario_id);
    const listed = (await pageLeituras(portal.services.db, id, { page: 0, rowsPerPage: 1_000 })).content.map(
      (row) => row.usuario_id,
    );
    expect(streamed).toEqual(listed);
    expect(streamed.length).toBe(delivered);
  });

  it('the home card shows recent deliveries within their display window', async () => {
    const now = portal.services.clock.now().getTime();
    const later = await sendNow({
      titulo: 'Só amanhã',
      mensagem: '<p>x</p>',
      idsGruposUsuarios: [group['Pós-venda']],
      dataInicioExibicao: new Date(now + 24 * HOUR).toISOString(),
    });
    const now2 = await sendNow({ titulo: 'Agora', mensagem: '<p>x</p>', idsGruposUsuarios: [group['Pós-venda']] });
    const recent = async () =>
      (
        await q('dealer', '{ comunicadoEnviosRecentes(limite: 50) { comunicado { id } } }')
      ).data.comunicadoEnviosRecentes.map((e: any) => e.comunicado.id);
    expect(await recent()).toContain(now2);
    expect(await recent()).not.toContain(later);
    portal.services.clock.advance(25 * HOUR);
    expect(await recent()).toContain(later);
    // The card's deliveries come with their communication (read in the same query): the same fields as alone.
    const card = await q(
      'dealer',
      '{ comunicadoEnviosRecentes(limite: 50) { comunicado { id titulo envioDateTime dataInicioExibicao etiquetas } } }',
    );
    const alone = await q(
      'dealer',
      `{ comunicadoEnvio(idComunicado: "${later}") { comunicado { id titulo envioDateTime dataInicioExibicao etiquetas } } }`,
    );
    expect(card.data.comunicadoEnviosRecentes.find((e: any) => e.comunicado.id === later)).toEqual(
      alone.data.comunicadoEnvio,
    );
  });

  it("/home's card of deliveries comes with the session's statement when the limit is given (decision 0060), as read alone", async () => {
    await sendNow({ titulo: 'No cartão', mensagem: '<p>x</p>', idsGruposUsuarios: [group['Pós-venda']] });
    const fields =
      '{ id lido favorito arquivado dataRecebimento dataLeitura comunicado { id titulo envioDateTime dataInicioExibicao etiquetas } }';
    const card = `query Card($n: Int) { comunicadoEnviosRecentes(limite: $n) ${fields} }`;
    const statements = (work: () => Promise<unknown>) => statementsDuring(portal, work);
    const readsDeliveries = (statement: string) =>
      statement.includes('x.data_recebimento DESC') && !statement.includes('session_with_user');

    let folded: any;
    const foldedStatements = await statements(async () => {
      folded = await q('dealer', card, { n: 5 });
    });
    // Without the limit (the schema's default of 5) the resolver reads them with a statement of its own.
    let alone: any;
    const aloneStatements = await statements(async () => {
      alone = await q('dealer', `{ comunicadoEnviosRecentes ${fields} }`);
    });
    expect(folded.errors).toBeUndefined();
    expect(folded.data.comunicadoEnviosRecentes.length).toBeGreaterThan(0);
    expect(folded.data).toEqual(alone.data);
    expect(foldedStatements.filter(readsDeliveries)).toEqual([]);
    expect(aloneStatements.filter(readsDeliveries)).toHaveLength(1);

    // A batch, as the web sends /home's first data: each operation answered as alone, the card from the session's read.
    let batch: any;
    const batchStatements = await statements(async () => {
      const res = await as.dealer.fetch(`${base}/api/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: new URL(base).origin },
        body: JSON.stringify([
          { query: '{ usuarioLogado { id } countNotificacoesNaoLidas }' },
          { query: card, variables: { n: 5 }, operationName: 'Card' },
        ]),
      });
      batch = await res.json();
    });
    expect(batch[1]).toEqual({ data: folded.data });
    expect(batch[0].data.countNotificacoesNaoLidas).toBe(
      (await q('dealer', '{ countNotificacoesNaoLidas }')).data.countNotificacoesNaoLidas,
    );
    expect(batchStatements.filter(readsDeliveries)).toEqual([]);

    // A limit out of range is refused as before (the session's statement does not read it).
    expect((await q('dealer', card, { n: 51 })).errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('the delivery flags (read, favourite, archived) are audited with before and after; a no-op writes none', async () => {
    const id = await sendNow({
      titulo: 'Bandeiras',
      mensagem: '<p>x</p>',
      idsGruposUsuarios: [group['Rede Horizonte']],
    });
    const trail = async () =>
      portal.services.db
        .select({
          usuarioId: auditoria.usuarioId,
          acao: auditoria.acao,
          antes: auditoria.antes,
          depois: auditoria.depois,
        })
        .from(auditoria)
        .where(and(eq(auditoria.entidade, 'comunicado_envio'), eq(auditoria.entidadeId, id)))
        .orderBy(auditoria.id);
    expect(await trail()).toEqual([]);

    const mutate = async (field: string, args = '') => {
      const res = await q('dealer', `mutation { ${field}(idComunicado: "${id}"${args}) { id } }`);
      expect(res.errors).toBeUndefined();
    };
    await mutate('marcarEnvioComoLido');
    await mutate('marcarEnvioComoLido'); // already read: no change, no row
    await mutate('favoritarEnvio', ', favorito: true');
    await mutate('favoritarEnvio', ', favorito: true'); // no change
    await mutate('arquivarEnvio', ', arquivado: true');
    await mutate('arquivarEnvio', ', arquivado: false');
    await mutate('favoritarEnvio', ', favorito: false');

    const rows = await trail();
    expect(rows.every((r) => r.usuarioId === ids.dealer && r.acao === 'editar')).toBe(true);
    expect(rows.map((r) => [r.antes, r.depois])).toEqual([
      [
        { lido: false, dataLeitura: null },
        { lido: true, dataLeitura: expect.any(String) },
      ],
      [{ favorito: false }, { favorito: true }],
      [{ arquivado: false }, { arquivado: true }],
      [{ arquivado: true }, { arquivado: false }],
      [{ favorito: true }, { favorito: false }],
    ]);
    // Someone who is not a recipient changes nothing and leaves no row.
    expect(code(await q('dealer2', `mutation { favoritarEnvio(idComunicado: "${id}", favorito: true) { id } }`))).toBe(
      'NOT_FOUND',
    );
    expect(await trail()).toHaveLength(5);
  });

  it('archiving and unarchiving a sent communication', async () => {
    const id = await sendNow({ titulo: 'Arquivar', mensagem: '<p>x</p>', idsGruposUsuarios: [group['Pós-venda']] });
    const archived = await q(
      'montadora',
      `mutation { arquivarComunicado(id: "${id}") { status { id } viewerCan { desarquivar } } }`,
    );
    expect(archived.data.arquivarComunicado).toEqual({ status: { id: 'ARQUIVADO' }, viewerCan: { desarquivar: true } });
    const again = await q('montadora', `mutation { arquivarComunicado(id: "${id}") { id } }`);
    expect(code(again)).toBe('CONFLICT');
    const back = await q('montadora', `mutation { desarquivarComunicado(id: "${id}") { status { id } } }`);
    expect(back.data.desarquivarComunicado.status.id).toBe('ENVIADO');
  });
});

describe('scheduled sends survive a restart', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-schedule-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('a communication scheduled before a restart fires after it', async () => {
    const port = await freePort();
    const database = onPostgres ? await freshPostgresDatabase() : undefined;
    const where = database ? { databaseUrl: database.url } : { dataDir };
    let id = '';
    try {
      const first = await startTestPortal({ port, ...where });
      const { client } = await signIn(first.baseUrl, 'aprovador@portal.demo', DEMO_PASSWORD);
      const groups = (await gql(client, first.baseUrl, '{ gruposUsuariosAtivos { id nome } }')).data
        .gruposUsuariosAtivos;
      const saved = await gql(
        client,
        first.baseUrl,
        'mutation ($c: ComunicadoInput!) { salvarComunicado(comunicado: $c) { id } }',
        {
          c: {
            titulo: 'Agendado',
            mensagem: '<p>x</p>',
            idsGruposUsuarios: [groups.find((g: any) => g.nome === 'Rede Horizonte').id],
          },
        },
      );
      id = saved.data.salvarComunicado.id;
      const when = new Date(Date.now() + 2 * HOUR).toISOString();
      const scheduled = await gql(
        client,
        first.baseUrl,
        `mutation { enviarComunicado(id: "${id}", dataHoraAgendamento: "${when}") { status { id } } }`,
      );
      expect(scheduled.data.enviarComunicado.status.id).toBe('AGENDADO');
      await first.close();

      const second = await startTestPortal({ port, ...where });
      try {
        second.services.clock.advance(2 * HOUR + 1000);
        expect(await fireDueSchedules(second.services)).toEqual([id]);
        await vi.waitFor(
          async () => {
            const row = (await second.services.db.execute(sql`SELECT status FROM comunicado WHERE id = ${id}`))
              .rows[0] as { status: string };
            expect(row.status).toBe('ENVIADO');
          },
          { timeout: 30_000, interval: 100 },
        );
      } finally {
        await second.close();
      }
    } finally {
      await database?.drop();
    }
  });
});

// Two server instances need one shared database: PGlite is in-process, so this runs in the PostgreSQL pass only.
describe.runIf(onPostgres)('fan-out on two instances', () => {
  it('two instances running the same fan-out write each delivery once', async () => {
    const database = await freshPostgresDatabase();
    const a = await startTestPortal({ databaseUrl: database.url });
    const b = await startTestPortal({ databaseUrl: database.url });
    try {
      const { client } = await signIn(a.baseUrl, 'aprovador@portal.demo', DEMO_PASSWORD);
      const groups = (await gql(client, a.baseUrl, '{ gruposUsuariosAtivos { id nome } }')).data.gruposUsuariosAtivos;
      const saved = await gql(
        client,
        a.baseUrl,
        'mutation ($c: ComunicadoInput!) { salvarComunicado(comunicado: $c) { id } }',
        {
          c: { titulo: 'Duas instâncias', mensagem: '<p>x</p>', idsGruposUsuarios: groups.map((g: any) => g.id) },
        },
      );
      const id = saved.data.salvarComunicado.id;
      // Put it straight into APROVADO so only the two direct calls race (no queued job).
      await a.services.db.execute(sql`UPDATE comunicado SET status = 'APROVADO' WHERE id = ${id}`);
      const [fromA, fromB] = await Promise.all([fanOut(a.services, id), fanOut(b.services, id)]);
      const rows = await a.services.db.select().from(comunicadoEnvio).where(eq(comunicadoEnvio.comunicadoId, id));
      expect(fromA.n + fromB.n).toBe(rows.length);
      expect(Math.min(fromA.n, fromB.n)).toBe(0);
      expect(new Set(rows.map((r) => r.usuarioId)).size).toBe(rows.length);
    } finally {
      await a.close();
      await b.close();
      await database.drop();
    }
  });
});
