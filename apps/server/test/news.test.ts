import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditoria } from '../src/modules/audit/audit.tables.js';
import { announce, createNotification } from '../src/modules/notifications/notifications.service.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn, uploadFile } from './browserless.js';
import { createUser, createUserGroup } from './factories.js';
import { startTestPortal, type TestPortal } from './harness.js';

// "My news" (docs/domains/news.md): what is new for the signed-in user since their marker, read through
// the communications, library and notifications modules and filtered by what the user may see; moving
// the marker empties the page. The deny matrix of api.test.ts covers the guards (news.samples.ts).

const NEWS = `{ novidades { desde ate
  comunicados { totalElements content { id lido comunicado { id titulo } } }
  arquivos { totalElements content { id nome pasta pastaPai { id nome } arquivoLink } }
  notificacoes { totalElements content { id titulo link } } } }`;
const MARK = 'mutation ($ate: DateTime!) { marcarNovidadesVistas(ate: $ate) }';
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n`);
const PASSWORD = 'Senha-de-teste-123';

type News = {
  desde: string;
  ate: string;
  comunicados: { totalElements: number; content: { lido: boolean; comunicado: { id: string; titulo: string } }[] };
  arquivos: { totalElements: number; content: { nome: string; pastaPai: { nome: string }; arquivoLink: string }[] };
  notificacoes: { totalElements: number; content: { titulo: string }[] };
};

describe('news: what is new since the last visit', () => {
  let portal: TestPortal;
  let base: string;
  const as: Record<string, CookieClient> = {};
  const ids: Record<string, string> = {};
  const groups: Record<string, string> = {};
  const run = crypto.randomBytes(3).toString('hex');
  const q = (who: string, query: string, variables?: Record<string, unknown>) => gql(as[who], base, query, variables);
  const news = async (who: string): Promise<News> => {
    const res = await q(who, NEWS);
    expect(res.errors).toBeUndefined();
    return res.data.novidades;
  };
  /** The titles and names of this run's items in a user's news, by kind. */
  const mine = (n: News) => ({
    comunicados: n.comunicados.content.map((e) => e.comunicado.titulo).filter((t) => t.includes(run)),
    arquivos: n.arquivos.content.map((f) => f.nome).filter((t) => t.includes(run)),
    notificacoes: n.notificacoes.content.map((x) => x.titulo).filter((t) => t.includes(run)),
  });
  const notify = async (who: string, titulo: string) => {
    await portal.services.db.transaction((tx) =>
      createNotification({ db: tx }, { titulo, texto: '<p>x</p>', usuarioIds: [ids[who]] }),
    );
    await announce(portal.services.events, [ids[who]]);
  };
  /** Drafts, submits and gets approved now (montadora → aprovador); resolves once the fan-out sent it. */
  const sendNow = async (titulo: string, idsGruposUsuarios: string[]) => {
    const saved = await q('montadora', 'mutation ($c: ComunicadoInput!) { salvarComunicado(comunicado: $c) { id } }', {
      c: { titulo, mensagem: '<p>x</p>', idsGruposUsuarios },
    });
    expect(saved.errors).toBeUndefined();
    const id = saved.data.salvarComunicado.id;
    await q('montadora', `mutation { enviarParaAprovacao(id: "${id}", aprovadorId: "${ids.aprovador}") { id } }`);
    expect((await q('aprovador', `mutation { aprovarComunicado(id: "${id}") { id } }`)).errors).toBeUndefined();
    await vi.waitFor(
      async () => {
        const [row] = (await portal.services.db.execute(sql`SELECT status FROM comunicado WHERE id = ${id}`)).rows as {
          status: string;
        }[];
        expect(row.status).toBe('ENVIADO');
      },
      { timeout: 15_000, interval: 100 },
    );
    return id;
  };
  /** A folder readable by one user group, holding one PDF. */
  const folderWithFile = async (nome: string, grupo: string, arquivo: string) => {
    const folder = await q('montadora', 'mutation ($p: NovaPastaInput!) { criarNovaPasta(novaPasta: $p) { id } }', {
      p: { nome, idPai: null, tiposAcesso: [{ idGrupoAcesso: grupo, permissao: 'LEITURA' }] },
    });
    expect(folder.errors).toBeUndefined();
    const idArquivo = await uploadFile(as.montadora, base, arquivo, pdf(arquivo));
    const placed = await q(
      'montadora',
      'mutation ($a: [ArquivoBibliotecaInput!]!) { uploadArquivos(arquivos: $a) { id } }',
      { a: [{ idArquivo, idPastaPai: folder.data.criarNovaPasta.id }] },
    );
    expect(placed.errors).toBeUndefined();
  };

  beforeAll(async () => {
    portal = await startTestPortal();
    base = portal.baseUrl;
    const groupA = await createUserGroup(portal);
    const groupB = await createUserGroup(portal);
    groups.alice = groupA.id;
    const alice = await createUser(portal, { idsGruposUsuarios: [groupA.id], password: PASSWORD });
    const bob = await createUser(portal, { idsGruposUsuarios: [groupB.id], password: PASSWORD });
    for (const [who, email, password] of [
      ['montadora', 'montadora@portal.demo', DEMO_PASSWORD],
      ['aprovador', 'aprovador@portal.demo', DEMO_PASSWORD],
      ['alice', alice.email, PASSWORD],
      ['bob', bob.email, PASSWORD],
    ]) {
      as[who] = (await signIn(base, email, password)).client;
      ids[who] = (await q(who, '{ usuarioLogado { id } }')).data.usuarioLogado.id;
    }
    await sendNow(`Para A ${run}`, [groupA.id]);
    await sendNow(`Para B ${run}`, [groupB.id]);
    await folderWithFile(`Pasta A ${run}`, groupA.id, `tabela-a-${run}.pdf`);
    await folderWithFile(`Pasta B ${run}`, groupB.id, `tabela-b-${run}.pdf`);
    await notify('alice', `Aviso A ${run}`);
    await notify('bob', `Aviso B ${run}`);
  });
  afterAll(() => portal?.stop());

  it('a first visit looks back 30 days and shows only what the user may see, with links that open it', async () => {
    const n = await news('alice');
    const days = (Date.parse(n.ate) - Date.parse(n.desde)) / (24 * 3600 * 1000);
    expect(days).toBeCloseTo(30, 5);
    expect(mine(n)).toEqual({
      comunicados: [`Para A ${run}`],
      arquivos: [`tabela-a-${run}.pdf`],
      // Newest first; the fan-out's bell notification of the communication is the user's too.
      notificacoes: [`Aviso A ${run}`, `Para A ${run}`],
    });
    // A communication opens at its delivery (which marks it read); a file downloads through a signed link.
    const envio = n.comunicados.content.find((e) => e.comunicado.titulo.includes(run));
    expect(envio?.lido).toBe(false);
    const file = n.arquivos.content.find((f) => f.nome.includes(run));
    expect(file?.pastaPai.nome).toBe(`Pasta A ${run}`);
    expect(file?.arquivoLink).toMatch(/^\/api\/files\//);
    expect(mine(await news('bob'))).toEqual({
      comunicados: [`Para B ${run}`],
      arquivos: [`tabela-b-${run}.pdf`],
      notificacoes: [`Aviso B ${run}`, `Para B ${run}`],
    });
  });

  it('communications come unread first; each kind is capped by limite with its full count', async () => {
    const id = await sendNow(`Lido ${run}`, [groups.alice]);
    await q('alice', `mutation { marcarEnvioComoLido(idComunicado: "${id}") { id } }`);
    const n = await news('alice');
    const lidos = n.comunicados.content.map((e) => e.lido);
    expect(lidos).toEqual([...lidos].sort((a, b) => Number(a) - Number(b)));
    expect(n.comunicados.content.find((e) => e.comunicado.id === id)?.lido).toBe(true);
    const capped = await q('alice', '{ novidades(limite: 1) { notificacoes { totalElements content { id } } } }');
    expect(capped.data.novidades.notificacoes.content).toHaveLength(1);
    expect(capped.data.novidades.notificacoes.totalElements).toBe(n.notificacoes.totalElements);
    expect((await q('alice', '{ novidades(limite: 51) { desde } }')).errors?.[0]?.extensions.code).toBe(
      'BAD_USER_INPUT',
    );
  });

  it('moving the marker empties the page; what comes later is new again; audited, never backwards', async () => {
    const before = await news('alice');
    const mark = await q('alice', MARK, { ate: before.ate });
    expect(mark.errors).toBeUndefined();
    expect(mark.data.marcarNovidadesVistas).toBe(before.ate);
    const after = await news('alice');
    expect(after.desde).toBe(before.ate);
    expect([after.comunicados, after.arquivos, after.notificacoes].map((k) => k.totalElements)).toEqual([0, 0, 0]);
    // Bob's marker did not move.
    expect(mine(await news('bob')).notificacoes).toEqual([`Aviso B ${run}`, `Para B ${run}`]);

    await notify('alice', `Depois ${run}`);
    expect(mine(await news('alice')).notificacoes).toEqual([`Depois ${run}`]);

    // An older moment leaves the marker; a future one stops at the server's now.
    expect((await q('alice', MARK, { ate: '2020-01-01T00:00:00Z' })).data.marcarNovidadesVistas).toBe(before.ate);
    const future = (await q('alice', MARK, { ate: '2999-01-01T00:00:00Z' })).data.marcarNovidadesVistas;
    expect(Date.parse(future)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(Date.parse(future)).toBeGreaterThan(Date.parse(before.ate));

    const trail = await portal.services.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidade, 'novidades_visita'), eq(auditoria.entidadeId, ids.alice)));
    expect(trail).toHaveLength(3);
    expect(trail.every((r) => r.usuarioId === ids.alice && r.acao === 'editar')).toBe(true);
  });

  it('a moment that is not a date is BAD_USER_INPUT', async () => {
    const bad = await q('alice', MARK, { ate: 'not a date' });
    expect(bad.errors?.[0]?.extensions.code).toBe('BAD_USER_INPUT');
  });
});
