import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { extractOne } from '../src/modules/files/files.text-jobs.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn, uploadFile } from './browserless.js';
import { createDealer, createDealerGroup, createUser, createUserGroup } from './factories.js';
import { startTestPortal, type TestPortal } from './harness.js';
import { pdfWithText } from './text-files.js';

// The header search (issue 20, points 1, 4 and 5; docs/domains/search.md): one query, typed sections, and every kind
// through its own screen's visibility rules. A table per kind of who sees what; a user without a kind's keys gets
// no section of it at all (not even a count).

const code = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.code;
const SEARCH = `query ($t: String!, $k: [TipoBuscaGlobal!], $l: Int) { buscaGlobal(texto: $t, tipos: $k, limite: $l) {
  tipo total totalLimitado verTodos itens { id titulo detalhe rota externo trecho { texto destaques { inicio fim } } } } }`;
type Section = {
  tipo: string;
  total: number;
  totalLimitado: boolean;
  verTodos: string | null;
  itens: { id: string; titulo: string; detalhe: string | null; rota: string; externo: boolean; trecho: any }[];
};
const WHO = ['admin', 'montadora', 'aprovador', 'dealer', 'dealer2', 'gestor', 'leitor'] as const;
type Who = (typeof WHO)[number];

describe('header search', () => {
  let portal: TestPortal;
  let base: string;
  const as = {} as Record<Who, CookieClient>;
  const ids: Record<string, string> = {};

  const search = async (who: Who, texto: string, tipos?: string[], limite?: number) => {
    const result = await gql(as[who], base, SEARCH, { t: texto, k: tipos, l: limite });
    expect(result.errors).toBeUndefined();
    return result.data.buscaGlobal as Section[];
  };
  const section = async (who: Who, texto: string, tipo: string) =>
    (await search(who, texto)).find((s) => s.tipo === tipo) ?? null;
  const titles = (s: Section | null) => (s?.itens ?? []).map((i) => i.titulo).sort();
  const q = (who: Who, query: string, variables?: Record<string, unknown>) => gql(as[who], base, query, variables);

  beforeAll(async () => {
    portal = await startTestPortal();
    base = portal.baseUrl;
    for (const who of WHO) {
      as[who] = (await signIn(base, `${who}@portal.demo`, DEMO_PASSWORD)).client;
      ids[who] = (await q(who, '{ usuarioLogado { id } }')).data.usuarioLogado.id;
    }
    const dealerIds = Object.fromEntries(
      (
        (
          await portal.services.db.execute(
            sql`SELECT id, codigo_principal FROM dealer WHERE codigo_principal IN ('D001', 'D004')`,
          )
        ).rows as { id: string; codigo_principal: string }[]
      ).map((r) => [r.codigo_principal, r.id]),
    );
    // People and organisation, each with the word "Xandrel".
    const grupo = await createDealerGroup(portal, { nome: 'Grupo Xandrel' });
    await createDealer(portal, { grupoId: grupo.id, nomeExibicao: 'Xandrel Motors', codigoPrincipal: 'XQ-7731' });
    await createUser(portal, {
      nome: 'Xandrel Horizonte',
      tipo: 'DEALER_GRUPO',
      idsDealers: [dealerIds.D001],
      cpf: '52998224725',
    });
    await createUser(portal, { nome: 'Xandrel Litoral', tipo: 'DEALER_GRUPO', idsDealers: [dealerIds.D004] });
    await createUser(portal, { nome: 'Xandrel Montadora', tipo: 'MONTADORA' });
    await createUserGroup(portal, { nome: 'Comitê Xandrel', publico: true });
    await createUserGroup(portal, { nome: 'Xandrel privado', publico: false });

    // The library: one folder per network, each with a PDF whose word is only inside.
    const groups = (await q('montadora', '{ gruposUsuariosAtivos { id nome } }')).data.gruposUsuariosAtivos;
    const group = (nome: string) => groups.find((g: { nome: string }) => g.nome === nome).id;
    for (const [rede, word] of [
      ['Rede Horizonte', 'zorvathian'],
      ['Rede Litoral', 'quelmorix'],
    ]) {
      const folder = await q('montadora', 'mutation ($p: NovaPastaInput!) { criarNovaPasta(novaPasta: $p) { id } }', {
        p: {
          nome: `Xandrel ${rede}`,
          idPai: null,
          tiposAcesso: [{ idGrupoAcesso: group(rede), permissao: 'LEITURA' }],
        },
      });
      ids[rede] = folder.data.criarNovaPasta.id;
      const idArquivo = await uploadFile(
        as.montadora,
        base,
        `ficha ${rede}.pdf`,
        pdfWithText(`Ficha técnica ${word} 2027 da Xandrel`),
      );
      const placed = await q(
        'montadora',
        'mutation ($a: [ArquivoBibliotecaInput!]!) { uploadArquivos(arquivos: $a) { id } }',
        {
          a: [{ idArquivo, idPastaPai: ids[rede] }],
        },
      );
      ids[`ficha ${rede}`] = placed.data.uploadArquivos[0].id;
    }
    while (await extractOne(portal.services));
    await vi.waitFor(
      async () =>
        expect(
          (await portal.services.db.execute(sql`SELECT 1 FROM arquivo_texto WHERE estado = 'PENDENTE'`)).rows,
        ).toHaveLength(0),
      { timeout: 20_000, interval: 100 },
    );

    // A communication to Rede Horizonte, sent.
    const saved = await q('montadora', 'mutation ($c: ComunicadoInput!) { salvarComunicado(comunicado: $c) { id } }', {
      c: { titulo: 'Campanha Xandrel de verão', mensagem: '<p>Olá</p>', idsGruposUsuarios: [group('Rede Horizonte')] },
    });
    ids.comunicado = saved.data.salvarComunicado.id;
    await q(
      'montadora',
      `mutation { enviarParaAprovacao(id: "${ids.comunicado}", aprovadorId: "${ids.aprovador}") { id } }`,
    );
    await q('aprovador', `mutation { aprovarComunicado(id: "${ids.comunicado}") { id } }`);
    await vi.waitFor(
      async () =>
        expect(
          (await portal.services.db.execute(sql`SELECT status FROM comunicado WHERE id = ${ids.comunicado}`)).rows[0],
        ).toEqual({ status: 'ENVIADO' }),
      { timeout: 15_000, interval: 100 },
    );
  });
  afterAll(async () => {
    await portal?.stop();
  });

  describe.each<[string, string, Partial<Record<Who, string[] | null>>]>([
    [
      'USUARIOS',
      'xandrel',
      {
        admin: ['Xandrel Horizonte', 'Xandrel Litoral', 'Xandrel Montadora'],
        leitor: ['Xandrel Horizonte', 'Xandrel Litoral', 'Xandrel Montadora'],
        // A dealer group's administrator: only the users of their dealers.
        gestor: ['Xandrel Horizonte'],
        montadora: null,
        dealer: null,
        dealer2: null,
      },
    ],
    ['DEALERS', 'xandrel', { admin: ['Xandrel Motors'], gestor: null, leitor: null, dealer: null, montadora: null }],
    ['GRUPOS', 'xandrel', { admin: ['Grupo Xandrel'], gestor: null, dealer: null, dealer2: null }],
    ['GRUPOS_USUARIOS', 'xandrel', { admin: ['Comitê Xandrel', 'Xandrel privado'], dealer: null, leitor: null }],
    [
      'BIBLIOTECA',
      'xandrel',
      {
        // The folders by name, the files by their text.
        montadora: [
          'Xandrel Rede Horizonte',
          'Xandrel Rede Litoral',
          'ficha Rede Horizonte.pdf',
          'ficha Rede Litoral.pdf',
        ],
        dealer: ['Xandrel Rede Horizonte', 'ficha Rede Horizonte.pdf'],
        dealer2: ['Xandrel Rede Litoral', 'ficha Rede Litoral.pdf'],
        aprovador: null,
      },
    ],
    [
      'BIBLIOTECA',
      'zorvathian',
      { dealer: ['ficha Rede Horizonte.pdf'], dealer2: null, montadora: ['ficha Rede Horizonte.pdf'], leitor: null },
    ],
    [
      'COMUNICADOS',
      'xandrel',
      {
        dealer: ['Campanha Xandrel de verão'],
        montadora: ['Campanha Xandrel de verão'],
        aprovador: ['Campanha Xandrel de verão'],
        dealer2: null,
        leitor: null,
      },
    ],
    ['MENU', 'bibliot', { dealer: ['Biblioteca virtual'], admin: ['Biblioteca virtual'] }],
    ['MENU', 'importar usu', { admin: ['Importar usuários'], dealer: null, gestor: null }],
  ])('%s for "%s"', (tipo, texto, expected) => {
    it.each(Object.entries(expected))('%s sees %j', async (who, titulos) => {
      const found = await section(who as Who, texto, tipo);
      if (titulos === null) expect(found).toBeNull();
      else expect(titles(found)).toEqual([...titulos].sort());
    });
  });

  it('gives a user without the users keys no people section, even when asked for it by name', async () => {
    const asked = await search('dealer', 'xandrel', ['USUARIOS', 'DEALERS', 'GRUPOS', 'GRUPOS_USUARIOS']);
    expect(asked).toEqual([]);
    const everything = await search('dealer', 'xandrel');
    expect(everything.map((s) => s.tipo)).not.toContain('USUARIOS');
  });

  it('finds dealers by code with or without punctuation, and users by CPF with or without punctuation', async () => {
    for (const texto of ['XQ-7731', 'xq7731', 'XQ 7731']) {
      expect(titles(await section('admin', texto, 'DEALERS'))).toEqual(['Xandrel Motors']);
    }
    for (const texto of ['529.982.247-25', '52998224725']) {
      expect(titles(await section('admin', texto, 'USUARIOS'))).toEqual(['Xandrel Horizonte']);
    }
  });

  it('links each result to its screen and each section to the screen with the search applied', async () => {
    const library = await section('dealer', 'zorvathian', 'BIBLIOTECA');
    expect(library?.verTodos).toBe('/biblioteca?busca=zorvathian');
    const [file] = library?.itens ?? [];
    expect(file.rota).toBe(`/biblioteca/${ids['Rede Horizonte']}?abrir=${ids['ficha Rede Horizonte']}`);
    expect(file.trecho.texto).toContain('zorvathian');
    const { inicio, fim } = file.trecho.destaques[0];
    expect(file.trecho.texto.slice(inicio, fim)).toBe('zorvathian');

    const people = await section('admin', 'xandrel', 'USUARIOS');
    expect(people?.verTodos).toBe('/usuarios?busca=xandrel');
    expect(people?.itens.every((i) => /^\/usuarios\/[0-9a-f-]{36}$/.test(i.rota))).toBe(true);
    // Who may only consult the list opens it filtered.
    const consulted = await section('leitor', 'xandrel', 'USUARIOS');
    expect(consulted?.itens.every((i) => i.rota.startsWith('/usuarios?busca='))).toBe(true);

    const inbox = await section('dealer', 'xandrel', 'COMUNICADOS');
    expect(inbox?.itens[0].rota).toBe(`/comunicados/visualizarEnvio/${ids.comunicado}`);
    const menu = await section('dealer', 'bibliot', 'MENU');
    expect(menu?.itens[0]).toMatchObject({ rota: '/biblioteca', externo: false });
    expect(menu?.verTodos).toBeNull();
  });

  it('keeps to the limit per kind and counts the rest', async () => {
    const [people] = await search('admin', 'xandrel', ['USUARIOS'], 2);
    expect(people.itens).toHaveLength(2);
    expect(people.total).toBe(3);
  });

  it('counts a kind up to 100 and then says "more", the first results still in the screen\'s order', async () => {
    // 150 users named "Quorvel NNN" (inserted in SQL: many, quickly), and the kind's screen as the reference.
    await portal.services.db.execute(sql`INSERT INTO usuario (nome, email, tipo)
      SELECT 'Quorvel ' || lpad(g::text, 3, '0'), 'quorvel' || g || '@search.test', 'MONTADORA'
        FROM generate_series(1, 150) g`);
    const [people] = await search('admin', 'quorvel', ['USUARIOS'], 3);
    expect(people).toMatchObject({ total: 100, totalLimitado: true, verTodos: '/usuarios?busca=quorvel' });
    expect(people.itens.map((i) => i.titulo)).toEqual(['Quorvel 001', 'Quorvel 002', 'Quorvel 003']);
    // Up to 100 the count is exact and not marked.
    const [few] = await search('admin', 'quorvel 01', ['USUARIOS'], 3);
    expect(few).toMatchObject({ total: 10, totalLimitado: false });
    expect(few.itens.map((i) => i.titulo)).toEqual(['Quorvel 010', 'Quorvel 011', 'Quorvel 012']);
    const [xandrel] = await search('admin', 'xandrel', ['USUARIOS']);
    expect(xandrel.totalLimitado).toBe(false);
  });

  it('answers nothing for a text too short, and refuses bad arguments', async () => {
    expect(await search('admin', ' x ')).toEqual([]);
    expect(code(await q('admin', SEARCH, { t: 'x'.repeat(201) }))).toBe('BAD_USER_INPUT');
    expect(code(await q('admin', SEARCH, { t: 'xandrel', l: 0 }))).toBe('BAD_USER_INPUT');
    expect(code(await q('admin', SEARCH, { t: 'xandrel', l: 21 }))).toBe('BAD_USER_INPUT');
  });
});
