import type { Guard, GuardSubject } from './guard.js';

/**
 * Id of the library root (docs/domains/library.md#folders-files-and-the-root). The root is not a row
 * with permissions: folders and files directly under it carry their own groups. A fixed, well-formed
 * UUID (version nibble 0, so not a random one: `z.uuid()` would refuse it, use plain strings for ids)
 * that can never collide with a generated id; `b1b1` reads as "biblioteca".
 */
export const LIBRARY_ROOT_ID = '00000000-0000-0000-0000-00000000b1b1';

/**
 * Upload size limit in bytes (docs/domains/files.md#size-count-and-type), enforced by the dialog and while streaming on
 * the server.
 */
export const UPLOAD_MAX_BYTES = 900_000_000;

/**
 * Files per upload dialog (docs/domains/files.md#size-count-and-type; the product sets no value). 20: the
 * dialog sends one POST per file in parallel and browsers run about 6 per host at a time, so 20 still
 * finishes in a few rounds; the per-file status list stays readable without scrolling far; and it
 * bounds one dialog to 20 × 900 MB of storage writes.
 */
export const UPLOAD_MAX_FILES = 20;

/** Page sizes of the library search table (docs/domains/library.md#search). */
export const LIBRARY_PAGE_SIZES = [5, 10, 15] as const;
export type LibraryPageSize = (typeof LIBRARY_PAGE_SIZES)[number];
export const LIBRARY_DEFAULT_PAGE_SIZE: LibraryPageSize = 5;

/**
 * Delay before a single click selects, to tell it from a double click (docs/domains/library.md#browsing-and-selecting).
 */
export const LIBRARY_CLICK_DELAY_MS = 235;

/** Recently modified files on the home grid (docs/domains/library.md#recently-modified). */
export const LIBRARY_RECENT_LIMIT = 3;

/** Longest stored name, in characters (code points). */
export const LIBRARY_NAME_MAX = 255;

/**
 * Display truncation of names (docs/domains/library.md#names): 40 by default, 60 in folder tiles, 25 in permission
 * lists.
 */
export const LIBRARY_NAME_TRUNCATE = { default: 40, folderTile: 60, permissionList: 25 } as const;

/** Access levels of a user group on an item (docs/domains/library.md#access-by-user-group). */
export const PERMISSOES_ACESSO = ['LEITURA', 'LEITURA_ESCRITA'] as const;
export type PermissaoAcesso = (typeof PERMISSOES_ACESSO)[number];

/** Guard of the library management operations (create folder, upload, move), for operation tables. */
export const LIBRARY_MANAGE_GUARD = { keys: ['PORTAL_GERENCIAR_BIBLIOTECA'] } as const satisfies Guard;

/**
 * Who may list the people a user group gives access to (`pessoasGrupoUsuarios`): those who choose groups for an
 * audience or an access (docs/domains/library.md#who-can-see-this).
 */
export const GROUP_PEOPLE_GUARD = {
  keys: [
    'PORTAL_GERENCIAR_BIBLIOTECA',
    'PORTAL_CRIACAO_COMUNICADOS',
    'PORTAL_NOTIFICACOES_GENERICAS',
    'PORTAL_MANUTENCAO_GRUPOS_USUARIOS',
  ],
} as const satisfies Guard;

/** What the library rules need to know about the user: their feature keys. */
export type LibraryViewer = Pick<GuardSubject, 'chaves'>;

/** An item as the rules see it: its id, whether it is a folder, and the viewer's access levels on it. */
export type LibraryItemAccess = { id: string; pasta: boolean; access: readonly PermissaoAcesso[] };

/**
 * What the viewer may do with one item; sent with the data as `viewerCan`
 * (docs/domains/permissions.md#permissions-travel-with-the-data). Each field is named after the
 * operation it allows (docs/CODE_STYLE.md): renomear (renomearItemBiblioteca), mover
 * (moverItemBiblioteca), excluir (excluirItemBiblioteca), concederAcesso, baixar (the download link,
 * gerarLinkDownloadByItemBiblioteca).
 */
export type ViewerCan = {
  renomear: boolean;
  mover: boolean;
  excluir: boolean;
  concederAcesso: boolean;
  baixar: boolean;
};

/** Toolbar buttons (docs/domains/library.md#the-toolbar; the screen's own names) and whether each is enabled. */
export type ToolbarActions = {
  upload: boolean;
  createFolder: boolean;
  rename: boolean;
  move: boolean;
  delete: boolean;
  grant: boolean;
  download: boolean;
  /** The versions panel: exactly one readable file (docs/domains/library.md#versions). */
  versions: boolean;
  /** The details of exactly one item: a file's type, size and dates; a folder's groups and who they reach. */
  details: boolean;
};

/** True for the root id, and for a missing id (the root page has no idPasta; idPai null means root). */
export const isLibraryRoot = (id: string | null | undefined): boolean => !id || id === LIBRARY_ROOT_ID;

/** Create folder, upload and move need PORTAL_GERENCIAR_BIBLIOTECA (docs/domains/library.md#who-may-do-what). */
export function canManageLibrary(user: LibraryViewer): boolean {
  return LIBRARY_MANAGE_GUARD.keys.some((k) => user.chaves.includes(k));
}

/** Whether the user may open the list of people behind a group (`GROUP_PEOPLE_GUARD`). */
export function canListGroupPeople(user: LibraryViewer): boolean {
  return GROUP_PEOPLE_GUARD.keys.some((k) => user.chaves.includes(k));
}

/**
 * Write rights exist when the viewer's access list on the item contains LEITURA_ESCRITA
 * (docs/domains/library.md#who-may-do-what).
 */
export function canWriteItem(access: readonly PermissaoAcesso[]): boolean {
  return access.includes('LEITURA_ESCRITA');
}

/**
 * Read rights: any access level. An item without one must answer like a missing id
 * (docs/domains/permissions.md#hidden-looks-like-missing).
 */
export function canReadItem(access: readonly PermissaoAcesso[]): boolean {
  return access.includes('LEITURA') || canWriteItem(access);
}

/**
 * Per-item permissions: rename and delete need write access; move needs write access and the
 * management key; grant is for folders only, with write access; download is for readable files.
 */
export function viewerCan(user: LibraryViewer, item: Omit<LibraryItemAccess, 'id'>): ViewerCan {
  const write = canWriteItem(item.access);
  return {
    renomear: write,
    mover: write && canManageLibrary(user),
    excluir: write,
    concederAcesso: write && item.pasta,
    baixar: !item.pasta && canReadItem(item.access),
  };
}

/**
 * Whether `item` may move into `destination` (docs/domains/library.md#who-may-do-what): the destination is a folder the
 * viewer can write to (the root counts as writable: moving already needs the management key), and it is neither the
 * item itself nor one of its descendants. `ancestorsOfDestination` are the ids from the root down to the destination's
 * parent (its breadcrumb); the item is an ancestor of every descendant.
 */
export function canMoveTo(
  item: { id: string },
  destination: Omit<LibraryItemAccess, 'pasta'> & { pasta?: boolean },
  ancestorsOfDestination: readonly string[],
): boolean {
  if (isLibraryRoot(item.id)) return false;
  if (isLibraryRoot(destination.id)) return true;
  if (destination.pasta === false || !canWriteItem(destination.access)) return false;
  return destination.id !== item.id && !ancestorsOfDestination.includes(item.id);
}

/** A folder directly in the root needs at least one read or read-write group (docs/domains/library.md#forms). */
export function rootFolderNeedsGroup(
  idPai: string | null | undefined,
  readGroups: readonly string[],
  writeGroups: readonly string[],
): boolean {
  return isLibraryRoot(idPai) && readGroups.length === 0 && writeGroups.length === 0;
}

/**
 * Toolbar rules (docs/domains/library.md#the-toolbar) for a selection inside the current folder: delete when every
 * selected item is writable; rename only for exactly one writable item; grant only for exactly one writable folder;
 * move only for exactly one movable item (no mixed or multiple selections); download only when every selected item is a
 * readable file. Upload and create folder need the key and write access on the current folder; in the root, only the
 * key.
 */
export function toolbarActions(
  user: LibraryViewer,
  selection: readonly Omit<LibraryItemAccess, 'id'>[],
  currentFolder: { id: string | null; access: readonly PermissaoAcesso[] },
): ToolbarActions {
  const each = selection.map((item) => viewerCan(user, item));
  const one = each.length === 1 ? each[0] : undefined;
  const any = each.length > 0;
  const manager = canManageLibrary(user);
  const inRoot = isLibraryRoot(currentFolder.id);
  return {
    // Files go into folders: a file in the root would have no groups, so nobody but managers would see it.
    upload: manager && !inRoot && canWriteItem(currentFolder.access),
    createFolder: manager && (inRoot || canWriteItem(currentFolder.access)),
    rename: one?.renomear ?? false,
    move: one?.mover ?? false,
    delete: any && each.every((c) => c.excluir),
    grant: one?.concederAcesso ?? false,
    download: any && each.every((c) => c.baixar),
    versions: one?.baixar ?? false,
    details: one !== undefined,
  };
}

/** Groups of the folder dialogs as the API's `tiposAcesso`; a group in both lists gets write access. */
export function tiposAcessoFromGroups(
  readGroups: readonly string[],
  writeGroups: readonly string[],
): { idGrupoAcesso: string; permissao: PermissaoAcesso }[] {
  const levels = new Map<string, PermissaoAcesso>();
  for (const id of readGroups) levels.set(id, 'LEITURA');
  for (const id of writeGroups) levels.set(id, 'LEITURA_ESCRITA');
  return [...levels].map(([idGrupoAcesso, permissao]) => ({ idGrupoAcesso, permissao }));
}

// Characters a stored name must never hold: controls (\p{Cc}: C0 incl. NUL, DEL, C1), and the
// bidi marks, embeddings, overrides and isolates that make "\u202Eexe.txt" display as "txt.exe".
const UNSAFE_NAME_CHARS = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/** A file name's type at its end (".pdf"): kept when a long name is cut, so "report.pdf" stays a .pdf. */
export const FILE_EXTENSION = /\.[^.\s]{1,16}$/u;

/**
 * The display name the server stores for a user-given name (folder, rename, upload): NFC-normalised,
 * unsafe characters removed, `/` and `\` replaced by `_`, trimmed, dots-only names ("..") refused,
 * capped at 255 characters keeping the extension. Returns '' when nothing usable is left. Storage
 * keys are generated by the server, so this is about what people see, not about paths.
 */
export function normaliseLibraryName(name: string): string {
  const cleaned = name.normalize('NFC').replace(UNSAFE_NAME_CHARS, '').replace(/[/\\]/g, '_').trim();
  if (/^\.*$/.test(cleaned)) return '';
  const chars = Array.from(cleaned);
  if (chars.length <= LIBRARY_NAME_MAX) return cleaned;
  const extension = cleaned.match(FILE_EXTENSION)?.[0] ?? '';
  const base = chars.slice(0, LIBRARY_NAME_MAX - Array.from(extension).length).join('');
  return `${base.trimEnd()}${extension}`;
}

/**
 * What placing an upload does when a live file of the folder already has its name (decision 0030): SUBSTITUIR makes
 * it a new version of that file, MANTER_AMBOS places it as `name (2).ext` (the first free number), IGNORAR leaves
 * it out. Without an answer the server keeps both, so two files never share a name.
 */
export const CONFLITOS_NOME_ARQUIVO = ['SUBSTITUIR', 'MANTER_AMBOS', 'IGNORAR'] as const;
export type ConflitoNomeArquivo = (typeof CONFLITOS_NOME_ARQUIVO)[number];

/**
 * The "keep both" name number `n` of a file name: `relatório.pdf` → `relatório (2).pdf` (the extension as
 * normaliseLibraryName keeps it), cut so that the result stays within LIBRARY_NAME_MAX with its number.
 */
export function numberedLibraryName(name: string, n: number): string {
  const extension = name.match(FILE_EXTENSION)?.[0] ?? '';
  const suffix = ` (${n})${extension}`;
  const base = Array.from(name.slice(0, name.length - extension.length))
    .slice(0, LIBRARY_NAME_MAX - Array.from(suffix).length)
    .join('')
    .trimEnd();
  return `${base}${suffix}`;
}

/** A name cut to `max` characters with an ellipsis; show the full name on hover when it differs. */
export function truncateLibraryName(name: string, max: number = LIBRARY_NAME_TRUNCATE.default): string {
  const chars = Array.from(name);
  return chars.length <= max ? name : `${chars.slice(0, max - 1).join('')}…`;
}
