import { LIBRARY_ROOT_ID } from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn, uploadFile } from './browserless.js';
import { startTestPortal, type TestPortal } from './harness.js';
import { expectFolderCountsExact } from './library-counts.js';

// The library for daily use (issue 16): same folder names (and file names, but on upload) refused at one level, and what a delete takes
// along counted for its confirmation (docs/domains/library.md#names, #deleting).

const code = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.code;
const fields = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.fields;

describe('library for daily use', () => {
  let portal: TestPortal;
  let base: string;
  const as: Record<string, CookieClient> = {};
  const group: Record<string, string> = {};

  const q = (who: string, query: string, variables?: Record<string, unknown>) => gql(as[who], base, query, variables);
  const createFolder = async (who: string, novaPasta: Record<string, unknown>) =>
    q(who, 'mutation ($p: NovaPastaInput!) { criarNovaPasta(novaPasta: $p) { id nome } }', { p: novaPasta });
  const rename = (who: string, id: string, novoNome: string) =>
    q(
      who,
      'mutation ($id: ID!, $n: String!) { renomearItemBiblioteca(idItemBiblioteca: $id, novoNome: $n) { nome } }',
      {
        id,
        n: novoNome,
      },
    );
  const move = (who: string, id: string, dest: string) =>
    q(
      who,
      'mutation ($id: ID!, $d: ID!) { moverItemBiblioteca(idItemBiblioteca: $id, idNovaLocalizacao: $d) { id } }',
      {
        id,
        d: dest,
      },
    );
  const counts = (who: string, ids: string[]) =>
    q(who, 'query ($ids: [ID!]!) { contagemConteudoBiblioteca(ids: $ids) { arquivos pastas } }', { ids });

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

  it('refuses a folder name already used at the same level, ignoring case and accents, on create, rename and move', async () => {
    const horizonte = [group['Rede Horizonte']];
    const top = (await createFolder('montadora', { nome: 'Relatórios Mensais', idsGrupoAcesso: horizonte })).data
      .criarNovaPasta;
    const twin = await createFolder('montadora', { nome: '  relatorios MENSAIS ', idsGrupoAcesso: horizonte });
    expect(code(twin)).toBe('BAD_USER_INPUT');
    expect(fields(twin)).toEqual({ nome: 'library.folderNameTaken' });
    expect(twin.errors?.[0]?.message).toMatch(/pasta com este nome|folder with this name|carpeta con este nombre/);

    // Another level, or a file of that name, is no clash.
    const inside = await createFolder('montadora', { nome: 'Relatórios mensais', idPai: top.id });
    expect(inside.errors).toBeUndefined();
    const other = (await createFolder('montadora', { nome: 'Outros relatórios', idsGrupoAcesso: horizonte })).data
      .criarNovaPasta;

    const renamed = await rename('montadora', other.id, 'RELATÓRIOS mensais');
    expect(fields(renamed)).toEqual({ novoNome: 'library.folderNameTaken' });
    // Renaming a folder to its own name in another case is fine: it is the same folder.
    expect((await rename('montadora', top.id, 'Relatórios mensais')).data.renomearItemBiblioteca.nome).toBe(
      'Relatórios mensais',
    );

    const sub = (await createFolder('montadora', { nome: 'Outros Relatórios', idPai: top.id })).data.criarNovaPasta;
    const moved = await move('montadora', sub.id, LIBRARY_ROOT_ID);
    // (a sub-folder without groups cannot go to the root anyway; move into a folder with a twin instead)
    expect(code(moved)).toBe('BAD_USER_INPUT');
    const holder = (await createFolder('montadora', { nome: 'Destino', idsGrupoAcesso: horizonte })).data
      .criarNovaPasta;
    expect((await createFolder('montadora', { nome: 'outros relatorios', idPai: holder.id })).errors).toBeUndefined();
    const clash = await move('montadora', sub.id, holder.id);
    expect(fields(clash)).toEqual({ idNovaLocalizacao: 'library.folderNameTaken' });

    // A deleted folder frees its name.
    const gone = (await createFolder('montadora', { nome: 'Temporária', idPai: holder.id })).data.criarNovaPasta;
    await q('montadora', `mutation { excluirItemBiblioteca(idItem: "${gone.id}") { id } }`);
    expect((await createFolder('montadora', { nome: 'temporaria', idPai: holder.id })).errors).toBeUndefined();
  });

  it('refuses a file name already used by a file of the destination on rename, move and restore', async () => {
    const horizonte = [group['Rede Horizonte']];
    const a = (await createFolder('montadora', { nome: 'Arquivos A', idsGrupoAcesso: horizonte })).data.criarNovaPasta;
    const b = (await createFolder('montadora', { nome: 'Arquivos B', idsGrupoAcesso: horizonte })).data.criarNovaPasta;
    const place = async (nome: string, pasta: string) => {
      const idArquivo = await uploadFile(as.montadora, base, nome, Buffer.from(nome));
      const r = await q(
        'montadora',
        'mutation ($a: [ArquivoBibliotecaInput!]!) { uploadArquivos(arquivos: $a) { id } }',
        { a: [{ idArquivo, idPastaPai: pasta }] },
      );
      return r.data.uploadArquivos[0].id as string;
    };
    const price = await place('Tabela de Preços.pdf', a.id);
    const other = await place('Outra tabela.pdf', a.id);
    const twin = await place('tabela de precos.PDF', b.id);

    const renamed = await rename('montadora', other, 'TABELA DE PRECOS.pdf');
    expect(code(renamed)).toBe('BAD_USER_INPUT');
    expect(fields(renamed)).toEqual({ novoNome: 'library.fileNameTaken' });
    expect(renamed.errors?.[0]?.message).toMatch(/arquivo com este nome|file with this name|archivo con este nombre/);
    // Its own name in another case, and a folder's name, are no clash.
    expect((await rename('montadora', price, 'Tabela de preços.pdf')).errors).toBeUndefined();
    expect((await rename('montadora', other, 'Arquivos B')).errors).toBeUndefined();

    expect(fields(await move('montadora', twin, a.id))).toEqual({ idNovaLocalizacao: 'library.fileNameTaken' });

    // The twin is deleted, a new file takes the name, and the twin cannot come back over it.
    await q('montadora', `mutation { excluirItemBiblioteca(idItem: "${twin}") { id } }`);
    await place('Tabela de preços.pdf', b.id);
    const restored = await q('montadora', `mutation { restaurarItemBiblioteca(idItem: "${twin}") { id } }`);
    expect(fields(restored)).toEqual({ idNovaLocalizacao: 'library.fileNameTaken' });
  });

  it("marks items changed by someone else since the viewer's previous sign-in as new", async () => {
    const horizonte = [group['Rede Horizonte']];
    await createFolder('montadora', { nome: 'Antes da visita', idsGrupoAcesso: horizonte });
    // dealer signs in (their previous visit), then montadora changes things, then dealer comes back.
    await signIn(base, 'dealer@portal.demo', DEMO_PASSWORD);
    await new Promise((r) => setTimeout(r, 20));
    const folder = (await createFolder('montadora', { nome: 'Novidades da rede', idsGrupoAcesso: horizonte })).data
      .criarNovaPasta;
    const idArquivo = await uploadFile(as.montadora, base, 'tabela nova.pdf', Buffer.from('%PDF-1.4'));
    await q('montadora', 'mutation ($a: [ArquivoBibliotecaInput!]!) { uploadArquivos(arquivos: $a) { id } }', {
      a: [{ idArquivo, idPastaPai: folder.id }],
    });
    const back = (await signIn(base, 'dealer@portal.demo', DEMO_PASSWORD)).client;
    const ITEMS = 'query ($id: ID) { itemsPorPasta(idPasta: $id) { nome novo } }';
    const root = (await gql(back, base, ITEMS, { id: null })).data.itemsPorPasta as { nome: string; novo: boolean }[];
    expect(root.find((i) => i.nome === 'Novidades da rede')?.novo).toBe(true);
    expect(root.find((i) => i.nome === 'Antes da visita')?.novo).toBe(false);
    const inside = (await gql(back, base, ITEMS, { id: folder.id })).data.itemsPorPasta;
    expect(inside).toEqual([{ nome: 'tabela nova.pdf', novo: true }]);
    // The author's own changes are not news to them.
    const own = (await q('montadora', ITEMS, { id: folder.id })).data.itemsPorPasta;
    expect(own).toEqual([{ nome: 'tabela nova.pdf', novo: false }]);
  });

  it('a folder the viewer cannot read does not block the name (hidden looks like missing)', async () => {
    const shared = (
      await createFolder('montadora', {
        nome: 'Compartilhada daily',
        tiposAcesso: [{ idGrupoAcesso: group['Rede Litoral'], permissao: 'LEITURA_ESCRITA' }],
      })
    ).data.criarNovaPasta;
    const hidden = await createFolder('montadora', {
      nome: 'Sigilosa',
      idPai: shared.id,
      idsGrupoAcesso: [group['Rede Horizonte']],
    });
    expect(hidden.errors).toBeUndefined();
    const mine = (await createFolder('montadora', { nome: 'Minha', idPai: shared.id })).data.criarNovaPasta;
    // dealer2 (Rede Litoral) writes in the shared folder but cannot read "Sigilosa": renaming to it is no leak.
    const renamed = await rename('dealer2', mine.id, 'sigilosa');
    expect(renamed.errors).toBeUndefined();
  });

  it('counts the readable files and sub-folders a delete takes along', async () => {
    const horizonte = [group['Rede Horizonte']];
    const top = (await createFolder('montadora', { nome: 'Contar', idsGrupoAcesso: horizonte })).data.criarNovaPasta;
    const a = (await createFolder('montadora', { nome: 'A', idPai: top.id })).data.criarNovaPasta;
    const b = (await createFolder('montadora', { nome: 'B', idPai: a.id })).data.criarNovaPasta;
    const hidden = (
      await createFolder('montadora', { nome: 'Oculta', idPai: top.id, idsGrupoAcesso: [group['Rede Litoral']] })
    ).data.criarNovaPasta;
    const placed: string[] = [];
    for (const [nome, pasta] of [
      ['um.txt', top.id],
      ['dois.txt', b.id],
      ['tres.txt', hidden.id],
    ]) {
      const idArquivo = await uploadFile(as.montadora, base, nome, Buffer.from(nome));
      const r = await q(
        'montadora',
        'mutation ($a: [ArquivoBibliotecaInput!]!) { uploadArquivos(arquivos: $a) { id } }',
        { a: [{ idArquivo, idPastaPai: pasta }] },
      );
      placed.push(r.data.uploadArquivos[0].id);
    }

    expect((await counts('montadora', [top.id])).data.contagemConteudoBiblioteca).toEqual({ arquivos: 3, pastas: 3 });
    // A reader counts only what they may read: "Oculta" and its file are not theirs to know.
    expect((await counts('dealer', [top.id])).data.contagemConteudoBiblioteca).toEqual({ arquivos: 2, pastas: 2 });
    // An item and a folder inside it: each descendant once, the selected items themselves not.
    expect((await counts('montadora', [top.id, b.id, placed[0]])).data.contagemConteudoBiblioteca).toEqual({
      arquivos: 2,
      pastas: 2,
    });
    expect((await counts('montadora', [placed[1]])).data.contagemConteudoBiblioteca).toEqual({
      arquivos: 0,
      pastas: 0,
    });
  });

  it('counting an item the viewer cannot read answers NOT_FOUND, with no data', async () => {
    const hidden = (await createFolder('montadora', { nome: 'Só Litoral', idsGrupoAcesso: [group['Rede Litoral']] }))
      .data.criarNovaPasta;
    const denied = await counts('dealer', [hidden.id]);
    expect(code(denied)).toBe('NOT_FOUND');
    expect(denied.data).toBeNull();
    expect(code(await counts('dealer', ['not-a-uuid']))).toBe('NOT_FOUND');
    expect((await counts('dealer2', [hidden.id])).data.contagemConteudoBiblioteca).toEqual({ arquivos: 0, pastas: 0 });
  });

  it('keeps every folder count exact after all of the above (pasta_contagem against a recount)', async () => {
    await expectFolderCountsExact(portal);
  });
});
