import {
  arquivosComMesmoNomeSchema,
  isLibraryRoot,
  LIBRARY_PAGE_SIZES,
  LIBRARY_ROOT_ID,
  normaliseLibraryName,
  type PermissaoAcesso,
  viewerCan as viewerCanRule,
} from '@portal/domain';
import { t } from '@portal/i18n';
import type { Resolvers } from '../../generated/graphql.js';
import { actionContext, limitArg, pageArgs, parseInput } from '../../platform/actions.js';
import { badInput, notFound } from '../../platform/errors.js';
import { type GraphQLContext, preloaded, requireUser } from '../../platform/graphql/context.js';
import type { ModuleGuards } from '../../platform/graphql/guards.js';
import { registerFileAccess } from '../files/files.access.js';
import { signDownloadLink, signThumbnailLink } from '../files/files.service.js';
import { parseExcerpt } from '../files/files.text.js';
import { previousSignInOf, viewerGroupIds } from '../users/users.queries.js';
import {
  canReadLibraryUpload,
  countContents,
  countVisible,
  type FolderPageRow,
  findVisibleFile,
  findVisibleItem,
  folderPage,
  type ItemRow,
  type LibraryViewerContext,
  libraryViewer,
  listBin,
  listDestinations,
  listFolderItems,
  listRecentFiles,
  listVersions,
  listWritableFolders,
  permissionsOf,
  RECENT_FILES_LIMIT,
  type RecentFileRow,
  readableFolderNamesInBin,
  type SearchRow,
  searchItems,
  takenFileNames,
  visibleFolderNames,
} from './library.queries.js';
import {
  createFolder,
  deleteItem,
  emptyBin,
  grantAccess,
  issueDownloadLink,
  issueVersionDownloadLink,
  moveItem,
  placeUploads,
  renameItem,
  replaceFile,
  restoreItem,
  restoreVersion,
} from './library.service.js';

/** How long a download or thumbnail link handed out with an item stays valid. */
const LINK_TTL_SECONDS = 15 * 60;
const MANAGE = { keys: ['PORTAL_GERENCIAR_BIBLIOTECA'] } as const;

// A library file downloads for whoever may read its item at that moment (decision 0009).
registerFileAccess('LIBRARY', async (services, user, arquivoId) =>
  canReadLibraryUpload(services.db, await libraryViewer(services.db, user), arquivoId),
);

export const guards: ModuleGuards = {
  Query: {
    pasta: 'authenticated',
    itemsPorPasta: 'authenticated',
    itemsPorPastaPaged: 'authenticated',
    arquivo: 'authenticated',
    linkDownloadByArquivo: 'authenticated',
    buscaBiblioteca: 'authenticated',
    buscaBibliotecaPaged: 'authenticated',
    pastasComPermissaoEscrita: 'authenticated',
    arquivosComMesmoNome: MANAGE,
    pastasDestino: 'authenticated',
    contagemConteudoBiblioteca: 'authenticated',
    ultimosModificados: 'authenticated',
    lixeiraBiblioteca: 'authenticated',
    versoesItemBiblioteca: 'authenticated',
  },
  Mutation: {
    excluirItemBiblioteca: 'authenticated',
    excluirItem: 'authenticated',
    gerarLinkDownloadByItemBiblioteca: 'authenticated',
    renomearItemBiblioteca: 'authenticated',
    renomearItem: 'authenticated',
    uploadArquivos: MANAGE,
    concederAcesso: 'authenticated',
    moverItemBiblioteca: MANAGE,
    criarNovaPasta: MANAGE,
    restaurarItemBiblioteca: 'authenticated',
    esvaziarLixeiraBiblioteca: 'authenticated',
    substituirArquivoBiblioteca: MANAGE,
    restaurarVersaoItemBiblioteca: 'authenticated',
    gerarLinkDownloadVersaoBiblioteca: 'authenticated',
  },
};

// The viewer (keys and user groups) is loaded once per request.
const viewers = new WeakMap<object, Promise<LibraryViewerContext>>();
function viewerOf(ctx: GraphQLContext): Promise<LibraryViewerContext> {
  let viewer = viewers.get(ctx);
  if (!viewer) {
    viewer = libraryViewer(ctx.services.db, requireUser(ctx), () => viewerGroupIds(ctx));
    viewers.set(ctx, viewer);
  }
  return viewer;
}

const rootItem = (ctx: GraphQLContext): ItemRow => ({
  id: LIBRARY_ROOT_ID,
  nome: t(ctx.locale, 'libraryApi.root'),
  pasta: true,
  pasta_pai_id: null,
  caminho: [],
  acl_item_id: null,
  arquivo_id: null,
  arquivo_imagem: null,
  arquivo_tamanho: null,
  arquivo_miniatura: null,
  proprietario_id: null,
  proprietario_nome: null,
  proprietario_email: null,
  data_criacao: new Date(0),
  ultima_modificacao: new Date(0),
  acesso: ['LEITURA'],
});

const BIN_PAGE_SIZES = [10, 5, 15, 25, 50] as const;

const FOLDER_PAGE_SIZES = [100, 5, 10, 15, 20, 25, 50, 200, 500] as const;

const folderIdOf = (idPasta: string | null | undefined) => (isLibraryRoot(idPasta) ? null : (idPasta as string));

/** The folder to list: the root, or a readable folder (else NOT_FOUND). */
async function readableFolder(ctx: GraphQLContext, idPasta: string | null | undefined) {
  const viewer = await viewerOf(ctx);
  const folderId = folderIdOf(idPasta);
  if (folderId) {
    const folder = await findVisibleItem(ctx.services.db, viewer, folderId);
    if (!folder?.pasta) throw notFound();
  }
  return { viewer, folderId };
}

async function itemById(ctx: GraphQLContext, id: string): Promise<ItemRow> {
  const row = await findVisibleItem(ctx.services.db, await viewerOf(ctx), id);
  if (!row) throw notFound();
  return row;
}

const downloadLink = (ctx: GraphQLContext, idArquivo: string): Promise<string> =>
  issueDownloadLink(actionContext(ctx), { idItemBiblioteca: idArquivo, ttlSeconds: LINK_TTL_SECONDS });

const accessDescription = (ctx: GraphQLContext, id: PermissaoAcesso) => ({
  id,
  description: t(ctx.locale, `libraryApi.${id}`),
});

/** The viewer's previous sign-in, read once per request (every item of a page asks for it). */
const previousSignIns = new WeakMap<GraphQLContext, Promise<Date | null>>();
function previousSignIn(ctx: GraphQLContext): Promise<Date | null> {
  let at = previousSignIns.get(ctx);
  if (!at) {
    at = previousSignInOf(ctx.services.db, requireUser(ctx).id);
    previousSignIns.set(ctx, at);
  }
  return at;
}

export const resolvers: Resolvers = {
  Query: {
    pasta: async (_, { idPasta }, ctx) => {
      if (isLibraryRoot(idPasta)) return rootItem(ctx);
      const row = await itemById(ctx, idPasta);
      if (!row.pasta) throw notFound();
      return row;
    },
    itemsPorPasta: async (_, { idPasta }, ctx) => {
      const { viewer, folderId } = await readableFolder(ctx, idPasta);
      return listFolderItems(ctx.services.db, viewer, folderId);
    },
    itemsPorPastaPaged: async (_, args, ctx) => {
      const page = pageArgs(args, FOLDER_PAGE_SIZES);
      const viewer = await viewerOf(ctx);
      const folderId = folderIdOf(args.idPasta);
      // The folder's check and count ride with the page: one statement.
      const found = await folderPage(ctx.services.database, viewer, folderId, page);
      if (!found) throw notFound();
      rememberFolderNames(ctx, found.folderNames.ids, found.folderNames.names);
      return { content: found.content, totalElements: found.totalElements };
    },
    arquivo: async (_, { idArquivo }, ctx) => {
      const row = await findVisibleFile(ctx.services.db, await viewerOf(ctx), idArquivo);
      if (!row) throw notFound();
      return row;
    },
    linkDownloadByArquivo: (_, { idArquivo }, ctx) => downloadLink(ctx, idArquivo),
    buscaBiblioteca: async (_, { texto }, ctx) => {
      if (!texto.trim()) return [];
      const found = await searchItems(ctx.services.db, await viewerOf(ctx), texto.trim(), { page: 0, rowsPerPage: 50 });
      rememberFolderNames(ctx, found.folderNames.ids, found.folderNames.names);
      return found.content;
    },
    buscaBibliotecaPaged: async (_, { filterInput }, ctx) => {
      const page = pageArgs(filterInput, LIBRARY_PAGE_SIZES);
      const busca = filterInput.busca.trim();
      if (!busca) return { content: [], totalElements: 0 };
      // The hits, their details, permissions and folders' names: one statement.
      const found = await searchItems(ctx.services.db, await viewerOf(ctx), busca, page);
      rememberFolderNames(ctx, found.folderNames.ids, found.folderNames.names);
      return { content: found.content, totalElements: found.totalElements };
    },
    pastasComPermissaoEscrita: async (_, __, ctx) => listWritableFolders(ctx.services.db, await viewerOf(ctx)),
    pastasDestino: async (_, { idPasta, busca }, ctx) => {
      const viewer = await viewerOf(ctx);
      const text = busca?.trim();
      let parentId: string | null = null;
      if (!text && !isLibraryRoot(idPasta)) {
        const folder = await findVisibleItem(ctx.services.db, viewer, idPasta as string);
        if (!folder?.pasta) throw notFound();
        parentId = folder.id;
      }
      const rows = await listDestinations(ctx.services.db, viewer, { parentId, busca: text || undefined });
      return rows.map((row) => ({ pasta: row, temSubpastas: row.tem_subpastas }));
    },
    arquivosComMesmoNome: async (_, args, ctx) => {
      const { idPasta, nomes } = parseInput(arquivosComMesmoNomeSchema, args);
      const folder = await findVisibleItem(ctx.services.db, await viewerOf(ctx), idPasta);
      if (!folder?.pasta) throw notFound();
      const stored = nomes.map((nome) => normaliseLibraryName(nome));
      const taken = new Set(await takenFileNames(ctx.services.db, folder.id, stored.filter(Boolean)));
      return nomes.filter((_, index) => taken.has(stored[index]));
    },
    contagemConteudoBiblioteca: async (_, { ids }, ctx) => {
      if (ids.length > 1000) throw badInput({ ids: 'validation.invalid' });
      const viewer = await viewerOf(ctx);
      const wanted = [...new Set(ids)];
      if ((await countVisible(ctx.services.db, viewer, wanted)) !== wanted.length) throw notFound();
      return countContents(ctx.services.db, viewer, wanted);
    },
    ultimosModificados: async (_, { limite }, ctx) => {
      const limit = limitArg(limite, 'limite', RECENT_FILES_LIMIT);
      const rows =
        preloaded<RecentFileRow[]>(ctx, 'ultimosModificados', { limite }) ??
        (await listRecentFiles(ctx.services.database, await viewerOf(ctx), limit));
      for (const row of rows) rememberFolderNames(ctx, row.caminho, row.pastas_legiveis);
      return rows;
    },
    versoesItemBiblioteca: async (_, { idItem }, ctx) => {
      const file = await findVisibleFile(ctx.services.db, await viewerOf(ctx), idItem);
      if (!file || file.id !== idItem) throw notFound();
      const versions = await listVersions(ctx.services.db, file);
      return versions.map((v, index) => ({
        numero: v.numero,
        atual: index === 0,
        tamanho: v.tamanho === null ? null : Number(v.tamanho),
        criadoEm: new Date(v.criado_em),
        autor: v.autor_id ? { id: v.autor_id, nome: v.autor_nome ?? '', email: v.autor_email ?? '' } : null,
      }));
    },
    lixeiraBiblioteca: async (_, args, ctx) => {
      const page = pageArgs(args, BIN_PAGE_SIZES);
      const viewer = await viewerOf(ctx);
      const { content, totalElements } = await listBin(ctx.services.db, viewer, page);
      const names = await readableFolderNamesInBin(ctx.services.db, viewer, [
        ...new Set(content.flatMap((r) => r.caminho)),
      ]);
      const binMs = ctx.services.config.libraryBinDays * 86_400_000;
      return {
        totalElements,
        content: content.map((r) => {
          const excluidoEm = new Date(r.excluido_em);
          return {
            id: r.id,
            nome: r.nome,
            pasta: r.pasta,
            tamanho: r.arquivo_tamanho === null ? null : Number(r.arquivo_tamanho),
            localOriginal: r.caminho.flatMap((id) => {
              const nome = names.get(id);
              return nome ? [{ id, nome }] : [];
            }),
            localOriginalExiste: r.local_original_existe,
            excluidoEm,
            excluidoPor: r.excluido_por_id
              ? { id: r.excluido_por_id, nome: r.excluido_por_nome ?? '', email: r.excluido_por_email ?? '' }
              : null,
            expiraEm: new Date(excluidoEm.getTime() + binMs),
            arquivos: r.arquivos,
            pastas: r.pastas,
          };
        }),
      };
    },
  },
  Mutation: {
    excluirItemBiblioteca: (_, args, ctx) => deleteItem(actionContext(ctx), args),
    excluirItem: (_, args, ctx) => deleteItem(actionContext(ctx), args),
    gerarLinkDownloadByItemBiblioteca: (_, { id }, ctx) => downloadLink(ctx, id),
    renomearItemBiblioteca: async (_, args, ctx) => itemById(ctx, await renameItem(actionContext(ctx), args)),
    renomearItem: async (_, args, ctx) => itemById(ctx, await renameItem(actionContext(ctx), args)),
    uploadArquivos: async (_, args, ctx) => {
      const ids = await placeUploads(actionContext(ctx), args);
      return Promise.all(ids.map((id) => itemById(ctx, id)));
    },
    concederAcesso: async (_, { novasPermissoes }, ctx) =>
      itemById(ctx, await grantAccess(actionContext(ctx), novasPermissoes)),
    moverItemBiblioteca: async (_, args, ctx) => itemById(ctx, await moveItem(actionContext(ctx), args)),
    criarNovaPasta: async (_, { novaPasta }, ctx) => itemById(ctx, await createFolder(actionContext(ctx), novaPasta)),
    restaurarItemBiblioteca: async (_, args, ctx) => itemById(ctx, await restoreItem(actionContext(ctx), args)),
    esvaziarLixeiraBiblioteca: (_, args, ctx) => emptyBin(actionContext(ctx), args),
    substituirArquivoBiblioteca: async (_, args, ctx) => itemById(ctx, await replaceFile(actionContext(ctx), args)),
    restaurarVersaoItemBiblioteca: async (_, args, ctx) =>
      itemById(ctx, await restoreVersion(actionContext(ctx), args)),
    gerarLinkDownloadVersaoBiblioteca: (_, args, ctx) =>
      issueVersionDownloadLink(actionContext(ctx), { ...args, ttlSeconds: LINK_TTL_SECONDS }),
  },
  ItemBiblioteca: {
    dataCriacao: (row) => new Date(row.data_criacao),
    ultimaModificacao: (row) => new Date(row.ultima_modificacao),
    novo: async (row, _, ctx) => {
      const viewer = requireUser(ctx);
      if (row.id === LIBRARY_ROOT_ID || row.proprietario_id === viewer.id) return false;
      const since = await previousSignIn(ctx);
      return since !== null && new Date(row.ultima_modificacao) > since;
    },
    arquivoImagem: (row) => Boolean(row.arquivo_imagem),
    trecho: (row) => parseExcerpt((row as Partial<SearchRow>).trecho),
    tamanho: (row) => (row.arquivo_tamanho === null ? null : Number(row.arquivo_tamanho)),
    proprietario: (row) =>
      row.proprietario_id
        ? { id: row.proprietario_id, nome: row.proprietario_nome ?? '', email: row.proprietario_email ?? '' }
        : null,
    permissoesAcessoUsuarioLogado: (row, _, ctx) => row.acesso.map((id) => accessDescription(ctx, id)),
    viewerCan: async (row, _, ctx) => {
      if (row.id === LIBRARY_ROOT_ID)
        return { renomear: false, mover: false, excluir: false, concederAcesso: false, baixar: false };
      return viewerCanRule(await viewerOf(ctx), { pasta: row.pasta, access: row.acesso });
    },
    arquivoLink: (row, _, ctx) =>
      row.arquivo_id
        ? signDownloadLink(ctx.services.db, row.arquivo_id, {
            ttlSeconds: LINK_TTL_SECONDS,
            name: row.nome,
            userId: requireUser(ctx).id,
          })
        : null,
    arquivoMiniaturaLink: (row, _, ctx) =>
      row.arquivo_id && row.arquivo_miniatura
        ? signThumbnailLink(ctx.services.db, row.arquivo_id, {
            ttlSeconds: LINK_TTL_SECONDS,
            userId: requireUser(ctx).id,
          })
        : null,
  },
};

type Batch = { obj: ItemRow; params: unknown }[];

// Folder names read in this request, or being read (breadcrumb and pastaPai ask for the same folders in the same tick:
// the second waits for the first one's query instead of sending its own).
const folderNamesOf = new WeakMap<object, Map<string, Promise<string | null>>>();

function knownFolderNames(ctx: GraphQLContext) {
  let known = folderNamesOf.get(ctx);
  if (!known) {
    known = new Map();
    folderNamesOf.set(ctx, known);
  }
  return known;
}

/** Records the readable folders among `ids` (named in `names`; the others unreadable) for this request. */
function rememberFolderNames(ctx: GraphQLContext, ids: string[], names: Record<string, string>) {
  const known = knownFolderNames(ctx);
  for (const id of ids) known.set(id, Promise.resolve(names[id] ?? null));
}

/** The visible ancestors of each item in a batch (at most one query per request for a folder). */
async function visibleAncestors(queries: Batch, ctx: GraphQLContext) {
  const viewer = await viewerOf(ctx);
  const known = knownFolderNames(ctx);
  const ids = [...new Set(queries.flatMap((q) => q.obj.caminho))];
  const missing = ids.filter((id) => !known.has(id));
  if (missing.length) {
    const read = visibleFolderNames(ctx.services.database, viewer, missing);
    for (const id of missing)
      known.set(
        id,
        read.then((found) => found.get(id) ?? null),
      );
  }
  const names = await Promise.all(ids.map((id) => known.get(id) as Promise<string | null>));
  const named = new Map(ids.map((id, index) => [id, names[index]]));
  return queries.map((q) =>
    q.obj.caminho.flatMap((id) => {
      const nome = named.get(id);
      return nome ? [{ id, nome }] : [];
    }),
  );
}

/** Batched field loaders (mercurius `loaders`): one query per field per request. */
export const loaders = {
  ItemBiblioteca: {
    breadcrumb: visibleAncestors,
    /** The containing folder; an unreadable one is not named: the nearest readable one, or the root. */
    async pastaPai(queries: Batch, ctx: GraphQLContext) {
      const ancestors = await visibleAncestors(queries, ctx);
      return ancestors.map((list, i) =>
        queries[i].obj.id === LIBRARY_ROOT_ID
          ? { id: LIBRARY_ROOT_ID, nome: t(ctx.locale, 'libraryApi.root') }
          : (list.at(-1) ?? { id: LIBRARY_ROOT_ID, nome: t(ctx.locale, 'libraryApi.root') }),
      );
    },
    /** The groups of each item's governing folder: read with a folder's page (folderPage) or a search (searchItems), else in one query. */
    async permissoes(queries: Batch, ctx: GraphQLContext) {
      const given = (q: Batch[number]) => (q.obj as Partial<FolderPageRow>).permissoes;
      const aclIds = [
        ...new Set(
          queries
            .filter((q) => !given(q))
            .map((q) => q.obj.acl_item_id)
            .filter((id): id is string => Boolean(id)),
        ),
      ];
      const rows = aclIds.length ? await permissionsOf(ctx.services.db, aclIds) : [];
      return queries.map((q) =>
        (given(q) ?? rows.filter((r) => r.item_id === q.obj.acl_item_id)).map((r) => ({
          id: `${r.item_id}:${r.grupo_usuarios_id}`,
          grupoUsuarios: { id: r.grupo_usuarios_id, nome: r.grupo_nome },
          permissaoAcessoPasta: accessDescription(ctx, r.permissao),
        })),
      );
    },
  },
};
