import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn, uploadFile } from './browserless.js';
import { startTestPortal, type TestPortal } from './harness.js';

// Same names on upload (issue 16 item 3, decision 0030): a file whose name a live file of the folder already has
// (without case and accents) replaces it as a new version, is kept as `name (2).ext`, or is skipped; without an
// answer the server keeps both, so two files of a folder never share a name.

const PLACE = `mutation ($a: [ArquivoBibliotecaInput!]!) { uploadArquivos(arquivos: $a) { id nome } }`;

describe('library file names', () => {
  let portal: TestPortal;
  let base: string;
  let as: CookieClient;
  let folderId: string;

  const q = (query: string, variables?: Record<string, unknown>) => gql(as, base, query, variables);
  const send = (nome: string, content = `conteúdo de ${nome}`) => uploadFile(as, base, nome, Buffer.from(content));
  const place = async (files: { idArquivo: string; nome?: string; seExistir?: string }[]) =>
    q(PLACE, { a: files.map((f) => ({ ...f, idPastaPai: folderId })) });
  const names = async () =>
    (
      (await q('query ($id: ID) { itemsPorPasta(idPasta: $id) { nome } }', { id: folderId })).data.itemsPorPasta as {
        nome: string;
      }[]
    ).map((i) => i.nome);

  beforeAll(async () => {
    portal = await startTestPortal();
    base = portal.baseUrl;
    as = (await signIn(base, 'montadora@portal.demo', DEMO_PASSWORD)).client;
    const groups = (await q('{ gruposUsuariosAtivos { id } }')).data.gruposUsuariosAtivos;
    const created = await q('mutation ($p: NovaPastaInput!) { criarNovaPasta(novaPasta: $p) { id } }', {
      p: { nome: 'Nomes iguais', idsGrupoAcesso: [groups[0].id] },
    });
    folderId = created.data.criarNovaPasta.id;
    expect((await place([{ idArquivo: await send('Relatório.pdf') }])).errors).toBeUndefined();
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('tells which names a file of the folder already uses, without case and accents', async () => {
    const r = await q('query ($id: ID!, $n: [String!]!) { arquivosComMesmoNome(idPasta: $id, nomes: $n) }', {
      id: folderId,
      n: ['RELATORIO.pdf', 'novo.pdf'],
    });
    expect(r.data.arquivosComMesmoNome).toEqual(['RELATORIO.pdf']);
    const missing = await q(
      'query ($n: [String!]!) { arquivosComMesmoNome(idPasta: "00000000-0000-0000-0000-000000000000", nomes: $n) }',
      { n: ['a'] },
    );
    expect(missing.errors?.[0]?.extensions.code).toBe('NOT_FOUND');
  });

  it('keeps both as name (2).ext, name (3).ext…, by default and when asked', async () => {
    const second = await place([{ idArquivo: await send('relatorio.PDF') }]);
    expect(second.data.uploadArquivos[0].nome).toBe('relatorio (2).PDF');
    const third = await place([{ idArquivo: await send('Relatório.pdf'), seExistir: 'MANTER_AMBOS' }]);
    expect(third.data.uploadArquivos[0].nome).toBe('Relatório (3).pdf');
    // Two files of one upload with the same name: the second sees the first.
    const pair = await place([{ idArquivo: await send('ata.txt', 'a') }, { idArquivo: await send('ata.txt', 'b') }]);
    expect(pair.data.uploadArquivos.map((i: { nome: string }) => i.nome)).toEqual(['ata.txt', 'ata (2).txt']);
  });

  it('replaces as a new version of the existing file, audited', async () => {
    const before = (await names()).length;
    const existing = (
      await q('query ($id: ID) { itemsPorPasta(idPasta: $id) { id nome } }', { id: folderId })
    ).data.itemsPorPasta.find((i: { nome: string }) => i.nome === 'Relatório.pdf');
    const r = await place([{ idArquivo: await send('RELATÓRIO.pdf', 'v2'), seExistir: 'SUBSTITUIR' }]);
    expect(r.errors).toBeUndefined();
    expect(r.data.uploadArquivos).toEqual([{ id: existing.id, nome: 'Relatório.pdf' }]);
    expect((await names()).length).toBe(before);
    const versions = await q('query ($id: ID!) { versoesItemBiblioteca(idItem: $id) { numero atual } }', {
      id: existing.id,
    });
    expect(versions.data.versoesItemBiblioteca).toEqual([
      { numero: 2, atual: true },
      { numero: 1, atual: false },
    ]);
    const audit = await portal.services.db.execute(
      sql`SELECT 1 FROM auditoria WHERE entidade = 'item_biblioteca' AND entidade_id = ${existing.id} AND acao = 'editar'`,
    );
    expect(audit.rows).toHaveLength(1);
  });

  it('skips a file when asked: nothing placed, the upload stays unplaced', async () => {
    const before = await names();
    const idArquivo = await send('relatório.pdf', 'skipped');
    const r = await place([{ idArquivo, seExistir: 'IGNORAR' }, { idArquivo: await send('outro.txt') }]);
    expect(r.errors).toBeUndefined();
    expect(r.data.uploadArquivos.map((i: { nome: string }) => i.nome)).toEqual(['outro.txt']);
    expect((await names()).sort()).toEqual([...before, 'outro.txt'].sort());
    const row = await portal.services.db.execute(sql`SELECT colocado_em FROM arquivo WHERE id = ${idArquivo}`);
    expect((row.rows[0] as { colocado_em: unknown }).colocado_em).toBeNull();
  });

  it('an answer is ignored when no file has the name', async () => {
    const r = await place([{ idArquivo: await send('unico.txt'), seExistir: 'IGNORAR' }]);
    expect(r.data.uploadArquivos.map((i: { nome: string }) => i.nome)).toEqual(['unico.txt']);
  });
});
