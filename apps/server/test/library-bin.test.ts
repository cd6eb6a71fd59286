import { LIBRARY_ROOT_ID } from '@portal/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN_PURGE_QUEUE } from '../src/modules/library/library.jobs.js';
import { purgeExpiredBin } from '../src/modules/library/library.service.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn, uploadFile } from './browserless.js';
import { startTestPortal, type TestPortal } from './harness.js';
import { expectFolderCountsExact } from './library-counts.js';

// The library's bin (issue 16 item 2, docs/domains/library.md#the-bin): a delete goes to the bin, which lists the
// entries the user could write, restores them (to the original place or a chosen folder), empties, and is purged
// by a job once the period is over, stored content included.

const code = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.code;
const fields = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.fields;

const BIN = `query ($p: Int) { lixeiraBiblioteca(page: $p, rowsPerPage: 50) { totalElements content {
  id nome pasta localOriginal { id nome } localOriginalExiste excluidoEm expiraEm excluidoPor { email } arquivos pastas } } }`;

describe('library bin', () => {
  let portal: TestPortal;
  let base: string;
  const as: Record<string, CookieClient> = {};
  const group: Record<string, string> = {};

  const q = (who: string, query: string, variables?: Record<string, unknown>) => gql(as[who], base, query, variables);
  const folder = async (nome: string, extra: Record<string, unknown>) =>
    (
      await q('montadora', 'mutation ($p: NovaPastaInput!) { criarNovaPasta(novaPasta: $p) { id } }', {
        p: { nome, ...extra },
      })
    ).data.criarNovaPasta.id as string;
  const file = async (nome: string, idPastaPai: string) => {
    const idArquivo = await uploadFile(as.montadora, base, nome, Buffer.from(`conteúdo de ${nome}`));
    const r = await q(
      'montadora',
      'mutation ($a: [ArquivoBibliotecaInput!]!) { uploadArquivos(arquivos: $a) { id } }',
      {
        a: [{ idArquivo, idPastaPai }],
      },
    );
    return { id: r.data.uploadArquivos[0].id as string, idArquivo };
  };
  const remove = (who: string, id: string) =>
    q(who, 'mutation ($id: ID!) { excluirItemBiblioteca(idItem: $id) { id } }', { id });
  const restore = (who: string, id: string, dest?: string) =>
    q(
      who,
      'mutation ($id: ID!, $d: ID) { restaurarItemBiblioteca(idItem: $id, idNovaLocalizacao: $d) { id nome pastaPai { id } } }',
      {
        id,
        d: dest,
      },
    );
  const empty = (who: string, ids?: string[]) =>
    q(who, 'mutation ($ids: [ID!]) { esvaziarLixeiraBiblioteca(ids: $ids) }', { ids });
  const bin = async (who: string) => (await q(who, BIN)).data.lixeiraBiblioteca;
  const names = async (who: string, idPasta: string) =>
    (
      (await q(who, 'query ($id: ID) { itemsPorPasta(idPasta: $id) { nome } }', { id: idPasta })).data
        .itemsPorPasta as {
        nome: string;
      }[]
    ).map((i) => i.nome);
  const storageKeyOf = async (arquivoId: string) =>
    (
      (await portal.services.db.execute(sql`SELECT storage_key FROM arquivo WHERE id = ${arquivoId}`)).rows[0] as
        | { storage_key: string }
        | undefined
    )?.storage_key;

  beforeAll(async () => {
    portal = await startTestPortal();
    base = portal.baseUrl;
    for (const who of ['montadora', 'dealer', 'dealer2']) {
      as[who] = (await signIn(base, `${who}@portal.demo`, DEMO_PASSWORD)).client;
    }
    const groups = (await q('montadora', '{ gruposUsuariosAtivos { id nome } }')).data.gruposUsuariosAtivos;
    for (const g of groups) group[g.nome] = g.id;
  });
  afterAll(async () => {
    await portal?.stop();
  });

  it('a deleted folder leaves listings, search, recent files and downloads at once, and comes back with its contents', async () => {
    const top = await folder('Campanhas bin', {
      tiposAcesso: [{ idGrupoAcesso: group['Rede Horizonte'], permissao: 'LEITURA_ESCRITA' }],
    });
    const sub = await folder('Verão bin', { idPai: top });
    const inner = await folder('Peças bin', { idPai: sub });
    const doc = await file('tabela-bin.txt', inner);
    const link = (await q('dealer', `{ linkDownloadByArquivo(idArquivo: "${doc.id}") }`)).data.linkDownloadByArquivo;

    expect((await remove('dealer', sub)).errors).toBeUndefined();
    expect(await names('dealer', top)).toEqual([]);
    expect(code(await q('dealer', `{ pasta(idPasta: "${inner}") { id } }`))).toBe('NOT_FOUND');
    expect((await q('dealer', '{ buscaBiblioteca(texto: "tabela-bin") { id } }')).data.buscaBiblioteca).toEqual([]);
    const recent = (await q('dealer', '{ ultimosModificados(limite: 50) { id } }')).data.ultimosModificados;
    expect(recent.map((r: { id: string }) => r.id)).not.toContain(doc.id);
    expect((await as.dealer.fetch(`${base}${link}`)).status).toBe(404);

    const entry = (await bin('dealer')).content.find((e: { id: string }) => e.id === sub);
    expect(entry).toMatchObject({
      nome: 'Verão bin',
      pasta: true,
      localOriginal: [{ id: top, nome: 'Campanhas bin' }],
      localOriginalExiste: true,
      excluidoPor: { email: 'dealer@portal.demo' },
      arquivos: 1,
      pastas: 1,
    });
    const days = (new Date(entry.expiraEm).getTime() - new Date(entry.excluidoEm).getTime()) / 86_400_000;
    expect(days).toBe(30);
    // Only the deleted item is an entry, not what went with it.
    expect((await bin('dealer')).content.map((e: { id: string }) => e.id)).not.toContain(inner);

    const back = await restore('dealer', sub);
    expect(back.errors).toBeUndefined();
    expect(back.data.restaurarItemBiblioteca.pastaPai.id).toBe(top);
    expect(await names('dealer', top)).toEqual(['Verão bin']);
    expect(await names('dealer', inner)).toEqual(['tabela-bin.txt']);
    expect((await as.dealer.fetch(`${base}${link}`)).status).toBe(200);
    expect((await bin('dealer')).content.map((e: { id: string }) => e.id)).not.toContain(sub);
    const audit = await portal.services.db.execute(
      sql`SELECT 1 FROM auditoria WHERE entidade = 'item_biblioteca' AND entidade_id = ${sub} AND acao = 'restaurar'`,
    );
    expect(audit.rows).toHaveLength(1);
  });

  it('an item whose folder is gone is restored to a folder the user chooses', async () => {
    const horizonte = [{ idGrupoAcesso: group['Rede Horizonte'], permissao: 'LEITURA_ESCRITA' }];
    const top = await folder('Origem bin', { tiposAcesso: horizonte });
    const other = await folder('Outro destino bin', { tiposAcesso: horizonte });
    const doc = await file('orfao.txt', top);
    await remove('dealer', doc.id);
    await remove('dealer', top);
    const entry = (await bin('dealer')).content.find((e: { id: string }) => e.id === doc.id);
    expect(entry.localOriginalExiste).toBe(false);

    const refused = await restore('dealer', doc.id);
    expect(code(refused)).toBe('BAD_USER_INPUT');
    expect(fields(refused)).toEqual({ idNovaLocalizacao: 'library.originalPlaceGone' });
    // A file never goes to the root.
    expect(fields(await restore('dealer', doc.id, LIBRARY_ROOT_ID))).toEqual({
      idNovaLocalizacao: 'library.invalidDestination',
    });
    const moved = await restore('dealer', doc.id, other);
    expect(moved.data.restaurarItemBiblioteca.pastaPai.id).toBe(other);
    expect(await names('dealer', other)).toEqual(['orfao.txt']);
    // The folder is still in the bin, empty of that file.
    expect((await bin('dealer')).content.find((e: { id: string }) => e.id === top)).toMatchObject({ arquivos: 0 });
  });

  it('someone without write access cannot list, restore nor empty an entry', async () => {
    const readOnly = await folder('Somente leitura bin', { idsGrupoAcesso: [group['Rede Horizonte']] });
    const doc = await file('lido.txt', readOnly);
    expect(code(await remove('dealer', doc.id))).toBe('FORBIDDEN');
    await remove('montadora', doc.id);

    for (const who of ['dealer', 'dealer2']) {
      expect((await bin(who)).content.map((e: { id: string }) => e.id)).not.toContain(doc.id);
      const denied = await restore(who, doc.id);
      expect(code(denied)).toBe('NOT_FOUND');
      expect(denied.data).toBeNull();
      expect(code(await empty(who, [doc.id]))).toBe('NOT_FOUND');
    }
    // Emptying "everything" empties only what is theirs.
    expect((await empty('dealer2')).errors).toBeUndefined();
    expect((await bin('montadora')).content.map((e: { id: string }) => e.id)).toContain(doc.id);
  });

  it('emptying deletes rows and stored content for good', async () => {
    const top = await folder('Esvaziar bin', { idsGrupoAcesso: [group['Rede Horizonte']] });
    const doc = await file('apagar.txt', top);
    const key = await storageKeyOf(doc.idArquivo);
    expect(await portal.services.storage.stat(key as string)).not.toBeNull();
    await remove('montadora', top);
    expect((await empty('montadora', [top])).data.esvaziarLixeiraBiblioteca).toBe(1);
    const left = await portal.services.db.execute(sql`SELECT 1 FROM item_biblioteca WHERE id IN (${top}, ${doc.id})`);
    expect(left.rows).toHaveLength(0);
    expect(await storageKeyOf(doc.idArquivo)).toBeUndefined();
    expect(await portal.services.storage.stat(key as string)).toBeNull();
    expect(code(await restore('montadora', top))).toBe('NOT_FOUND');
  });

  it('the purge job removes expired entries and their stored content exactly once', async () => {
    const top = await folder('Expirada bin', { idsGrupoAcesso: [group['Rede Horizonte']] });
    const doc = await file('velho.txt', top);
    const fresh = await folder('Recente bin', { idsGrupoAcesso: [group['Rede Horizonte']] });
    const key = await storageKeyOf(doc.idArquivo);
    await remove('montadora', top);
    await remove('montadora', fresh);
    await portal.services.db.execute(
      sql`UPDATE item_biblioteca SET excluido_em = now() - interval '31 days' WHERE excluido_com = ${top}`,
    );

    // Two runs at once (two instances): each entry goes once.
    const runs = await Promise.all([purgeExpiredBin(portal.services), purgeExpiredBin(portal.services)]);
    expect(runs[0] + runs[1]).toBe(1);
    expect(await purgeExpiredBin(portal.services)).toBe(0);
    const left = await portal.services.db.execute(
      sql`SELECT id FROM item_biblioteca WHERE id IN (${top}, ${doc.id}, ${fresh})`,
    );
    expect(left.rows).toEqual([{ id: fresh }]);
    expect(await storageKeyOf(doc.idArquivo)).toBeUndefined();
    expect(await portal.services.storage.stat(key as string)).toBeNull();
    const audit = await portal.services.db.execute(
      sql`SELECT usuario_id FROM auditoria WHERE entidade = 'item_biblioteca' AND entidade_id = ${top} AND acao = 'excluir'
          AND depois->>'definitivo' = 'true'`,
    );
    expect(audit.rows).toEqual([{ usuario_id: null }]);
    // The purge is scheduled in pg-boss (once across instances).
    const schedules = await portal.services.jobs.boss.getSchedules();
    expect(schedules.map((s: { name: string }) => s.name)).toContain(BIN_PURGE_QUEUE);
  });

  describe('versions', () => {
    const VERSIONS = 'query ($id: ID!) { versoesItemBiblioteca(idItem: $id) { numero atual tamanho autor { email } } }';
    const versions = async (who: string, id: string) => (await q(who, VERSIONS, { id })).data?.versoesItemBiblioteca;
    const replace = async (who: string, idItem: string, text: string) => {
      const idArquivo = await uploadFile(as[who], base, 'ignored.txt', Buffer.from(text));
      return q(
        who,
        'mutation ($i: ID!, $a: ID!) { substituirArquivoBiblioteca(idItem: $i, idArquivo: $a) { id nome } }',
        {
          i: idItem,
          a: idArquivo,
        },
      );
    };
    const contentOf = async (who: string, idItem: string, numero?: number) => {
      const link = numero
        ? (
            await q(who, 'mutation ($i: ID!, $n: Int!) { gerarLinkDownloadVersaoBiblioteca(idItem: $i, numero: $n) }', {
              i: idItem,
              n: numero,
            })
          ).data.gerarLinkDownloadVersaoBiblioteca
        : (await q(who, `{ linkDownloadByArquivo(idArquivo: "${idItem}") }`)).data.linkDownloadByArquivo;
      const res = await as[who].fetch(`${base}${link}`);
      return res.status === 200 ? Buffer.from(await res.arrayBuffer()).toString() : res.status;
    };

    it('a replaced file keeps its earlier versions; one restored becomes a new version', async () => {
      const top = await folder('Versões bin', { idsGrupoAcesso: [group['Rede Horizonte']] });
      const doc = await file('tabela.txt', top);
      expect(await versions('montadora', doc.id)).toEqual([
        {
          numero: 1,
          atual: true,
          tamanho: Buffer.byteLength('conteúdo de tabela.txt'),
          autor: { email: 'montadora@portal.demo' },
        },
      ]);
      expect((await replace('montadora', doc.id, 'segunda')).data.substituirArquivoBiblioteca.nome).toBe('tabela.txt');
      expect((await replace('montadora', doc.id, 'terceira')).errors).toBeUndefined();
      expect(
        (await versions('montadora', doc.id)).map((v: { numero: number; atual: boolean }) => [v.numero, v.atual]),
      ).toEqual([
        [3, true],
        [2, false],
        [1, false],
      ]);
      expect(await contentOf('montadora', doc.id)).toBe('terceira');
      // A reader of the folder lists and downloads any version.
      expect(await contentOf('dealer', doc.id, 1)).toBe('conteúdo de tabela.txt');
      expect(await contentOf('dealer', doc.id, 2)).toBe('segunda');

      const back = await q(
        'montadora',
        'mutation ($i: ID!) { restaurarVersaoItemBiblioteca(idItem: $i, numero: 1) { id } }',
        {
          i: doc.id,
        },
      );
      expect(back.errors).toBeUndefined();
      const after = await versions('dealer', doc.id);
      expect(after[0]).toMatchObject({ numero: 4, atual: true, autor: { email: 'montadora@portal.demo' } });
      expect(after).toHaveLength(4);
      expect(await contentOf('dealer', doc.id)).toBe('conteúdo de tabela.txt');
      const audit = await portal.services.db.execute(
        sql`SELECT acao FROM auditoria WHERE entidade = 'item_biblioteca' AND entidade_id = ${doc.id} AND acao IN ('editar', 'restaurar')`,
      );
      expect(audit.rows).toHaveLength(3);
    });

    it('only who may write restores a version or replaces; who cannot read learns nothing', async () => {
      const top = await folder('Versões leitura bin', { idsGrupoAcesso: [group['Rede Horizonte']] });
      const doc = await file('lida.txt', top);
      await replace('montadora', doc.id, 'nova');
      const restore = (who: string) =>
        q(who, 'mutation ($i: ID!) { restaurarVersaoItemBiblioteca(idItem: $i, numero: 1) { id } }', { i: doc.id });
      expect(code(await restore('dealer'))).toBe('FORBIDDEN');
      expect(code(await replace('dealer', doc.id, 'x'))).toBe('FORBIDDEN');
      const hidden = await q('dealer2', VERSIONS, { id: doc.id });
      expect(code(hidden)).toBe('NOT_FOUND');
      expect(hidden.data).toBeNull();
      expect(code(await restore('dealer2'))).toBe('NOT_FOUND');
      expect(await contentOf('montadora', doc.id)).toBe('nova');
    });

    it('emptying the bin removes every version of a file and its stored content', async () => {
      const top = await folder('Versões purga bin', { idsGrupoAcesso: [group['Rede Horizonte']] });
      const doc = await file('varias.txt', top);
      await replace('montadora', doc.id, 'v2');
      const uploads = (
        await portal.services.db.execute(
          sql`SELECT a.id, a.storage_key FROM versao_item_biblioteca v JOIN arquivo a ON a.id = v.arquivo_id
              WHERE v.item_id = ${doc.id}`,
        )
      ).rows as { id: string; storage_key: string }[];
      expect(uploads).toHaveLength(2);
      await remove('montadora', top);
      expect((await empty('montadora', [top])).data.esvaziarLixeiraBiblioteca).toBe(1);
      for (const u of uploads) {
        expect(await storageKeyOf(u.id)).toBeUndefined();
        expect(await portal.services.storage.stat(u.storage_key)).toBeNull();
      }
    });
  });

  it('keeps every folder count exact after all of the above (pasta_contagem against a recount)', async () => {
    await expectFolderCountsExact(portal);
  });
});
