import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backfillTexts,
  extractOne,
  MAX_TEXT_ATTEMPTS,
  markStoredFiles,
  TEXT_BACKFILL_QUEUE,
  TEXT_EXTRACT_QUEUE,
} from '../src/modules/files/files.text-jobs.js';
import { searchItems } from '../src/modules/library/library.queries.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn, uploadFile } from './browserless.js';
import { startTestPortal, type TestPortal } from './harness.js';
import { docxWithText, pdfWithText, xlsxWithText } from './text-files.js';

// Searching inside library files (issue 20, points 2, 3 and 5; decisions 0043 and 0044): the job extracts the text of
// placed files once, the library search matches it (accents, case and word forms folded) for readers only, with an
// excerpt; damaged files are recorded and not tried forever; files stored before are back-filled.

const SEARCH = `query ($f: FiltroBibliotecaInput!) { buscaBibliotecaPaged(filterInput: $f) {
  totalElements content { id nome trecho { texto destaques { inicio fim } } } } }`;

describe('library search inside files', () => {
  let portal: TestPortal;
  let base: string;
  const as: Record<string, CookieClient> = {};
  const ids: Record<string, string> = {};

  const q = (who: string, query: string, variables?: Record<string, unknown>) => gql(as[who], base, query, variables);
  const search = async (who: string, busca: string) =>
    (await q(who, SEARCH, { f: { busca, page: 0, rowsPerPage: 15 } })).data?.buscaBibliotecaPaged;
  const state = async (arquivoId: string) =>
    (
      (
        await portal.services.db.execute(
          sql`SELECT estado, motivo, tentativas FROM arquivo_texto WHERE arquivo_id = ${arquivoId}`,
        )
      ).rows as { estado: string; motivo: string | null; tentativas: number }[]
    )[0];
  /** Runs the extraction here until nothing is pending (the portal's own workers may take some first). */
  const drain = async () => {
    while (await extractOne(portal.services));
    for (let i = 0; i < 100; i++) {
      const pending = await portal.services.db.execute(
        sql`SELECT 1 FROM arquivo_texto WHERE estado = 'PENDENTE' LIMIT 1`,
      );
      if (!pending.rows.length) return;
      await new Promise((r) => setTimeout(r, 100));
      while (await extractOne(portal.services));
    }
  };

  beforeAll(async () => {
    portal = await startTestPortal();
    base = portal.baseUrl;
    for (const who of ['montadora', 'dealer', 'dealer2']) {
      as[who] = (await signIn(base, `${who}@portal.demo`, DEMO_PASSWORD)).client;
    }
    const groups = (await q('montadora', '{ gruposUsuariosAtivos { id nome } }')).data.gruposUsuariosAtivos;
    const horizonte = groups.find((g: { nome: string }) => g.nome === 'Rede Horizonte').id;
    ids.horizonte = horizonte;
    const folder = await q('montadora', 'mutation ($p: NovaPastaInput!) { criarNovaPasta(novaPasta: $p) { id } }', {
      p: { nome: 'Preços Horizonte', idPai: null, tiposAcesso: [{ idGrupoAcesso: horizonte, permissao: 'LEITURA' }] },
    });
    const files: [string, Buffer][] = [
      ['tabela.pdf', pdfWithText('Tabela de preços dos veículos Zephyrion para a rede')],
      ['manual.docx', docxWithText('Manual de garantia: revisões do Quorvex')],
      ['metas.xlsx', await xlsxWithText('Metas trimestrais Vantrelis')],
      ['quebrado.pdf', Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n')],
    ];
    ids.folder = folder.data.criarNovaPasta.id;
    for (const [name, data] of files) {
      const idArquivo = await uploadFile(as.montadora, base, name, data);
      const placed = await q(
        'montadora',
        'mutation ($a: [ArquivoBibliotecaInput!]!) { uploadArquivos(arquivos: $a) { id } }',
        { a: [{ idArquivo, idPastaPai: folder.data.criarNovaPasta.id }] },
      );
      expect(placed.errors).toBeUndefined();
      ids[name] = idArquivo;
    }
    await drain();
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('extracts the text of each placed file once', async () => {
    expect(await state(ids['tabela.pdf'])).toMatchObject({ estado: 'EXTRAIDO', tentativas: 1 });
    expect(await state(ids['manual.docx'])).toMatchObject({ estado: 'EXTRAIDO', tentativas: 1 });
    expect(await state(ids['metas.xlsx'])).toMatchObject({ estado: 'EXTRAIDO', tentativas: 1 });
  });

  it.each([
    ['a word only inside the PDF', 'zephyrion', 'tabela.pdf'],
    ['without accents and in another form', 'preco veiculo', 'tabela.pdf'],
    ['in capitals with accents', 'REVISÕES GARANTIAS', 'manual.docx'],
    ['the start of a word still being typed', 'vantre', 'metas.xlsx'],
  ])('finds a file by %s, with an excerpt that marks the words', async (_, busca, name) => {
    const page = await search('dealer', busca);
    const hit = page.content.find((i: { nome: string }) => i.nome === name);
    expect(hit, JSON.stringify(page)).toBeTruthy();
    expect(hit.trecho.destaques.length).toBeGreaterThan(0);
    const [first] = hit.trecho.destaques;
    expect(hit.trecho.texto.slice(first.inicio, first.fim).length).toBeGreaterThan(0);
  });

  it('keeps name matches first and gives them no excerpt', async () => {
    const page = await search('dealer', 'tabela');
    expect(page.content[0].nome).toBe('tabela.pdf');
    const list = await q('dealer', 'query { buscaBiblioteca(texto: "zephyrion") { nome trecho { texto } } }');
    expect(list.data.buscaBiblioteca.map((i: { nome: string }) => i.nome)).toEqual(['tabela.pdf']);
  });

  it('a search that needs few hits takes a common word from a sample of the texts, a rare one from all', async () => {
    // Nine text files hold "nevralgo"; one of them, outside the sample, also "ostrakon".
    for (let n = 0; n < 9; n++) {
      const idArquivo = await uploadFile(as.montadora, base, `nota-${n}.txt`, Buffer.from(`Nota ${n}: nevralgo`));
      const result = await q(
        'montadora',
        'mutation ($a: [ArquivoBibliotecaInput!]!) { uploadArquivos(arquivos: $a) { id } }',
        { a: [{ idArquivo, idPastaPai: ids.folder }] },
      );
      expect(result.errors).toBeUndefined();
    }
    await drain();
    // The sample is the extracted texts in id order; every other text of this suite sorts after the notes' here.
    const byId = (
      await portal.services.db.execute(sql`SELECT i.nome, t.arquivo_id FROM arquivo_texto t
        JOIN item_biblioteca i ON i.arquivo_id = t.arquivo_id WHERE t.estado = 'EXTRAIDO' ORDER BY t.arquivo_id`)
    ).rows as { nome: string; arquivo_id: string }[];
    await portal.services.db.execute(sql`UPDATE arquivo_texto SET estado = 'SEM_TEXTO'
      WHERE estado = 'EXTRAIDO' AND arquivo_id NOT IN (SELECT arquivo_id FROM item_biblioteca WHERE nome LIKE 'nota-%')`);
    const notes = byId.filter((r) => r.nome.startsWith('nota-'));
    const last = notes[notes.length - 1];
    await portal.services.db.execute(sql`UPDATE arquivo_texto SET texto = texto || ' ostrakon',
      vetor = vetor || to_tsvector('busca_pt', 'ostrakon') WHERE arquivo_id = ${last.arquivo_id}`);
    const reader = { id: 'reader', chaves: [], manager: false, groupIds: [ids.horizonte] };
    const page = { page: 0, rowsPerPage: 10 };
    try {
      // A cap of 3 reads the first 9 texts by id, which hold 3 hits at once: the first 3 by id, whatever the
      // table's own order (what the whole match would read first).
      const common = await searchItems(portal.services.db, reader, 'nevralgo', page, 3);
      expect(common.totalElements).toBe(3);
      expect(common.content.map((r) => r.nome).sort()).toEqual(
        notes
          .slice(0, 3)
          .map((r) => r.nome)
          .sort(),
      );
      expect(common.content.every((r) => r.trecho?.includes('nevralgo'))).toBe(true);
      // The last note by id alone holds "ostrakon": outside a sample of 3, found by the whole match.
      const rare = await searchItems(portal.services.db, reader, 'ostrakon', { page: 0, rowsPerPage: 10 }, 1);
      expect(rare.content.map((r) => r.nome)).toEqual([last.nome]);
      expect(rare.totalElements).toBe(1);
      // The library's own cap counts every hit.
      expect((await searchItems(portal.services.db, reader, 'nevralgo', page)).totalElements).toBe(9);
      // Another network's reader: nothing, through either path.
      const other = { ...reader, groupIds: [] };
      expect((await searchItems(portal.services.db, other, 'nevralgo', page, 3)).totalElements).toBe(0);
    } finally {
      // The suite's other texts back as they were.
      await portal.services.db.execute(sql`UPDATE arquivo_texto SET estado = 'EXTRAIDO'
        WHERE estado = 'SEM_TEXTO' AND vetor IS NOT NULL`);
    }
  });

  it("shows nothing to another network's dealer", async () => {
    expect(await search('dealer2', 'zephyrion')).toEqual({ totalElements: 0, content: [] });
    expect(await search('dealer2', 'quorvex')).toEqual({ totalElements: 0, content: [] });
  });

  it('records a file it cannot read and does not try it again', async () => {
    const failed = await state(ids['quebrado.pdf']);
    expect(['FALHOU', 'SEM_TEXTO']).toContain(failed.estado);
    expect(await extractOne(portal.services, { arquivoId: ids['quebrado.pdf'] })).toBe(false);
  });

  it('gives up on a file after the attempts, when workers died on it', async () => {
    const id = ids['metas.xlsx'];
    await portal.services.db.execute(
      sql`UPDATE arquivo_texto SET estado = 'PENDENTE', tentativas = ${MAX_TEXT_ATTEMPTS}, reservado_ate = NULL WHERE arquivo_id = ${id}`,
    );
    expect(await extractOne(portal.services, { arquivoId: id })).toBe(true);
    expect(await state(id)).toMatchObject({ estado: 'FALHOU', motivo: 'ATTEMPTS' });
    expect((await search('dealer', 'vantrelis')).totalElements).toBe(0);
  });

  it('marks the files stored before in id order, one batch after the other, each reading only its own rows', async () => {
    await portal.services.db.execute(
      sql`DELETE FROM arquivo_texto WHERE arquivo_id IN (${ids['tabela.pdf']}, ${ids['manual.docx']})`,
    );
    // One id per statement: both files are found however many batches the walk takes.
    expect(await markStoredFiles(portal.services, 1)).toBe(2);
    expect(await markStoredFiles(portal.services, 1)).toBe(0);
    expect((await state(ids['tabela.pdf'])).estado).toBe('PENDENTE');
    for (const id of [ids['tabela.pdf'], ids['manual.docx']]) await extractOne(portal.services, { arquivoId: id });
  });

  it('back-fills files stored before, resuming where it stopped', async () => {
    // This instance's own workers would race the test for the pending files: the test runs the back-fill itself.
    for (const queue of [TEXT_EXTRACT_QUEUE, TEXT_BACKFILL_QUEUE])
      await portal.services.jobs.boss.offWork(queue, { wait: true });
    await portal.services.db.execute(
      sql`DELETE FROM arquivo_texto WHERE arquivo_id IN (${ids['tabela.pdf']}, ${ids['manual.docx']})`,
    );
    expect((await search('dealer', 'zephyrion')).totalElements).toBe(0);
    // A budget spent after one file: the next run goes on with what is left.
    const first = await backfillTexts(portal.services, { budgetMs: 0 });
    expect(first).toEqual({ handled: 0, done: false });
    expect((await state(ids['tabela.pdf'])).estado).toBe('PENDENTE');
    const rest = await backfillTexts(portal.services);
    expect(rest.done).toBe(true);
    expect(await state(ids['tabela.pdf'])).toMatchObject({ estado: 'EXTRAIDO' });
    expect(await state(ids['manual.docx'])).toMatchObject({ estado: 'EXTRAIDO' });
    expect((await search('dealer', 'zephyrion')).totalElements).toBe(1);
  });
});
