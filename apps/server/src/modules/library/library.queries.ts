import { canManageLibrary, LIBRARY_MANAGE_GUARD, type PermissaoAcesso } from '@portal/domain';
import { type SQL, sql } from 'drizzle-orm';
import { limitInRange } from '../../platform/actions.js';
import { type Database, type DbOrTx, inlineLimit, queryPreparedSql, sqlText } from '../../platform/db.js';
import type { CurrentUser } from '../../platform/graphql/context.js';
import type { SessionReadSql } from '../../platform/module.js';
import { textArray, UUID, uuidArray } from '../../platform/sql.js';
import { uploadDetailsJoin } from '../files/files.queries.js';
import { sampleTextMatchesSql, textExcerptSql, textMatchesSql, textQuerySql } from '../files/files.text.js';
import { userGroupName } from '../user-groups/user-groups.queries.js';
import { userGroupIdsArrayText, userGroupIdsOf, userHasAnyKeyText, userNameEmailJoin } from '../users/users.queries.js';

/**
 * Who reads the library, as the visibility filters need it. Holders of PORTAL_GERENCIAR_BIBLIOTECA
 * manage the whole library (read and write on every item, docs/decisions/0007); everyone else reads
 * what one of their user groups may read.
 */
export type LibraryViewerContext = {
  id: string;
  chaves: string[];
  manager: boolean;
  groupIds: string[];
  /** The user groups as an SQL expression (a uuid[]) instead of `groupIds`: a session read, before they are known. */
  groupIdsSql?: SQL;
};

/** The viewer's user groups in a statement. */
const viewerGroups = (viewer: LibraryViewerContext): SQL => viewer.groupIdsSql ?? uuidArray(viewer.groupIds);

/**
 * The library's viewer `user`; `groupIdsOf` reads their user groups (by default from `db`; a GraphQL
 * request passes the users module's per-request read, shared with /home's slides and ads).
 */
export async function libraryViewer(
  db: DbOrTx,
  user: CurrentUser,
  groupIdsOf: () => Promise<string[]> = () => userGroupIdsOf(db, user.id),
): Promise<LibraryViewerContext> {
  const manager = canManageLibrary(user);
  return { id: user.id, chaves: user.chaves, manager, groupIds: manager ? [] : await groupIdsOf() };
}

/** An item row with what the API shows of it (library.resolvers.ts maps it to an ItemBiblioteca; the codegen mapper of ItemBiblioteca). */
export type ItemRow = {
  id: string;
  nome: string;
  pasta: boolean;
  pasta_pai_id: string | null;
  caminho: string[];
  acl_item_id: string | null;
  arquivo_id: string | null;
  arquivo_imagem: boolean | null;
  arquivo_tamanho: string | number | null;
  arquivo_miniatura: string | null;
  proprietario_id: string | null;
  proprietario_nome: string | null;
  proprietario_email: string | null;
  data_criacao: Date | string;
  ultima_modificacao: Date | string;
  /** The viewer's access levels on the item. */
  acesso: PermissaoAcesso[];
};

/** The viewer's access levels on the item aliased `i` (governed by `i.acl_item_id`). */
function accessOf(viewer: LibraryViewerContext): SQL {
  if (viewer.manager) return sql`ARRAY['LEITURA_ESCRITA']::text[]`;
  return sql`ARRAY(SELECT DISTINCT p.permissao FROM permissao_item_biblioteca p
    WHERE p.item_id = i.acl_item_id AND p.grupo_usuarios_id = ANY(${viewerGroups(viewer)}) ORDER BY 1)`;
}

/** Live items the viewer may read (alias `i`): any group of theirs on the governing item. */
export function visibleTo(viewer: LibraryViewerContext): SQL {
  if (viewer.manager) return sql`i.excluido_em IS NULL`;
  return sql`i.excluido_em IS NULL AND EXISTS (SELECT 1 FROM permissao_item_biblioteca p
    WHERE p.item_id = i.acl_item_id AND p.grupo_usuarios_id = ANY(${viewerGroups(viewer)}))`;
}

/** Live folders the viewer may write into (alias `i`, or `alias`). */
function writableBy(viewer: LibraryViewerContext, alias = 'i'): SQL {
  const a = sql.raw(alias);
  if (viewer.manager) return sql`${a}.excluido_em IS NULL AND ${a}.pasta`;
  return sql`${a}.excluido_em IS NULL AND ${a}.pasta AND EXISTS (SELECT 1 FROM permissao_item_biblioteca p
    WHERE p.item_id = ${a}.acl_item_id AND p.permissao = 'LEITURA_ESCRITA'
      AND p.grupo_usuarios_id = ANY(${viewerGroups(viewer)}))`;
}

/** The item columns (and `extra` ones, e.g. a page's total, computed once: an InitPlan) with their details. */
const selectItems = (viewer: LibraryViewerContext, extra: SQL = sql``) => sql`
  SELECT i.id, i.nome, i.pasta, i.pasta_pai_id, i.caminho, i.acl_item_id,
         i.arquivo_id, a.imagem AS arquivo_imagem, a.tamanho AS arquivo_tamanho,
         a.thumbnail_key AS arquivo_miniatura,
         i.proprietario_id, u.nome AS proprietario_nome, u.email AS proprietario_email,
         i.data_criacao, i.ultima_modificacao, ${accessOf(viewer)} AS acesso${extra}
    FROM item_biblioteca i
    ${uploadDetailsJoin(sql`i.arquivo_id`, 'a')}
    ${userNameEmailJoin(sql`i.proprietario_id`, 'u')}`;

/**
 * The items of one page with their details. The page's ids are chosen first on item_biblioteca alone
 * (index order, LIMIT/OFFSET); the joins and the viewer's access are then computed for those rows
 * only, never for rows skipped or sorted away.
 */
function pageRows(viewer: LibraryViewerContext, where: SQL, order: SQL, limit: SQL, extra?: SQL): SQL {
  return sql`${selectItems(viewer, extra)}
    JOIN (SELECT i.id FROM item_biblioteca i WHERE ${where} ${order} ${limit}) pagina ON pagina.id = i.id
    ${order}`;
}

async function rows(db: DbOrTx, query: SQL): Promise<ItemRow[]> {
  return (await db.execute(query)).rows as ItemRow[];
}

/** One item the viewer may read, or null: unknown, deleted and unreadable look the same (docs/domains/permissions.md#hidden-looks-like-missing). */
export async function findVisibleItem(db: DbOrTx, viewer: LibraryViewerContext, id: string): Promise<ItemRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await rows(db, sql`${selectItems(viewer)} WHERE i.id = ${id} AND ${visibleTo(viewer)}`);
  return row ?? null;
}

/** A readable file by its item id or by its upload (arquivo) id. */
export async function findVisibleFile(db: DbOrTx, viewer: LibraryViewerContext, id: string): Promise<ItemRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await rows(
    db,
    sql`${selectItems(viewer)} WHERE (i.id = ${id} OR i.arquivo_id = ${id}) AND NOT i.pasta AND ${visibleTo(viewer)}
        LIMIT 1`,
  );
  return row ?? null;
}

/** Whether the viewer may read the file item holding the upload `arquivoId`, current or earlier version (the download check). */
export async function canReadLibraryUpload(
  db: DbOrTx,
  viewer: LibraryViewerContext,
  arquivoId: string,
): Promise<boolean> {
  if (!UUID.test(arquivoId)) return false;
  // The current content of a file, or one of its earlier versions.
  const found = await db.execute(
    // Two index lookups (item_biblioteca_arquivo_idx, versao_item_biblioteca_arquivo_idx), never a scan for the OR.
    sql`SELECT 1 FROM item_biblioteca i
      WHERE i.id IN (SELECT h.id FROM item_biblioteca h WHERE h.arquivo_id = ${arquivoId}
                     UNION ALL SELECT v.item_id FROM versao_item_biblioteca v WHERE v.arquivo_id = ${arquivoId})
        AND NOT i.pasta AND ${visibleTo(viewer)} LIMIT 1`,
  );
  return found.rows.length > 0;
}

const inFolder = (idPasta: string | null) => (idPasta ? sql`i.pasta_pai_id = ${idPasta}` : sql`i.pasta_pai_id IS NULL`);
/** Folders first, then by name ignoring case and accents: exactly item_biblioteca_pasta_pai_idx's order. */
const FOLDER_ORDER = sql`ORDER BY i.pasta DESC NULLS LAST, i.nome_busca, i.id`;
const NAME_ORDER = sql`ORDER BY i.nome_busca, i.id`;

/** Readable items of a folder (null: the root), folders first, then by name; a page when given. */
export async function listFolderItems(
  db: DbOrTx,
  viewer: LibraryViewerContext,
  idPasta: string | null,
  page?: { page: number; rowsPerPage: number },
): Promise<ItemRow[]> {
  if (idPasta !== null && !UUID.test(idPasta)) return [];
  const limit = page ? sql`LIMIT ${page.rowsPerPage} OFFSET ${page.page * page.rowsPerPage}` : sql``;
  return rows(db, pageRows(viewer, sql`${inFolder(idPasta)} AND ${visibleTo(viewer)}`, FOLDER_ORDER, limit));
}

/** The key of pasta_contagem for the root folder and for items without an access rule. */
const NO_KEY = '00000000-0000-0000-0000-000000000000';

/**
 * SQL that counts pasta_contagem anew from the live items (as migration 0034 first filled it): for a load that
 * wrote item_biblioteca with its triggers off (the benchmarks' seed).
 */
export const REBUILD_FOLDER_COUNTS = `DELETE FROM pasta_contagem;
  INSERT INTO pasta_contagem (pasta_id, acl_item_id, itens)
    SELECT coalesce(pasta_pai_id, '${NO_KEY}'), coalesce(acl_item_id, '${NO_KEY}'), count(*)
      FROM item_biblioteca WHERE excluido_em IS NULL GROUP BY 1, 2;
  ANALYZE pasta_contagem;`;

/**
 * How many readable items a folder has (`total`): the folder's counts per access rule (pasta_contagem, kept by a
 * trigger), those of the rules the viewer may read summed (visibleTo's rule, checked once per rule instead of once per
 * item); and whether the folder itself is one the viewer may read (`legivel`: unknown, deleted, a file or unreadable
 * look the same). Two columns of one row, or of every row of a page (folderPage).
 */
function folderTotalSql(viewer: LibraryViewerContext, idPasta: string | null): SQL {
  const readable = viewer.manager
    ? sql`true`
    : sql`EXISTS (SELECT 1 FROM permissao_item_biblioteca p
        WHERE p.item_id = c.acl_item_id AND p.grupo_usuarios_id = ANY(${viewerGroups(viewer)}))`;
  const folderReadable = idPasta
    ? sql`EXISTS (SELECT 1 FROM item_biblioteca i WHERE i.id = ${idPasta} AND i.pasta AND ${visibleTo(viewer)})`
    : sql`true`;
  return sql`(SELECT coalesce(sum(c.itens), 0)::int FROM pasta_contagem c
               WHERE c.pasta_id = ${idPasta ?? NO_KEY} AND ${readable}) AS total,
             ${folderReadable} AS legivel`;
}

/** How many readable items a folder has, or null when it is not a folder the viewer may read (folderTotalSql). */
export async function countFolderItems(
  db: DbOrTx,
  viewer: LibraryViewerContext,
  idPasta: string | null,
): Promise<number | null> {
  if (idPasta !== null && !UUID.test(idPasta)) return null;
  const result = await db.execute(sql`SELECT ${folderTotalSql(viewer, idPasta)}`);
  const row = result.rows[0] as { total: number; legivel: boolean };
  return row.legivel ? row.total : null;
}

/** A permission of an item's governing folder with its group's name (permissoes). */
export type PermissionRow = {
  item_id: string;
  grupo_usuarios_id: string;
  grupo_nome: string;
  permissao: PermissaoAcesso;
};

/** The permissions of the governing folder of the item aliased `i`, with the groups' names, as JSON (permissoes). */
const permissionsJson = sql`(SELECT coalesce(json_agg(json_build_object('item_id', p.item_id,
    'grupo_usuarios_id', p.grupo_usuarios_id, 'grupo_nome', ${userGroupName(sql`p.grupo_usuarios_id`)},
    'permissao', p.permissao) ORDER BY ${userGroupName(sql`p.grupo_usuarios_id`)}), '[]'::json)
  FROM permissao_item_biblioteca p WHERE p.item_id = i.acl_item_id)`;

/** A folder page's row: the item, and the permissions of its governing folder read with it. */
export type FolderPageRow = ItemRow & { permissoes: PermissionRow[] };

/**
 * A page of a folder's readable items with their count, or null when it is not a folder the viewer may read: one
 * statement, computed once beside the page's rows: the count and the folder's check (folderTotalSql), and the names of
 * the folders on its path the viewer may read (`folderNames`: the breadcrumb and pastaPai of every item of the page);
 * each row carries its governing folder's permissions. A page under load is bound by its round trips to the database
 * (issue 21 point 7). Only an empty page (an empty folder, a page past the end) asks for the count on its own.
 *
 * A named prepared statement, one per page size (inlineLimit), viewer kind and root or folder: PostgreSQL plans it
 * once per connection and reuses that generic plan (with the page size a parameter it re-planned at every request).
 */
export async function folderPage(
  database: Database,
  viewer: LibraryViewerContext,
  idPasta: string | null,
  page: { page: number; rowsPerPage: number },
): Promise<{
  content: FolderPageRow[];
  totalElements: number;
  folderNames: { ids: string[]; names: Record<string, string> };
} | null> {
  if (idPasta !== null && !UUID.test(idPasta)) return null;
  const limit = sql`${inlineLimit(page.rowsPerPage)} OFFSET ${page.page * page.rowsPerPage}`;
  const where = sql`${inFolder(idPasta)} AND ${visibleTo(viewer)}`;
  // The folder's path (its ancestors and itself), and the names of those the viewer may read (visibleFolderNames).
  const path = idPasta
    ? sql`(SELECT d.caminho || d.id FROM item_biblioteca d WHERE d.id = ${idPasta})`
    : sql`ARRAY[]::uuid[]`;
  const extra = sql`, ${folderTotalSql(viewer, idPasta)}, ${path} AS pasta_caminho,
    (SELECT coalesce(json_object_agg(i.id, i.nome), '{}'::json) FROM item_biblioteca i
      WHERE i.id = ANY(${path}::uuid[]) AND ${visibleTo(viewer)}) AS pastas_legiveis,
    ${permissionsJson} AS permissoes`;
  type Row = FolderPageRow & {
    total?: number;
    legivel?: boolean;
    pasta_caminho?: string[];
    pastas_legiveis?: Record<string, string>;
  };
  const name = `library_folder_page_${viewer.manager ? 'manager' : 'reader'}_${idPasta ? 'folder' : 'root'}_${page.rowsPerPage}`;
  const found = await queryPreparedSql<Row>(database, name, pageRows(viewer, where, FOLDER_ORDER, limit, extra));
  if (!found.length) {
    const total = await countFolderItems(database.db, viewer, idPasta);
    return total === null ? null : { content: [], totalElements: total, folderNames: { ids: [], names: {} } };
  }
  const { total, legivel, pasta_caminho, pastas_legiveis } = found[0];
  if (!legivel) return null;
  for (const row of found) {
    delete row.total;
    delete row.legivel;
    delete row.pasta_caminho;
    delete row.pastas_legiveis;
  }
  return {
    content: found,
    totalElements: total as number,
    folderNames: { ids: pasta_caminho ?? [], names: pastas_legiveis ?? {} },
  };
}

/** How many of `ids` (distinct) the viewer may read: a check that every one of them is readable. */
export async function countVisible(db: DbOrTx, viewer: LibraryViewerContext, ids: string[]): Promise<number> {
  const valid = ids.filter((id) => UUID.test(id));
  if (!valid.length) return 0;
  const result = await db.execute(
    sql`SELECT count(*)::int AS total FROM item_biblioteca i WHERE i.id = ANY(${uuidArray(valid)}) AND ${visibleTo(viewer)}`,
  );
  return (result.rows[0] as { total: number }).total;
}

/**
 * How many readable live files and folders lie below the given items (each counted once, the given items
 * themselves excluded; a file has nothing below it): what a delete of them takes along, as far as the viewer may know
 * (docs/domains/library.md#deleting). Walks the GIN index of `caminho`.
 */
export async function countContents(
  db: DbOrTx,
  viewer: LibraryViewerContext,
  itemIds: string[],
): Promise<{ arquivos: number; pastas: number }> {
  if (!itemIds.length) return { arquivos: 0, pastas: 0 };
  const ids = uuidArray(itemIds);
  const result = await db.execute(sql`SELECT count(*) FILTER (WHERE NOT i.pasta)::int AS arquivos,
      count(*) FILTER (WHERE i.pasta)::int AS pastas
    FROM item_biblioteca i WHERE i.caminho && ${ids} AND NOT (i.id = ANY(${ids})) AND ${visibleTo(viewer)}`);
  return result.rows[0] as { arquivos: number; pastas: number };
}

/** `text` as a LIKE pattern matching it anywhere, with the wildcards it contains taken literally. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const nameMatches = (text: string) => sql`i.nome_busca LIKE immutable_unaccent(lower(${containsPattern(text)}))`;

/**
 * A search considers at most this many hits (found through the trigram index, then sorted by name):
 * a term that matches more reads "1000" and shows a part of them; the user refines it. Without the
 * cap a frequent term would fetch and sort tens of thousands of rows per keystroke.
 */
export const SEARCH_HITS_CAP = 1000;

/** Searches that read at most this many hits of each kind look for text hits in a sample of the texts first (searchItems). */
const PROBE_MAX_CAP = 200;
/** How many texts such a probe reads for each hit it needs: a word in a third of the texts is found there. */
const PROBE_TEXTS_PER_HIT = 3;

/** A search hit: the item's row with the marked excerpt of its file's text when the text matched, and its governing folder's permissions. */
export type SearchRow = FolderPageRow & { trecho: string | null };

/**
 * Readable items whose name contains `text` (ignoring case and accents, trigram index) or whose file's extracted
 * text matches its words (full text in portuguese, spanish and english, accents folded: the files module's
 * `textMatchesSql`, decision 0043): name matches first, by name, then text matches by rank (hits capped, each
 * kind at SEARCH_HITS_CAP). A text match comes with a short excerpt, its matched words marked.
 *
 * One statement (issue 21 point 7): the hits, their count, the page's rows with their details, each row's
 * governing folder's permissions and the names of the folders on the page's paths the viewer may read
 * (`folderNames`: the breadcrumb and pastaPai of every hit). A page past the end still gives the count (one row of
 * nulls beside it).
 */
export async function searchItems(
  db: DbOrTx,
  viewer: LibraryViewerContext,
  text: string,
  page: { page: number; rowsPerPage: number },
  /** Hits of each kind read at most (the header search reads fewer than the library's screen). */
  cap = SEARCH_HITS_CAP,
): Promise<{
  content: SearchRow[];
  totalElements: number;
  folderNames: { ids: string[]; names: Record<string, string> };
}> {
  const query = textQuerySql(text);
  // Files whose text matches, found through `matches` (those whose name matches are among the name hits).
  const textHits = (matches: SQL, gate: SQL = sql`true`) =>
    sql`SELECT i.id, i.nome_busca, 1 AS tipo, m.rank FROM (${matches}) m
        JOIN item_biblioteca i ON i.arquivo_id = m.arquivo_id
       WHERE NOT i.pasta AND NOT (${nameMatches(text)}) AND ${visibleTo(viewer)} AND ${gate} LIMIT ${cap}`;
  // A small cap (the header's) looks first in a sample of the texts: when it holds `cap` hits, the whole match (a GIN
  // posting list as long as the word is common) is never read; otherwise it runs as for any cap (decision 0051).
  const probe = query && cap <= PROBE_MAX_CAP;
  const byText = !query
    ? sql``
    : probe
      ? sql`UNION ALL (SELECT * FROM probe WHERE (SELECT count(*) FROM probe) >= ${cap})
          UNION ALL (${textHits(textMatchesSql(query), sql`(SELECT count(*) FROM probe) < ${cap}`)})`
      : sql`UNION ALL (${textHits(textMatchesSql(query))})`;
  const excerpt = query ? textExcerptSql(sql`i.arquivo_id`, query) : sql`NULL::text`;
  // MATERIALIZED: the hits are found on their own (trigram and text indexes), never by walking the name order,
  // which for a term clustered under one letter would read half the library. The page's ids are chosen among the
  // hits; the details, excerpts and permissions are then read for those rows only.
  const found = (
    await db.execute(sql`WITH ${probe ? sql`probe AS MATERIALIZED (${textHits(sampleTextMatchesSql(query, cap * PROBE_TEXTS_PER_HIT))}),` : sql``}
      hits AS MATERIALIZED (
        (SELECT i.id, i.nome_busca, 0 AS tipo, 0::real AS rank FROM item_biblioteca i
          WHERE ${nameMatches(text)} AND ${visibleTo(viewer)} LIMIT ${cap}) ${byText}),
      pagina AS MATERIALIZED (
        SELECT h.id, row_number() OVER (ORDER BY h.tipo, h.rank DESC, h.nome_busca, h.id) AS ordem FROM hits h
         ORDER BY ordem LIMIT ${page.rowsPerPage} OFFSET ${page.page * page.rowsPerPage})
      SELECT t.total, t.pastas_legiveis, s.*
        FROM (SELECT (SELECT count(*) FROM hits)::int AS total,
                     (SELECT coalesce(json_object_agg(i.id, i.nome), '{}'::json) FROM item_biblioteca i
                       WHERE i.id IN (SELECT unnest(x.caminho) FROM pagina g JOIN item_biblioteca x ON x.id = g.id)
                         AND ${visibleTo(viewer)}) AS pastas_legiveis) t
        LEFT JOIN (${selectItems(viewer, sql`, g.ordem, ${excerpt} AS trecho, ${permissionsJson} AS permissoes`)}
                   JOIN pagina g ON g.id = i.id) s ON true
       ORDER BY s.ordem`)
  ).rows as (SearchRow & { total?: number; pastas_legiveis?: Record<string, string>; ordem?: number })[];
  const [first] = found;
  const totalElements = first?.total ?? 0;
  const names = first?.pastas_legiveis ?? {};
  const content = found.filter((row) => row.id);
  const ids = new Set<string>();
  for (const row of content) {
    for (const id of row.caminho) ids.add(id);
    delete row.total;
    delete row.pastas_legiveis;
    delete row.ordem;
  }
  return { content, totalElements, folderNames: { ids: [...ids], names } };
}

/** Folders the viewer may write into, by name (at most 1000). */
export async function listWritableFolders(db: DbOrTx, viewer: LibraryViewerContext): Promise<ItemRow[]> {
  return rows(db, pageRows(viewer, writableBy(viewer), NAME_ORDER, sql`LIMIT 1000`));
}

/** How many files /home's card may ask for (`ultimosModificados(limite)`). */
export const RECENT_FILES_LIMIT = { max: 50, default: 3 } as const;

/** The readable files modified last (/home's card: prepared, one statement for managers, one for the rest). */
export async function listRecentFiles(
  database: Database,
  viewer: LibraryViewerContext,
  limit: number,
): Promise<RecentFileRow[]> {
  const [row] = await queryPreparedSql<{ files: RecentFileRow[] }>(
    database,
    `${viewer.manager ? 'library_recent_files_manager' : 'library_recent_files'}_${limit}`,
    sql`SELECT ${recentFilesJsonSql(viewer, limit)} AS files`,
  );
  return row.files;
}

/**
 * SQL: the `limit` readable files modified last, newest first, as one JSON array of RecentFileRow (times as text).
 * Each file comes with the names of the folders on its path the viewer may read (its pastaPai and breadcrumb), so
 * /home's card needs no second statement. The limit is in the text (one statement per limit): with a parameter LIMIT
 * PostgreSQL re-plans on every execution, and its reusable plan is a bad one.
 */
function recentFilesJsonSql(viewer: LibraryViewerContext, limit: number): SQL {
  const page = pageRows(
    viewer,
    sql`NOT i.pasta AND ${visibleTo(viewer)}`,
    sql`ORDER BY i.ultima_modificacao DESC, i.id`,
    inlineLimit(limit),
  );
  return sql`(SELECT coalesce(json_agg(f ORDER BY f.ultima_modificacao DESC, f.id), '[]'::json) FROM (
      SELECT r.*, (SELECT coalesce(json_object_agg(i.id, i.nome), '{}'::json) FROM item_biblioteca i
          WHERE i.id = ANY(r.caminho) AND ${visibleTo(viewer)}) AS pastas_legiveis
        FROM (${page}) r) f)`;
}

/**
 * /home's card of recent files, read with the request's user (PortalModule.sessionReads, decision 0060) when the
 * limit is given and in range; else null. Whether the user manages the library and their user groups are read in
 * the same statement (the viewer as `libraryViewer` makes it): one access rule, the same as `listRecentFiles`.
 */
export const recentFilesSessionRead: SessionReadSql = (refs, args) => {
  const limit = limitInRange(args.limite, RECENT_FILES_LIMIT);
  if (limit === null) return null;
  const manager: LibraryViewerContext = { id: '', chaves: [], manager: true, groupIds: [] };
  const reader: LibraryViewerContext = {
    ...manager,
    manager: false,
    groupIdsSql: sql.raw(userGroupIdsArrayText(refs.user)),
  };
  return `CASE WHEN ${userHasAnyKeyText(refs.user, LIBRARY_MANAGE_GUARD.keys)}
    THEN ${sqlText(recentFilesJsonSql(manager, limit))} ELSE ${sqlText(recentFilesJsonSql(reader, limit))} END`;
};

/** A recent file with the names of the folders on its path the viewer may read, by id. */
export type RecentFileRow = ItemRow & { pastas_legiveis: Record<string, string> };

/**
 * The readable files added or modified in (`since`, `until`], newest first: the news page's files
 * (docs/domains/news.md). At most `limit` rows, with the full count; the same filter as `listRecentFiles`.
 */
export async function filesModifiedBetween(
  db: DbOrTx,
  viewer: LibraryViewerContext,
  window: { since: Date; until: Date; limit: number },
): Promise<{ content: ItemRow[]; totalElements: number }> {
  const where = sql`NOT i.pasta AND i.ultima_modificacao > ${window.since} AND i.ultima_modificacao <= ${window.until}
    AND ${visibleTo(viewer)}`;
  const [content, total] = await Promise.all([
    rows(db, pageRows(viewer, where, sql`ORDER BY i.ultima_modificacao DESC, i.id`, sql`LIMIT ${window.limit}`)),
    db.execute(sql`SELECT count(*)::int AS total FROM item_biblioteca i WHERE ${where}`),
  ]);
  return { content, totalElements: (total.rows[0] as { total: number }).total };
}

/**
 * Names of the folders among `ids` that the viewer may read (breadcrumbs and parents): an ancestor
 * the viewer cannot read is left out, never named.
 */
export async function visibleFolderNames(
  database: Database,
  viewer: LibraryViewerContext,
  ids: string[],
): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  // Prepared (one statement for managers, one for the rest): /home's card asks for its files' folders.
  const rows = await queryPreparedSql<{ id: string; nome: string }>(
    database,
    viewer.manager ? 'library_folder_names_manager' : 'library_folder_names',
    sql`SELECT i.id, i.nome FROM item_biblioteca i WHERE i.id = ANY(${uuidArray(ids)}) AND ${visibleTo(viewer)}`,
  );
  return new Map(rows.map((r) => [r.id, r.nome]));
}

/** The groups governing each of the given items (permissoes), with the group names. */
export async function permissionsOf(db: DbOrTx, aclIds: string[]): Promise<PermissionRow[]> {
  if (!aclIds.length) return [];
  const result = await db.execute(sql`
    SELECT p.item_id, p.grupo_usuarios_id, ${userGroupName(sql`p.grupo_usuarios_id`)} AS grupo_nome, p.permissao
      FROM permissao_item_biblioteca p
     WHERE p.item_id = ANY(${uuidArray(aclIds)}) ORDER BY grupo_nome`);
  return result.rows as PermissionRow[];
}

/**
 * The bin entries (deleted items that were the target of a delete: `id = excluido_com`, alias `i`) the viewer could
 * write: managers every one, others those whose governing folder gives one of their groups LEITURA_ESCRITA
 * (docs/domains/library.md#the-bin). The groups of a deleted folder stay, so this holds while it is in the bin.
 */
export function binEntryWritableBy(viewer: LibraryViewerContext): SQL {
  const entry = sql`i.excluido_em IS NOT NULL AND i.id = i.excluido_com`;
  if (viewer.manager) return entry;
  return sql`${entry} AND EXISTS (SELECT 1 FROM permissao_item_biblioteca p
    WHERE p.item_id = i.acl_item_id AND p.permissao = 'LEITURA_ESCRITA'
      AND p.grupo_usuarios_id = ANY(${viewerGroups(viewer)}))`;
}

/** An entry of the bin as the bin view shows it. */
export type BinRow = {
  id: string;
  nome: string;
  pasta: boolean;
  pasta_pai_id: string | null;
  caminho: string[];
  arquivo_tamanho: string | number | null;
  excluido_em: Date | string;
  excluido_por_id: string | null;
  excluido_por_nome: string | null;
  excluido_por_email: string | null;
  /** What went to the bin with it (the files and folders below it deleted by the same delete). */
  arquivos: number;
  pastas: number;
  /** Whether its original folder is still live (or it was in the root): restoring without a destination puts it back there. */
  local_original_existe: boolean;
};

/** One page of the bin entries the viewer could write, most recently deleted first, with the total. */
export async function listBin(
  db: DbOrTx,
  viewer: LibraryViewerContext,
  page: { page: number; rowsPerPage: number },
): Promise<{ content: BinRow[]; totalElements: number }> {
  const where = binEntryWritableBy(viewer);
  const [content, total] = await Promise.all([
    db.execute(sql`SELECT i.id, i.nome, i.pasta, i.pasta_pai_id, i.caminho, a.tamanho AS arquivo_tamanho, i.excluido_em,
        i.excluido_por AS excluido_por_id, u.nome AS excluido_por_nome, u.email AS excluido_por_email,
        (SELECT count(*) FILTER (WHERE NOT c.pasta) FROM item_biblioteca c
          WHERE c.excluido_com = i.id AND c.id <> i.id)::int AS arquivos,
        (SELECT count(*) FILTER (WHERE c.pasta) FROM item_biblioteca c
          WHERE c.excluido_com = i.id AND c.id <> i.id)::int AS pastas,
        (i.pasta_pai_id IS NULL OR EXISTS (SELECT 1 FROM item_biblioteca pp
          WHERE pp.id = i.pasta_pai_id AND pp.excluido_em IS NULL)) AS local_original_existe
      FROM item_biblioteca i
      ${uploadDetailsJoin(sql`i.arquivo_id`, 'a')}
      ${userNameEmailJoin(sql`i.excluido_por`, 'u')}
      WHERE ${where} ORDER BY i.excluido_em DESC, i.id
      LIMIT ${page.rowsPerPage} OFFSET ${page.page * page.rowsPerPage}`),
    db.execute(sql`SELECT count(*)::int AS total FROM item_biblioteca i WHERE ${where}`),
  ]);
  return { content: content.rows as BinRow[], totalElements: (total.rows[0] as { total: number }).total };
}

/**
 * Names of the folders among `ids` the viewer may read, live or in the bin: the original place of a bin entry. As
 * in breadcrumbs, a folder the viewer cannot read is left out, never named.
 */
export async function readableFolderNamesInBin(
  db: DbOrTx,
  viewer: LibraryViewerContext,
  ids: string[],
): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const readable = viewer.manager
    ? sql`true`
    : sql`EXISTS (SELECT 1 FROM permissao_item_biblioteca p
        WHERE p.item_id = i.acl_item_id AND p.grupo_usuarios_id = ANY(${viewerGroups(viewer)}))`;
  const result = await db.execute(
    sql`SELECT i.id, i.nome FROM item_biblioteca i WHERE i.id = ANY(${uuidArray(ids)}) AND ${readable}`,
  );
  return new Map((result.rows as { id: string; nome: string }[]).map((r) => [r.id, r.nome]));
}

/** A version of a file as the versions panel shows it (docs/domains/library.md#versions). */
export type VersionRow = {
  numero: number;
  arquivo_id: string;
  tamanho: string | number | null;
  criado_em: Date | string;
  autor_id: string | null;
  autor_nome: string | null;
  autor_email: string | null;
};

/**
 * The versions of a file item, newest first. A file never replaced has no version rows: its content is version 1,
 * by its owner at its creation.
 */
export async function listVersions(db: DbOrTx, file: ItemRow): Promise<VersionRow[]> {
  const result = await db.execute(sql`SELECT v.numero, v.arquivo_id, a.tamanho, v.criado_em,
      v.autor_id, u.nome AS autor_nome, u.email AS autor_email
    FROM versao_item_biblioteca v
    ${uploadDetailsJoin(sql`v.arquivo_id`, 'a')}
    ${userNameEmailJoin(sql`v.autor_id`, 'u')}
    WHERE v.item_id = ${file.id} ORDER BY v.numero DESC`);
  if (result.rows.length) return result.rows as VersionRow[];
  if (!file.arquivo_id) return [];
  return [
    {
      numero: 1,
      arquivo_id: file.arquivo_id,
      tamanho: file.arquivo_tamanho,
      criado_em: file.data_criacao,
      autor_id: file.proprietario_id,
      autor_nome: file.proprietario_nome,
      autor_email: file.proprietario_email,
    },
  ];
}

/**
 * The live file of a folder named `nome` once compared as `nome_busca` stores names (without case and accents;
 * decision 0030), or null. Files follow their folder's groups, so whoever reads the folder reads it.
 */
export async function sameNameFileId(db: DbOrTx, folderId: string, nome: string): Promise<string | null> {
  const found = await db.execute(sql`SELECT i.id FROM item_biblioteca i
    WHERE i.pasta_pai_id = ${folderId} AND NOT i.pasta AND i.excluido_em IS NULL
      AND i.nome_busca = immutable_unaccent(lower(${nome})) LIMIT 1`);
  return (found.rows[0] as { id: string } | undefined)?.id ?? null;
}

/** Which of the (stored) names are used by live files of the folder (arquivosComMesmoNome, decision 0030). */
export async function takenFileNames(db: DbOrTx, folderId: string, nomes: readonly string[]): Promise<string[]> {
  if (!nomes.length) return [];
  const found = await db.execute(sql`SELECT x.nome FROM unnest(${textArray(nomes)}) AS x(nome)
    WHERE EXISTS (SELECT 1 FROM item_biblioteca i
      WHERE i.pasta_pai_id = ${folderId} AND NOT i.pasta AND i.excluido_em IS NULL
        AND i.nome_busca = immutable_unaccent(lower(x.nome)))`);
  return (found.rows as { nome: string }[]).map((r) => r.nome);
}

/** A writable folder of the move tree with whether it has writable sub-folders (docs/domains/library.md#forms). */
export type DestinationRow = ItemRow & { tem_subpastas: boolean };

/** How many destinations one level or one search of the move tree returns at most. */
export const DESTINATIONS_CAP = 500;

/**
 * One level of the move dialog's tree of writable folders (pastasDestino), by name: under a folder, its writable
 * sub-folders; at the top (null), the writable folders whose parent is the root or a folder the viewer cannot
 * write (so every writable folder is reachable); with `busca`, the writable folders whose name contains it.
 */
export async function listDestinations(
  db: DbOrTx,
  viewer: LibraryViewerContext,
  place: { parentId: string | null; busca?: string },
): Promise<DestinationRow[]> {
  let where: SQL;
  if (place.busca) where = sql`${writableBy(viewer)} AND ${nameMatches(place.busca)}`;
  else if (place.parentId) where = sql`${writableBy(viewer)} AND i.pasta_pai_id = ${place.parentId}`;
  else
    where = sql`${writableBy(viewer)} AND (i.pasta_pai_id IS NULL OR NOT EXISTS (
      SELECT 1 FROM item_biblioteca w WHERE w.id = i.pasta_pai_id AND ${writableBy(viewer, 'w')}))`;
  return (
    await db.execute(sql`SELECT d.*, EXISTS (SELECT 1 FROM item_biblioteca c
        WHERE c.pasta_pai_id = d.id AND ${writableBy(viewer, 'c')}) AS tem_subpastas
      FROM (${pageRows(viewer, where, NAME_ORDER, sql.raw(`LIMIT ${DESTINATIONS_CAP}`))}) d
      ORDER BY immutable_unaccent(lower(d.nome)), d.id`)
  ).rows as DestinationRow[];
}
