import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_LIBRARY } from '../src/modules/library/library.seed.js';
import { DEMO_PASSWORD, seedDemo } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn } from './browserless.js';
import { startTestPortal, type TestPortal } from './harness.js';

// The demo library (docs/domains/library.md#demo-data): the demo seed shares four folders with the demo's user
// groups, so each demo user sees some of them and not all, with files stored as uploads are (download, search).

const FOLDERS = DEMO_LIBRARY.map((f) => f.nome);

describe('the demo library', () => {
  let portal: TestPortal;
  const as: Record<string, CookieClient> = {};
  const q = (who: string, query: string, variables?: Record<string, unknown>) =>
    gql(as[who], portal.baseUrl, query, variables);
  const root = async (who: string) => {
    const r = await q(who, '{ itemsPorPasta(idPasta: null) { id nome pasta } }');
    expect(r.errors).toBeUndefined();
    return r.data.itemsPorPasta as { id: string; nome: string; pasta: boolean }[];
  };
  const counts = async () =>
    (
      await portal.services.db.execute<Record<string, number>>(sql`
        SELECT (SELECT count(*)::int FROM item_biblioteca) AS itens,
               (SELECT count(*)::int FROM permissao_item_biblioteca) AS permissoes,
               (SELECT count(*)::int FROM arquivo) AS arquivos`)
    ).rows[0];

  beforeAll(async () => {
    portal = await startTestPortal({ env: { DEMO_LIBRARY: 'true' } });
    for (const who of ['admin', 'dealer', 'dealer2', 'aprovador']) {
      as[who] = (await signIn(portal.baseUrl, `${who}@portal.demo`, DEMO_PASSWORD)).client;
    }
  });
  afterAll(() => portal?.stop());

  it('shows a demo dealer the folders shared with their groups and not the others', async () => {
    expect((await root('dealer')).map((i) => i.nome)).toEqual([
      'Boletins técnicos',
      'Tabelas de preços',
      'Treinamentos',
    ]);
    expect((await root('dealer2')).map((i) => i.nome)).toEqual(['Material de marketing', 'Tabelas de preços']);
    expect((await root('aprovador')).map((i) => i.nome)).toEqual(['Material de marketing', 'Tabelas de preços']);
    expect((await root('admin')).map((i) => i.nome)).toEqual([...FOLDERS].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    // Not by a guessed id either: the bulletins folder is NOT_FOUND for Daniela.
    const bulletins = (await root('admin')).find((i) => i.nome === 'Boletins técnicos');
    const hidden = await q('dealer2', 'query ($id: ID) { itemsPorPasta(idPasta: $id) { id } }', { id: bulletins?.id });
    expect(hidden.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('holds files that download with their bytes, and that the search and the recent card find', async () => {
    const prices = (await root('dealer')).find((i) => i.nome === 'Tabelas de preços');
    const files = (
      await q('dealer', 'query ($id: ID) { itemsPorPasta(idPasta: $id) { id nome tamanho } }', { id: prices?.id })
    ).data.itemsPorPasta as { id: string; nome: string; tamanho: number }[];
    expect(files.map((f) => f.nome)).toEqual([
      'Condições comerciais.pdf',
      'Tabela de preços Aurora 2026.csv',
      'Tabela de preços Boreal 2026.csv',
    ]);
    const aurora = files[1];
    const expected = DEMO_LIBRARY[0].arquivos.find((f) => f.nome === aurora.nome)?.bytes() as Buffer;
    expect(aurora.tamanho).toBe(expected.length);
    const link = (
      await q('dealer', 'mutation ($id: ID!) { gerarLinkDownloadByItemBiblioteca(id: $id) }', { id: aurora.id })
    ).data.gerarLinkDownloadByItemBiblioteca;
    const download = await as.dealer.fetch(`${portal.baseUrl}${link}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('text/csv');
    expect(Buffer.from(await download.arrayBuffer())).toEqual(expected);
    const pdf = await q('dealer', 'query ($id: ID!) { arquivo(idArquivo: $id) { arquivoLink } }', { id: files[0].id });
    const pdfBytes = Buffer.from(
      await (await as.dealer.fetch(`${portal.baseUrl}${pdf.data.arquivo.arquivoLink}`)).arrayBuffer(),
    );
    expect(pdfBytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');

    const found = await q('dealer2', '{ buscaBiblioteca(texto: "boletim") { nome } }');
    expect(found.data.buscaBiblioteca).toEqual([]);
    const own = await q('dealer', '{ buscaBiblioteca(texto: "boletim") { nome } }');
    expect(own.data.buscaBiblioteca.map((i: { nome: string }) => i.nome)).toEqual([
      'Boletim técnico 001 Revisão de freios.pdf',
      'Boletim técnico 002 Atualização de software.pdf',
    ]);
    const recent = await q('dealer2', '{ ultimosModificados(limite: 50) { nome } }');
    expect(recent.data.ultimosModificados.map((i: { nome: string }) => i.nome).sort()).toEqual(
      [...DEMO_LIBRARY[0].arquivos, ...DEMO_LIBRARY[1].arquivos].map((f) => f.nome).sort(),
    );
  });

  it('adds nothing when the seed runs again, and does not put back a folder a person deleted', async () => {
    const before = await counts();
    expect(before.arquivos).toBe(DEMO_LIBRARY.flatMap((f) => f.arquivos).length);
    await seedDemo(portal.services);
    expect(await counts()).toEqual(before);

    const training = (await root('admin')).find((i) => i.nome === 'Treinamentos');
    const deleted = await q('admin', 'mutation ($id: ID!) { excluirItemBiblioteca(idItem: $id) { id } }', {
      id: training?.id,
    });
    expect(deleted.errors).toBeUndefined();
    await seedDemo(portal.services);
    expect(await counts()).toEqual(before);
    expect((await root('dealer')).map((i) => i.nome)).toEqual(['Boletins técnicos', 'Tabelas de preços']);
  });
});
