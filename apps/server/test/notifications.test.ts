import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria } from '../src/modules/audit/audit.tables.js';
import { announce, createNotification } from '../src/modules/notifications/notifications.service.js';
import { grupoUsuarios } from '../src/modules/user-groups/user-groups.tables.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, openEventStream, signIn } from './browserless.js';
import { startTestPortal, type TestPortal } from './harness.js';

const code = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.code;
const countOf = (e: { data: string }) => (JSON.parse(e.data) as { count: number }).count;
const isCount = (n: number) => (e: { event: string; data: string }) => e.event === 'count' && countOf(e) === n;

describe('notifications: live count stream, paging, mark read', () => {
  let portal: TestPortal;
  let base: string;
  const as: Record<string, CookieClient> = {};
  const ids: Record<string, string> = {};
  const streams: Array<{ close(): void }> = [];

  beforeAll(async () => {
    portal = await startTestPortal();
    base = portal.baseUrl;
    for (const who of ['admin', 'montadora', 'dealer', 'aprovador', 'gestor']) {
      as[who] = (await signIn(base, `${who}@portal.demo`, DEMO_PASSWORD)).client;
      ids[who] = (await gql(as[who], base, '{ usuarioLogado { id } }')).data.usuarioLogado.id;
    }
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await portal?.stop();
  });

  const stream = async (client?: CookieClient) => {
    const s = await openEventStream(client, `${base}/api/notificacoes/stream`);
    streams.push(s);
    return s;
  };
  const unseen = async (who: string) =>
    (await gql(as[who], base, '{ countNotificacoesNaoLidas }')).data.countNotificacoesNaoLidas as number;
  /** As a producer does: create in a transaction, announce after the commit. */
  const notify = async (usuarioIds: string[], titulo = 'Aviso', texto = '<p>Olá</p>') => {
    const id = await portal.services.db.transaction((tx) =>
      createNotification({ db: tx }, { titulo, texto, usuarioIds }),
    );
    await announce(portal.services.events, usuarioIds);
    return id;
  };

  it('signed out: 401 JSON, no stream', async () => {
    const res = await fetch(`${base}/api/notificacoes/stream`);
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ error: 'UNAUTHENTICATED' });
  });

  it('signed in: SSE headers and the unseen count first', async () => {
    const s = await stream(as.montadora);
    expect(s.response.status).toBe(200);
    expect(s.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(s.response.headers.get('cache-control')).toBe('no-store');
    expect(s.response.headers.get('x-accel-buffering')).toBe('no');
    const first = await s.next(() => true);
    expect(first.event).toBe('count');
    expect(JSON.parse(first.data)).toEqual({ count: await unseen('montadora') });
    s.close();
  });

  it("pushes a new count when the user's notification is announced, not for another user's", async () => {
    const mine = await stream(as.dealer);
    const other = await stream(as.aprovador);
    const start = countOf(await mine.next(() => true));
    const otherStart = countOf(await other.next(() => true));

    // Another user's notification: their stream moves, this one does not.
    await notify([ids.aprovador]);
    await other.next(isCount(otherStart + 1), 1);
    const before = mine.events.length;

    await notify([ids.dealer]);
    const pushed = await mine.next(isCount(start + 1), before);
    expect(mine.events.slice(before)).toEqual([pushed]);
    expect(await unseen('dealer')).toBe(start + 1);

    // Marking all as seen (another tab) pushes 0.
    await gql(as.dealer, base, 'mutation { marcarNotificacoesComoVistas }');
    await mine.next(isCount(0), before + 1);
    mine.close();
    other.close();
  });

  it('stores texto sanitised', async () => {
    await notify(
      [ids.montadora],
      'XSS',
      '<p onclick="x()">oi<img src=x onerror=alert(1)><script>alert(1)</script></p>',
    );
    const list = (await gql(as.montadora, base, '{ notificacoesMenu { titulo texto } }')).data.notificacoesMenu;
    expect(list.find((n: any) => n.titulo === 'XSS').texto).toBe('<p>oi</p>');
  });

  it('notificacoes pages newest first with totalElements', async () => {
    const page = (vars: Record<string, number> = {}) =>
      gql(
        as.admin,
        base,
        'query($p: Int, $r: Int) { notificacoes(page: $p, rowsPerPage: $r) { totalElements content { titulo lida recente } } }',
        { p: vars.page, r: vars.rows },
      );
    const initial = (await page()).data.notificacoes.totalElements as number;
    for (let n = 1; n <= 12; n++) await notify([ids.admin], `N${n}`);
    const all = await page();
    expect(all.data.notificacoes.totalElements).toBe(initial + 12);
    expect(all.data.notificacoes.content).toHaveLength(10);
    const titles = async (p: number, r: number) =>
      (await page({ page: p, rows: r })).data.notificacoes.content.map((c: any) => c.titulo);
    expect(await titles(0, 5)).toEqual(['N12', 'N11', 'N10', 'N9', 'N8']);
    expect(await titles(1, 5)).toEqual(['N7', 'N6', 'N5', 'N4', 'N3']);
    expect((await titles(2, 5)).slice(0, 2)).toEqual(['N2', 'N1']);
    expect(await titles(100, 5)).toEqual([]);
    expect(all.data.notificacoes.content[0]).toEqual({ titulo: 'N12', lida: false, recente: true });
    // Only the caller's own notifications.
    const dealerTotal = (await gql(as.dealer, base, '{ notificacoes { totalElements } }')).data.notificacoes;
    expect(dealerTotal.totalElements).toBeLessThan(initial + 12);
  });

  it('notificacoes: BAD_USER_INPUT on a negative page or rowsPerPage outside 1..100', async () => {
    for (const [args, field] of [
      ['page: -1', 'page'],
      ['rowsPerPage: 0', 'rowsPerPage'],
      ['rowsPerPage: 101', 'rowsPerPage'],
    ]) {
      const res = await gql(as.admin, base, `{ notificacoes(${args}) { totalElements } }`);
      expect(code(res), args).toBe('BAD_USER_INPUT');
      expect(res.errors?.[0].extensions.fields).toEqual({ [field]: 'validation.invalid' });
      expect(res.data).toBeNull();
    }
    expect(code(await gql(as.admin, base, '{ notificacoes(rowsPerPage: 100) { totalElements } }'))).toBeUndefined();
  });

  it('marcarNotificacaoComoLida marks read and seen, audited, pushes the count; others are NOT_FOUND', async () => {
    const s = await stream(as.montadora);
    const initial = countOf(await s.next(() => true));
    const id = await notify([ids.montadora, ids.dealer], 'Ler');
    const start = countOf(await s.next(isCount(initial + 1), 1));
    expect(start).toBe(await unseen('montadora'));
    const mark = (client: CookieClient, notificationId: string) =>
      gql(client, base, 'mutation($id: ID!) { marcarNotificacaoComoLida(id: $id) { id titulo lida recente } }', {
        id: notificationId,
      });
    const from = s.events.length;
    const res = await mark(as.montadora, id);
    expect(res.errors).toBeUndefined();
    expect(res.data.marcarNotificacaoComoLida).toEqual({ id, titulo: 'Ler', lida: true, recente: false });
    await s.next(isCount(start - 1), from);
    expect(await unseen('montadora')).toBe(start - 1);
    // Idempotent.
    expect((await mark(as.montadora, id)).data.marcarNotificacaoComoLida.lida).toBe(true);

    const rows = await portal.services.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidade, 'notificacao'), eq(auditoria.entidadeId, id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ usuarioId: ids.montadora, acao: 'editar', antes: { lida: false, vista: false } });
    expect(rows[0].depois).toMatchObject({ lida: true, vista: true });

    // The other recipient's state is untouched.
    const dealerRow = (await gql(as.dealer, base, '{ notificacoesMenu { id lida recente } }')).data.notificacoesMenu;
    expect(dealerRow.find((n: any) => n.id === id)).toEqual({ id, lida: false, recente: true });

    // Someone else's notification, an unknown id, a malformed id: NOT_FOUND, nothing changed.
    const admins = await notify([ids.admin], 'Só do admin');
    for (const bad of [admins, '00000000-0000-0000-0000-000000000000', 'nope']) {
      const denied = await mark(as.montadora, bad);
      expect(code(denied), bad).toBe('NOT_FOUND');
      expect(denied.data).toBeNull();
    }
    const adminList = (await gql(as.admin, base, '{ notificacoes(rowsPerPage: 1) { content { id lida } } }')).data;
    expect(adminList.notificacoes.content[0]).toEqual({ id: admins, lida: false });
    s.close();
  });

  it('marcarTodasNotificacoesComoLidas marks every one read and seen at any time, audited; others untouched', async () => {
    const a = await notify([ids.gestor, ids.dealer], 'Todas 1');
    await notify([ids.gestor], 'Todas 2');
    // Seen already (the bell was closed): still unread, and marked read all the same.
    await gql(as.gestor, base, 'mutation { marcarNotificacoesComoVistas }');
    await notify([ids.gestor], 'Todas 3');
    const unread = async (client: CookieClient) =>
      (
        (await gql(client, base, '{ notificacoes(rowsPerPage: 100) { content { lida } } }')).data.notificacoes
          .content as { lida: boolean }[]
      ).filter((n) => !n.lida).length;
    const before = await unread(as.gestor);
    expect(before).toBeGreaterThanOrEqual(3);

    const res = await gql(as.gestor, base, 'mutation { marcarTodasNotificacoesComoLidas }');
    expect(res.errors).toBeUndefined();
    expect(res.data.marcarTodasNotificacoesComoLidas).toBe(before);
    expect(await unread(as.gestor)).toBe(0);
    expect(await unseen('gestor')).toBe(0);
    expect((await gql(as.gestor, base, 'mutation { marcarTodasNotificacoesComoLidas }')).data).toEqual({
      marcarTodasNotificacoesComoLidas: 0,
    });
    const audits = await portal.services.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidade, 'notificacao'), eq(auditoria.entidadeId, ids.gestor)));
    expect(audits.some((row) => (row.depois as { lidas?: number } | null)?.lidas === before)).toBe(true);

    // The dealer's copy of the shared one is still unread.
    const dealerRow = (await gql(as.dealer, base, '{ notificacoesMenu { id lida } }')).data.notificacoesMenu;
    expect(dealerRow.find((n: any) => n.id === a)).toEqual({ id: a, lida: false });
  });
});

describe('generic notifications (enviarNotificacaoGenerica)', () => {
  let portal: TestPortal;
  let base: string;
  const as: Record<string, CookieClient> = {};
  const ids: Record<string, string> = {};
  const SEND = `mutation ($n: NotificacaoGenericaInput!) { enviarNotificacaoGenerica(notificacao: $n) }`;

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

  const groupId = async (nome: string) =>
    (await portal.services.db.select().from(grupoUsuarios).where(eq(grupoUsuarios.nome, nome)))[0].id;
  const titles = async (who: string) =>
    (await gql(as[who], base, '{ notificacoesMenu { titulo texto link } }')).data.notificacoesMenu;

  it('reaches the members of a user group live (deduplicated), sanitised and audited', async () => {
    const s = await openEventStream(as.dealer, `${base}/api/notificacoes/stream`);
    const start = countOf(await s.next(() => true));
    const n = {
      titulo: 'Campanha de revisão',
      texto: '<p>Nova <b>campanha</b><script>alert(1)</script></p>',
      link: '/notificacoes',
      idsGruposUsuarios: [await groupId('Rede Horizonte'), await groupId('Pós-venda')],
      idsUsuarios: [ids.dealer],
    };
    const res = await gql(as.admin, base, SEND, { n });
    expect(res.errors).toBeUndefined();
    const sent = res.data.enviarNotificacaoGenerica as number;
    expect(sent).toBeGreaterThanOrEqual(1);
    await s.next(isCount(start + 1), 1);
    s.close();

    const mine = (await titles('dealer')).filter((x: any) => x.titulo === n.titulo);
    expect(mine).toEqual([{ titulo: n.titulo, texto: '<p>Nova <b>campanha</b></p>', link: '/notificacoes' }]);
    expect((await titles('dealer2')).some((x: any) => x.titulo === n.titulo)).toBe(false);

    const audit = await portal.services.db
      .select()
      .from(auditoria)
      .where(
        and(
          eq(auditoria.entidade, 'notificacao_generica'),
          eq(auditoria.acao, 'enviar'),
          eq(auditoria.usuarioId, ids.admin),
        ),
      );
    expect(audit).toHaveLength(1);
  });

  it('without the key: FORBIDDEN and nobody notified', async () => {
    const before = await titles('dealer2');
    const res = await gql(as.montadora, base, SEND, {
      n: { titulo: 'Não pode', texto: 'x', idsUsuarios: [ids.dealer2] },
    });
    expect(code(res)).toBe('FORBIDDEN');
    expect(res.data).toBeNull();
    expect(await titles('dealer2')).toEqual(before);
  });

  it('bad input: per-field messages; no active recipient is BAD_USER_INPUT', async () => {
    const blank = await gql(as.admin, base, SEND, {
      n: { titulo: ' ', texto: '', link: 'javascript:x', idsUsuarios: [ids.dealer2] },
    });
    expect(code(blank)).toBe('BAD_USER_INPUT');
    expect(blank.errors![0].extensions.fields).toEqual({
      titulo: 'validation.required',
      texto: 'validation.required',
      link: 'validation.invalidFormat',
    });
    const nobody = await gql(as.admin, base, SEND, {
      n: { titulo: 'Ninguém', texto: 'x', idsUsuarios: ['00000000-0000-0000-0000-000000000000', 'nope'] },
    });
    expect(code(nobody)).toBe('BAD_USER_INPUT');
    expect(nobody.errors![0].message).toBe('Escolha ao menos um usuário ou grupo de usuários ativo.');
  });
});

describe('notifications stream and shutdown', () => {
  it('an open stream is ended by the server close, which does not wait for it', async () => {
    const portal = await startTestPortal();
    try {
      const client = (await signIn(portal.baseUrl, 'admin@portal.demo', DEMO_PASSWORD)).client;
      const s = await openEventStream(client, `${portal.baseUrl}/api/notificacoes/stream`);
      await s.next(() => true);
      const started = Date.now();
      await portal.stop();
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(await s.ended()).toBe(true);
    } catch (err) {
      await portal.stop().catch(() => {});
      throw err;
    }
  });
});
