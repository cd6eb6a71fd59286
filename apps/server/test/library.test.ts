import { LIBRARY_ROOT_ID } from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditoria } from '../src/modules/audit/audit.tables.js';
import { folderPage } from '../src/modules/library/library.queries.js';
import { itemBiblioteca } from '../src/modules/library/library.tables.js';
import { userGroupIdsOf } from '../src/modules/users/users.queries.js';
import { openDatabase } from '../src/platform/db.js';
import { DEMO_PASSWORD } from '../src/seed/demo.js';
import { type CookieClient, gql, signIn, uploadFile } from './browserless.js';
import { onPostgres, startTestPortal, statementsDuring, type TestPortal } from './harness.js';
import { expectFolderCountsExact } from './library-counts.js';

// The virtual library through its API (docs/domains/library.md, issue 4): folders and files shared by user
// group, managers (PORTAL_GERENCIAR_BIBLIOTECA) and readers, and everything a reader without a
// group must not learn (docs/domains/permissions.md#hidden-looks-like-missing).

const code = (r: { errors?: Array<{ extensions: Record<string, any> }> }) => r.errors?.[0]?.extensions.code;
const ITEM =
  'id nome pasta pastaPai { id nome } breadcrumb { id nome } permissoesAcessoUsuarioLogado { id } viewerCan { renomear mover excluir concederAcesso baixar } arquivoLink arquivoMiniaturaLink arquivoImagem tamanho proprietario { email } permissoes { grupoUsuarios { nome } permissaoAcessoPasta { id } }';
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj\n<< /Type /Catalog >>\nendobj\n%%EOF\n`);

describe('library', () => {
  let portal: TestPortal;
  let base: string;
  const as: Record<string, CookieClient> = {};
  const group: Record<string, string> = {};
  let png: Buffer;

  const q = (who: string, query: string, variables?: Record<string, unknown>) => gql(as[who], base, query, variables);
  const createFolder = async (who: string, novaPasta: Record<string, unknown>) =>
    q(who, `mutation ($p: NovaPastaInput!) { criarNovaPasta(novaPasta: $p) { ${ITEM} } }`, { p: novaPasta });
  const place = async (who: string, arquivos: Record<string, unknown>[]) =>
    q(who, `mutation ($a: [ArquivoBibliotecaInput!]!) { uploadArquivos(arquivos: $a) { ${ITEM} } }`, { a: arquivos });
  const list = async (who: string, idPasta: string | null = null) =>
    q(who, `query ($id: ID) { itemsPorPasta(idPasta: $id) { ${ITEM} } }`, { id: idPasta });
  const names = async (who: string, idPasta: string | null = null) =>
    ((await list(who, idPasta)).data?.itemsPorPasta ?? []).map((i: { nome: string }) => i.nome);

  beforeAll(async () => {
    portal = await startTestPortal();
    base = portal.baseUrl;
    for (const who of ['admin', 'montadora', 'aprovador', 'dealer', 'dealer2']) {
      as[who] = (await signIn(base, `${who}@portal.demo`, DEMO_PASSWORD)).client;
    }
    const groups = (await q('montadora', '{ gruposUsuariosAtivos { id nome } }')).data.gruposUsuariosAtivos;
    for (const g of groups) group[g.nome] = g.id;
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0277bd' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => {
    await portal?.stop();
  });

  describe('a folder for one user group', () => {
    let folder: any;
    let files: any[];

    beforeAll(async () => {
      const created = await createFolder('montadora', {
        nome: 'Campanhas 2026',
        idPai: null,
        tiposAcesso: [{ idGrupoAcesso: group['Rede Horizonte'], permissao: 'LEITURA' }],
      });
      expect(created.errors).toBeUndefined();
      folder = created.data.criarNovaPasta;
      const uploads = [
        await uploadFile(as.montadora, base, 'Relatório março.pdf', pdf('a')),
        await uploadFile(as.montadora, base, 'foto.png', png),
        await uploadFile(as.montadora, base, 'notas_100%.txt', Buffer.from('linha 1\nlinha 2\n')),
      ];
      const placed = await place(
        'montadora',
        uploads.map((idArquivo) => ({ idArquivo, idPastaPai: folder.id })),
      );
      expect(placed.errors).toBeUndefined();
      files = placed.data.uploadArquivos;
    });

    it('is created in the root with its group, owned and audited', async () => {
      expect(folder).toMatchObject({
        nome: 'Campanhas 2026',
        pasta: true,
        pastaPai: { id: LIBRARY_ROOT_ID, nome: 'Biblioteca' },
        breadcrumb: [],
        proprietario: { email: 'montadora@portal.demo' },
        permissoes: [{ grupoUsuarios: { nome: 'Rede Horizonte' }, permissaoAcessoPasta: { id: 'LEITURA' } }],
        viewerCan: { renomear: true, mover: true, excluir: true, concederAcesso: true, baixar: false },
        arquivoLink: null,
      });
      expect(files.map((f) => f.nome)).toEqual(['Relatório março.pdf', 'foto.png', 'notas_100%.txt']);
      expect(files[1]).toMatchObject({ arquivoImagem: true, tamanho: png.length });
      expect(files[1].arquivoMiniaturaLink).toMatch(/^\/api\/files\/.+\/thumbnail\?/);
      expect(files[0]).toMatchObject({ arquivoImagem: false, arquivoMiniaturaLink: null });
      expect(files[0].breadcrumb).toEqual([{ id: folder.id, nome: 'Campanhas 2026' }]);
      const audit = await portal.services.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.entidade, 'item_biblioteca'), eq(auditoria.entidadeId, folder.id)));
      expect(audit.map((a) => a.acao)).toEqual(['criar']);
    });

    it('a member of the group reads it and downloads, but may not write', async () => {
      expect(await names('dealer')).toContain('Campanhas 2026');
      const inside = (await list('dealer', folder.id)).data.itemsPorPasta;
      expect(inside.map((i: any) => i.nome)).toEqual(['foto.png', 'notas_100%.txt', 'Relatório março.pdf']);
      const report = inside.find((i: any) => i.nome === 'Relatório março.pdf');
      expect(report.permissoesAcessoUsuarioLogado).toEqual([{ id: 'LEITURA' }]);
      expect(report.viewerCan).toEqual({
        renomear: false,
        mover: false,
        excluir: false,
        concederAcesso: false,
        baixar: true,
      });

      const link = (await q('dealer', `mutation { gerarLinkDownloadByItemBiblioteca(id: "${report.id}") }`)).data
        .gerarLinkDownloadByItemBiblioteca;
      const download = await as.dealer.fetch(`${base}${link}`);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toContain("filename*=UTF-8''Relat%C3%B3rio%20mar%C3%A7o.pdf");
      expect(Buffer.from(await download.arrayBuffer())).toEqual(pdf('a'));
      const downloads = await portal.services.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.entidadeId, report.id), eq(auditoria.acao, 'baixar')));
      expect(downloads).toHaveLength(1);
      expect(downloads[0]).toMatchObject({ entidade: 'item_biblioteca', depois: { nome: 'Relatório março.pdf' } });

      const rename = await q(
        'dealer',
        `mutation { renomearItemBiblioteca(idItemBiblioteca: "${report.id}", novoNome: "x") { id } }`,
      );
      expect(code(rename)).toBe('FORBIDDEN');
      expect(rename.data).toBeNull();
      const del = await q('dealer', `mutation { excluirItemBiblioteca(idItem: "${report.id}") { id } }`);
      expect(code(del)).toBe('FORBIDDEN');
      const grant = await q(
        'dealer',
        `mutation { concederAcesso(novasPermissoes: { idPasta: "${folder.id}", idsGrupoAcesso: ["${group['Rede Litoral']}"] }) { id } }`,
      );
      expect(code(grant)).toBe('FORBIDDEN');
    });

    it('a user of another group learns nothing of it, not even by id', async () => {
      expect(await names('dealer2')).not.toContain('Campanhas 2026');
      const report = files[0];
      const missing = '00000000-0000-4000-8000-000000000000';
      for (const [query, id] of [
        ['query ($id: ID!) { pasta(idPasta: $id) { id nome } }', folder.id],
        ['query ($id: ID) { itemsPorPasta(idPasta: $id) { id } }', folder.id],
        ['query ($id: ID) { itemsPorPastaPaged(idPasta: $id) { totalElements } }', folder.id],
        ['query ($id: ID!) { arquivo(idArquivo: $id) { id nome } }', report.id],
        ['query ($id: ID!) { linkDownloadByArquivo(idArquivo: $id) }', report.id],
        ['mutation ($id: ID!) { gerarLinkDownloadByItemBiblioteca(id: $id) }', report.id],
        ['mutation ($id: ID!) { renomearItemBiblioteca(idItemBiblioteca: $id, novoNome: "x") { id } }', report.id],
        ['mutation ($id: ID!) { excluirItemBiblioteca(idItem: $id) { id } }', report.id],
        ['mutation ($id: ID!) { excluirItem(idItem: $id) { id } }', folder.id],
        [
          'mutation ($id: ID!) { concederAcesso(novasPermissoes: { idPasta: $id, idsGrupoAcesso: [] }) { id } }',
          folder.id,
        ],
      ] as const) {
        const denied = await q('dealer2', query, { id });
        const unknown = await q('dealer2', query, { id: missing });
        expect(code(denied), query).toBe('NOT_FOUND');
        expect(denied.data, query).toBeNull();
        // Exactly like a missing id: same code, same message.
        expect(denied.errors?.[0]?.message).toBe(unknown.errors?.[0]?.message);
      }
      const search = await q(
        'dealer2',
        '{ buscaBibliotecaPaged(filterInput: { busca: "relatorio" }) { totalElements content { id } } }',
      );
      expect(search.data.buscaBibliotecaPaged).toEqual({ totalElements: 0, content: [] });
      expect((await q('dealer2', '{ buscaBiblioteca(texto: "foto") { id } }')).data.buscaBiblioteca).toEqual([]);
      expect((await q('dealer2', '{ ultimosModificados(limite: 50) { id } }')).data.ultimosModificados).toEqual([]);
    });

    it('search ignores case and accents, pages, and treats wildcards literally', async () => {
      const search = async (who: string, busca: string, page = 0, rowsPerPage = 5) =>
        (
          await q(
            who,
            'query ($f: FiltroBibliotecaInput!) { buscaBibliotecaPaged(filterInput: $f) { totalElements content { nome breadcrumb { nome } } } }',
            { f: { busca, page, rowsPerPage } },
          )
        ).data.buscaBibliotecaPaged;
      expect(await search('dealer', 'RELATORIO MAR')).toEqual({
        totalElements: 1,
        content: [{ nome: 'Relatório março.pdf', breadcrumb: [{ nome: 'Campanhas 2026' }] }],
      });
      expect((await search('dealer', '100%')).content.map((c: any) => c.nome)).toEqual(['notas_100%.txt']);
      expect((await search('dealer', 's_1')).totalElements).toBe(1);
      expect((await search('dealer', '%')).totalElements).toBe(1);
      const page = await search('dealer', 'o', 1, 5);
      expect(page).toEqual({ totalElements: 3, content: [] });
      const bad = await q(
        'dealer',
        '{ buscaBibliotecaPaged(filterInput: { busca: "a", rowsPerPage: 7 }) { totalElements } }',
      );
      expect(code(bad)).toBe('BAD_USER_INPUT');
    });

    it('a renamed file downloads under its new name, which the link signs', async () => {
      const txt = files[2];
      const renamed = await q(
        'montadora',
        `mutation { renomearItem(idItemBiblioteca: "${txt.id}", novoNome: "Notas finais.txt") { nome } }`,
      );
      expect(renamed.data.renomearItem.nome).toBe('Notas finais.txt');
      const link = (await q('dealer', `{ linkDownloadByArquivo(idArquivo: "${txt.id}") }`)).data.linkDownloadByArquivo;
      const res = await as.dealer.fetch(`${base}${link}`);
      expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''Notas%20finais.txt");
      const forged = link.replace(/n=[^&]+/, `n=${encodeURIComponent('outro.exe')}`);
      expect((await as.dealer.fetch(`${base}${forged}`)).status).toBe(404);
    });

    it('granting a second group lets its members in; removing it shuts them out again', async () => {
      const grant = async (groups: string[]) =>
        q(
          'montadora',
          'mutation ($p: NovasPermissoesInput!) { concederAcesso(novasPermissoes: $p) { permissoes { grupoUsuarios { nome } } } }',
          {
            p: { idPasta: folder.id, idsGrupoAcesso: groups },
          },
        );
      const granted = await grant([group['Rede Horizonte'], group['Rede Litoral']]);
      expect(granted.data.concederAcesso.permissoes.map((p: any) => p.grupoUsuarios.nome)).toEqual([
        'Rede Horizonte',
        'Rede Litoral',
      ]);
      expect(await names('dealer2', folder.id)).toHaveLength(3);
      await grant([group['Rede Horizonte']]);
      expect(code(await list('dealer2', folder.id))).toBe('NOT_FOUND');
      const empty = await grant([]);
      expect(code(empty)).toBe('BAD_USER_INPUT');
      expect(empty.errors?.[0]?.message).toBe(
        'Uma pasta na raiz da biblioteca precisa de ao menos um grupo com acesso.',
      );
    });
  });

  describe('rules', () => {
    it('a folder in the root needs a group; names are required, and stored safely', async () => {
      const none = await createFolder('montadora', { nome: 'Sem grupo', idPai: LIBRARY_ROOT_ID });
      expect(code(none)).toBe('BAD_USER_INPUT');
      expect(none.errors?.[0]?.extensions.fields).toEqual({ idsGrupoAcesso: 'library.groupRequiredInRoot' });
      const blank = await createFolder('montadora', { nome: '  ', idsGrupoAcesso: [group['Pós-venda']] });
      expect(blank.errors?.[0]?.extensions.fields).toEqual({ nome: 'library.nameRequired' });
      const hostile = await createFolder('montadora', {
        nome: '../\u202Eetc',
        idsGrupoAcesso: [group['Pós-venda']],
      });
      expect(hostile.data.criarNovaPasta.nome).toBe('.._etc');
      // NUL is no text at all: refused before any resolver (issue 10).
      const nul = await createFolder('montadora', { nome: 'etc\u0000', idsGrupoAcesso: [group['Pós-venda']] });
      expect(nul.errors?.[0]?.extensions.fields).toEqual({ nome: 'validation.invalidText' });
      const unknownGroup = await createFolder('montadora', { nome: 'X', idsGrupoAcesso: ['nope'] });
      expect(unknownGroup.errors?.[0]?.extensions.fields).toEqual({ idsGrupoAcesso: 'validation.invalid' });
    });

    it('create, upload and move need PORTAL_GERENCIAR_BIBLIOTECA', async () => {
      const create = await createFolder('dealer', { nome: 'Minha', idsGrupoAcesso: [group['Rede Horizonte']] });
      expect(code(create)).toBe('FORBIDDEN');
      expect(create.data).toBeNull();
      const moved = await q(
        'dealer',
        `mutation { moverItemBiblioteca(idItemBiblioteca: "${LIBRARY_ROOT_ID}", idNovaLocalizacao: "${LIBRARY_ROOT_ID}") { id } }`,
      );
      expect(code(moved)).toBe('FORBIDDEN');
      const upload = await uploadFile(as.dealer, base, 'x.pdf', pdf('x'));
      const placed = await place('dealer', [{ idArquivo: upload, idPastaPai: LIBRARY_ROOT_ID }]);
      expect(code(placed)).toBe('FORBIDDEN');
    });

    it("uploads go into writable folders only, and only the uploader's own", async () => {
      const folder = (await createFolder('montadora', { nome: 'Uploads', idsGrupoAcesso: [group['Pós-venda']] })).data
        .criarNovaPasta;
      const mine = await uploadFile(as.montadora, base, 'a.pdf', pdf('a'));
      const toRoot = await place('montadora', [{ idArquivo: mine, idPastaPai: LIBRARY_ROOT_ID }]);
      expect(toRoot.errors?.[0]?.extensions.fields).toEqual({ idPastaPai: 'library.invalidDestination' });
      const others = await uploadFile(as.admin, base, 'b.pdf', pdf('b'));
      expect(code(await place('montadora', [{ idArquivo: others, idPastaPai: folder.id }]))).toBe('NOT_FOUND');
      const ok = await place('montadora', [{ idArquivo: mine, idPastaPai: folder.id, nome: 'Renomeado.pdf' }]);
      expect(ok.data.uploadArquivos[0].nome).toBe('Renomeado.pdf');
      // The upload and its placing are audited with the item, in their own transactions.
      const uploadAudit = await portal.services.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.entidade, 'arquivo'), eq(auditoria.entidadeId, mine)));
      expect(uploadAudit.map((a) => a.acao).sort()).toEqual(['colocar', 'criar']);
      // Placed once: a second placement answers as a missing id does.
      const again = await place('montadora', [{ idArquivo: mine, idPastaPai: folder.id }]);
      expect(code(again)).toBe('NOT_FOUND');
    });

    it('moves keep paths and inherited groups right; never into itself or below itself', async () => {
      const top = (await createFolder('montadora', { nome: 'Topo', idsGrupoAcesso: [group['Rede Horizonte']] })).data
        .criarNovaPasta;
      const child = (await createFolder('montadora', { nome: 'Filha', idPai: top.id })).data.criarNovaPasta;
      const grandchild = (await createFolder('montadora', { nome: 'Neta', idPai: child.id })).data.criarNovaPasta;
      const other = (await createFolder('montadora', { nome: 'Outra', idsGrupoAcesso: [group['Rede Litoral']] })).data
        .criarNovaPasta;
      expect(child.permissoes.map((p: any) => p.grupoUsuarios.nome)).toEqual(['Rede Horizonte']);
      expect(grandchild.breadcrumb.map((b: any) => b.nome)).toEqual(['Topo', 'Filha']);

      const move = (id: string, dest: string) =>
        q(
          'montadora',
          `mutation { moverItemBiblioteca(idItemBiblioteca: "${id}", idNovaLocalizacao: "${dest}") { id nome breadcrumb { nome } permissoes { grupoUsuarios { nome } } } }`,
        );
      for (const dest of [child.id, grandchild.id]) {
        const bad = await move(child.id, dest);
        expect(bad.errors?.[0]?.extensions.fields).toEqual({ idNovaLocalizacao: 'library.invalidDestination' });
      }
      const toRoot = await move(child.id, LIBRARY_ROOT_ID);
      expect(toRoot.errors?.[0]?.extensions.fields).toEqual({ idNovaLocalizacao: 'library.groupRequiredInRoot' });

      const moved = await move(child.id, other.id);
      expect(moved.errors).toBeUndefined();
      expect(moved.data.moverItemBiblioteca.breadcrumb.map((b: any) => b.nome)).toEqual(['Outra']);
      const neta = (
        await q(
          'montadora',
          `{ pasta(idPasta: "${grandchild.id}") { breadcrumb { nome } permissoes { grupoUsuarios { nome } } } }`,
        )
      ).data.pasta;
      expect(neta).toEqual({
        breadcrumb: [{ nome: 'Outra' }, { nome: 'Filha' }],
        permissoes: [{ grupoUsuarios: { nome: 'Rede Litoral' } }],
      });
      // The groups follow: dealer (Rede Horizonte) lost the moved subtree, dealer2 (Rede Litoral) got it.
      expect(code(await list('dealer', grandchild.id))).toBe('NOT_FOUND');
      expect(await names('dealer2', child.id)).toEqual(['Neta']);
      const [row] = await portal.services.db.select().from(itemBiblioteca).where(eq(itemBiblioteca.id, grandchild.id));
      expect(row.caminho).toEqual([other.id, child.id]);
    });

    it('a sub-folder with its own groups shows to its readers without naming the folders above', async () => {
      const top = (await createFolder('montadora', { nome: 'Diretoria', idsGrupoAcesso: [group['Pós-venda']] })).data
        .criarNovaPasta;
      const shared = (
        await createFolder('montadora', {
          nome: 'Compartilhada',
          idPai: top.id,
          idsGrupoAcesso: [group['Rede Litoral']],
        })
      ).data.criarNovaPasta;
      const seen = (
        await q('dealer2', `{ pasta(idPasta: "${shared.id}") { nome breadcrumb { id } pastaPai { id nome } } }`)
      ).data.pasta;
      expect(seen).toEqual({
        nome: 'Compartilhada',
        breadcrumb: [],
        pastaPai: { id: LIBRARY_ROOT_ID, nome: 'Biblioteca' },
      });
      expect(code(await list('dealer2', top.id))).toBe('NOT_FOUND');
    });

    it('delete is soft, takes the whole subtree, and is audited', async () => {
      const top = (await createFolder('montadora', { nome: 'Apagar', idsGrupoAcesso: [group['Rede Horizonte']] })).data
        .criarNovaPasta;
      const child = (await createFolder('montadora', { nome: 'Dentro', idPai: top.id })).data.criarNovaPasta;
      const del = await q(
        'montadora',
        `mutation { excluirItemBiblioteca(idItem: "${top.id}") { id pastaPai { id } } }`,
      );
      expect(del.data.excluirItemBiblioteca).toEqual({ id: top.id, pastaPai: { id: LIBRARY_ROOT_ID } });
      for (const who of ['montadora', 'dealer']) {
        expect(code(await q(who, `{ pasta(idPasta: "${child.id}") { id } }`))).toBe('NOT_FOUND');
        expect(await names(who)).not.toContain('Apagar');
      }
      const rows = await portal.services.db.select().from(itemBiblioteca).where(eq(itemBiblioteca.excluidoCom, top.id));
      expect(rows.map((r) => r.nome).sort()).toEqual(['Apagar', 'Dentro']);
      const audit = await portal.services.db
        .select()
        .from(auditoria)
        .where(and(eq(auditoria.entidadeId, top.id), eq(auditoria.acao, 'excluir')));
      expect(audit).toHaveLength(1);
    });

    it('recent files name only the folders on their path the reader may read (pastaPai, breadcrumb)', async () => {
      const hidden = (
        await createFolder('montadora', {
          nome: 'Sigilo',
          tiposAcesso: [{ idGrupoAcesso: group['Rede Litoral'], permissao: 'LEITURA' }],
        })
      ).data.criarNovaPasta;
      const open = await createFolder('montadora', {
        nome: 'Aberta',
        idPai: hidden.id,
        tiposAcesso: [{ idGrupoAcesso: group['Rede Horizonte'], permissao: 'LEITURA' }],
      });
      expect(open.errors).toBeUndefined();
      const idArquivo = await uploadFile(as.montadora, base, 'Mais recente.pdf', pdf('recente'));
      expect(
        (await place('montadora', [{ idArquivo, idPastaPai: open.data.criarNovaPasta.id }])).errors,
      ).toBeUndefined();
      const recent = async (who: string) =>
        (await q(who, '{ ultimosModificados(limite: 1) { nome pastaPai { nome } breadcrumb { nome } } }')).data
          .ultimosModificados[0];
      expect(await recent('dealer')).toEqual({
        nome: 'Mais recente.pdf',
        pastaPai: { nome: 'Aberta' },
        breadcrumb: [{ nome: 'Aberta' }],
      });
      expect(await recent('montadora')).toEqual({
        nome: 'Mais recente.pdf',
        pastaPai: { nome: 'Aberta' },
        breadcrumb: [{ nome: 'Sigilo' }, { nome: 'Aberta' }],
      });
    });

    it("/home's recent files come with the session's statement when the limit is given (decision 0060), as read alone", async () => {
      const fields = `{ ${ITEM} pastaPai { id nome } breadcrumb { id nome } }`;
      const card = `query Card($n: Int) { ultimosModificados(limite: $n) ${fields} }`;
      const readsFiles = (statement: string) =>
        (statement.includes('pastas_legiveis') || statement.includes('library_recent_files')) &&
        !statement.includes('session_with_user');
      // A group reader (the access rule by user group) and a manager (every file), as the viewer the resolver makes.
      for (const who of ['dealer', 'montadora', 'dealer2']) {
        let folded: any;
        const foldedStatements = await statementsDuring(portal, async () => {
          folded = await q(who, card, { n: 5 });
        });
        let alone: any;
        // Without the limit (the schema's default) the resolver reads them itself.
        const aloneStatements = await statementsDuring(portal, async () => {
          alone = await q(who, `{ ultimosModificados(limite: 5) ${fields} }`, undefined);
        });
        expect(folded.errors).toBeUndefined();
        expect(folded.data).toEqual(alone.data);
        expect(foldedStatements.filter(readsFiles)).toEqual([]);
        expect(aloneStatements.filter(readsFiles)).toEqual([]);
        const unfolded = await statementsDuring(portal, async () => {
          expect((await q(who, `{ ultimosModificados ${fields} }`)).data.ultimosModificados).toEqual(
            folded.data.ultimosModificados.slice(0, 3),
          );
        });
        expect(unfolded.filter(readsFiles)).toHaveLength(1);
      }
      expect((await q('dealer', card, { n: 5 })).data.ultimosModificados.length).toBeGreaterThan(0);
      expect((await q('montadora', card, { n: 51 })).errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
    });

    it('writable folders, recent files, the root page and paging', async () => {
      const writable = (await q('dealer', '{ pastasComPermissaoEscrita { id } }')).data.pastasComPermissaoEscrita;
      expect(writable).toEqual([]);
      const managerWritable = (await q('montadora', '{ pastasComPermissaoEscrita { nome } }')).data
        .pastasComPermissaoEscrita;
      expect(managerWritable.length).toBeGreaterThan(3);
      const recent = (await q('dealer', '{ ultimosModificados { nome } }')).data.ultimosModificados;
      expect(recent.length).toBeLessThanOrEqual(3);
      const root = (
        await q(
          'dealer',
          `{ pasta(idPasta: "${LIBRARY_ROOT_ID}") { id nome breadcrumb { id } viewerCan { renomear } } }`,
        )
      ).data.pasta;
      expect(root).toEqual({ id: LIBRARY_ROOT_ID, nome: 'Biblioteca', breadcrumb: [], viewerCan: { renomear: false } });
      const page = (
        await q('montadora', '{ itemsPorPastaPaged(page: 0, rowsPerPage: 5) { totalElements content { nome pasta } } }')
      ).data.itemsPorPastaPaged;
      expect(page.content).toHaveLength(5);
      expect(page.totalElements).toBeGreaterThan(5);
      expect(code(await q('montadora', '{ itemsPorPastaPaged(rowsPerPage: 7) { totalElements } }'))).toBe(
        'BAD_USER_INPUT',
      );
    });
  });

  describe("a folder's page: its rows, count and the folder's own check in one statement (issue 21 point 7)", () => {
    const PAGE = `query ($id: ID, $page: Int, $rows: Int) { itemsPorPastaPaged(idPasta: $id, page: $page, rowsPerPage: $rows) {
      totalElements content { id nome pastaPai { id nome } breadcrumb { id nome } } } }`;
    let outer: any;
    let inner: any;

    beforeAll(async () => {
      outer = (
        await createFolder('montadora', {
          nome: 'Pasta externa',
          idPai: null,
          tiposAcesso: [{ idGrupoAcesso: group['Rede Horizonte'], permissao: 'LEITURA' }],
        })
      ).data.criarNovaPasta;
      // A folder inside, shared with another group only: its readers may not read the folder around it.
      inner = (
        await createFolder('montadora', {
          nome: 'Pasta interna',
          idPai: outer.id,
          tiposAcesso: [{ idGrupoAcesso: group['Rede Litoral'], permissao: 'LEITURA' }],
        })
      ).data.criarNovaPasta;
      const uploads = [];
      for (const n of [1, 2, 3]) uploads.push(await uploadFile(as.montadora, base, `Página ${n}.pdf`, pdf(`p${n}`)));
      const placed = await place(
        'montadora',
        uploads.map((idArquivo) => ({ idArquivo, idPastaPai: outer.id })),
      );
      expect(placed.errors).toBeUndefined();
    });

    it('gives the rows with their count, pastaPai and breadcrumb', async () => {
      const page = (await q('dealer', PAGE, { id: outer.id, page: 0, rows: 5 })).data.itemsPorPastaPaged;
      expect(page.totalElements).toBe(3);
      expect(page.content.map((i: { nome: string }) => i.nome)).toEqual([
        'Página 1.pdf',
        'Página 2.pdf',
        'Página 3.pdf',
      ]);
      for (const item of page.content) {
        expect(item.pastaPai).toEqual({ id: outer.id, nome: 'Pasta externa' });
        expect(item.breadcrumb).toEqual([{ id: outer.id, nome: 'Pasta externa' }]);
      }
      const manager = (await q('montadora', PAGE, { id: outer.id, page: 0, rows: 5 })).data.itemsPorPastaPaged;
      expect(manager.totalElements).toBe(4);
      expect(manager.content[0].nome).toBe('Pasta interna');
    });

    it('counts a page past the end, and an empty folder', async () => {
      const past = await q('dealer', PAGE, { id: outer.id, page: 3, rows: 5 });
      expect(past.data.itemsPorPastaPaged).toEqual({ totalElements: 3, content: [] });
      const empty = await q('dealer2', PAGE, { id: inner.id, page: 0, rows: 5 });
      expect(empty.data.itemsPorPastaPaged).toEqual({ totalElements: 0, content: [] });
    });

    it('refuses a folder its reader may not read even when an item of its page is readable', async () => {
      // dealer2 reads "Pasta interna" (the first row of the outer folder's page) but not the outer folder.
      expect(
        (await q('dealer2', '{ itemsPorPasta { nome } }')).data.itemsPorPasta.map((i: any) => i.nome),
      ).not.toContain('Pasta externa');
      expect(code(await q('dealer2', PAGE, { id: outer.id, page: 0, rows: 5 }))).toBe('NOT_FOUND');
    });

    it('refuses a file, an unknown id and a malformed one as it refuses an unreadable folder', async () => {
      const file = (await q('dealer', PAGE, { id: outer.id, page: 0, rows: 5 })).data.itemsPorPastaPaged.content[0];
      for (const id of [file.id, '00000000-0000-4000-8000-000000000000', 'not-an-id'])
        expect(code(await q('dealer', PAGE, { id, page: 0, rows: 5 })), id).toBe('NOT_FOUND');
    });

    it.runIf(onPostgres)(
      'serves a folder page from one prepared statement with a generic plan (PostgreSQL)',
      async () => {
        // One connection, so pg_prepared_statements (per connection) sees what the page statements left.
        const database = await openDatabase({ databaseUrl: portal.services.database.connectionString, poolSize: 1 });
        try {
          const [{ id: dealerId }] = (
            await database.pool!.query(`SELECT id FROM usuario WHERE email = 'dealer@portal.demo'`)
          ).rows;
          const viewer = {
            id: dealerId,
            chaves: [],
            manager: false,
            groupIds: await userGroupIdsOf(database.db, dealerId),
          };
          for (let n = 0; n < 8; n++) {
            const found = await folderPage(database, viewer, outer.id, { page: n % 2, rowsPerPage: 5 });
            expect(found?.totalElements).toBe(3);
          }
          const { rows } = await database.pool!.query(
            `SELECT name, generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE name LIKE 'library_folder_page%'`,
          );
          // Planned at most the 5 times PostgreSQL compares before it keeps its generic plan; then reused.
          expect(rows).toEqual([
            {
              name: 'library_folder_page_reader_folder_5',
              generic_plans: expect.any(Number),
              custom_plans: expect.any(Number),
            },
          ]);
          expect(rows[0].generic_plans).toBeGreaterThanOrEqual(3);
        } finally {
          await database.close();
        }
      },
    );

    // The search is one statement too (hits, count, details, permissions, folders' names): each hit as the folder's
    // page gives it, for a group reader, a manager, a reader of the inner folder only, past the end and without access.
    const SEARCH = `query ($f: FiltroBibliotecaInput!) { buscaBibliotecaPaged(filterInput: $f) { totalElements content { ${ITEM} } } }`;
    const FULL_PAGE = `query ($id: ID) { itemsPorPastaPaged(idPasta: $id, page: 0, rowsPerPage: 100) { content { ${ITEM} } } }`;
    // Signed links carry their expiry: compared without it.
    const unsigned = (items: any[]) => items.map((i) => ({ ...i, arquivoLink: i.arquivoLink?.split('?')[0] ?? null }));
    const search = async (who: string, busca: string, page = 0, rowsPerPage = 15) => {
      const found = (await q(who, SEARCH, { f: { busca, page, rowsPerPage } })).data.buscaBibliotecaPaged;
      return { ...found, content: unsigned(found.content) };
    };

    it('searches in one statement: each hit as the folder page shows it, accents and case ignored', async () => {
      const pageItems = unsigned((await q('dealer', FULL_PAGE, { id: outer.id })).data.itemsPorPastaPaged.content);
      const found = await search('dealer', 'PAGINA');
      expect(found.totalElements).toBe(3);
      expect(found.content).toEqual(pageItems.filter((i: { pasta: boolean }) => !i.pasta));
      expect(found.content[0].permissoes).toEqual([
        { grupoUsuarios: { nome: 'Rede Horizonte' }, permissaoAcessoPasta: { id: 'LEITURA' } },
      ]);
      // A page past the end still counts.
      expect(await search('dealer', 'pagina', 1, 5)).toEqual({ totalElements: 3, content: [] });
      // The manager finds the folders too, each as its own folder's page shows it.
      const managerPage = unsigned((await q('montadora', FULL_PAGE, { id: outer.id })).data.itemsPorPastaPaged.content);
      const managerHit = await search('montadora', 'pasta interna');
      expect(managerHit.content).toEqual(managerPage.filter((i: { nome: string }) => i.nome === 'Pasta interna'));
      expect(managerHit.content[0].breadcrumb).toEqual([{ id: outer.id, nome: 'Pasta externa' }]);
    });

    it('searches in one statement: a reader of the inner folder only finds it without the folder around it', async () => {
      expect(await search('dealer2', 'página')).toEqual({ totalElements: 0, content: [] });
      expect(await search('dealer2', 'externa')).toEqual({ totalElements: 0, content: [] });
      const inner = await search('dealer2', 'interna');
      expect(inner.totalElements).toBe(1);
      expect(inner.content[0]).toMatchObject({
        nome: 'Pasta interna',
        breadcrumb: [],
        pastaPai: { id: LIBRARY_ROOT_ID },
        permissoes: [{ grupoUsuarios: { nome: 'Rede Litoral' }, permissaoAcessoPasta: { id: 'LEITURA' } }],
      });
    });
  });

  it('keeps every folder count exact after all of the above (pasta_contagem against a recount)', async () => {
    await expectFolderCountsExact(portal);
  });
});
