import {
  canManageLibrary,
  type LibraryViewer,
  type PermissaoAcesso,
  type ToolbarActions,
  toolbarActions,
} from '@portal/domain';
import type { ItemBiblioteca } from './library.documents';

/**
 * The toolbar (docs/domains/library.md#the-toolbar) for a selection: the domain's selection rules (`toolbarActions`:
 * one item to rename or move, one folder to grant, files only to download...) over the server's per-item
 * `viewerCan`, which has the last word on each item. Nothing here repeats a permission rule.
 */
export function libraryToolbarState(
  user: LibraryViewer,
  selection: readonly ItemBiblioteca[],
  currentFolder: { id: string | null; access: readonly PermissaoAcesso[] },
): ToolbarActions {
  const shape = toolbarActions(
    user,
    selection.map((item) => ({ pasta: item.pasta, access: item.permissoesAcessoUsuarioLogado.map((p) => p.id) })),
    currentFolder,
  );
  const all = (key: keyof ItemBiblioteca['viewerCan']) =>
    selection.length > 0 && selection.every((item) => item.viewerCan[key]);
  return {
    upload: shape.upload,
    createFolder: shape.createFolder,
    rename: shape.rename && all('renomear'),
    move: shape.move && all('mover'),
    delete: shape.delete && all('excluir'),
    grant: shape.grant && all('concederAcesso'),
    download: shape.download && all('baixar'),
    versions: shape.versions && all('baixar'),
    details: shape.details,
  };
}

/**
 * Whether the management toolbar (upload, new folder, rename, move, delete, grant) shows at all: for holders of the
 * management key, and for readers who may write here (the current folder) or on an item they see. A reader
 * without any write right sees only the download action (docs/domains/library.md#the-toolbar).
 */
export function showsManagement(
  user: LibraryViewer,
  currentFolderAccess: readonly PermissaoAcesso[],
  visible: readonly ItemBiblioteca[],
): boolean {
  return (
    canManageLibrary(user) ||
    currentFolderAccess.includes('LEITURA_ESCRITA') ||
    visible.some((item) => item.viewerCan.renomear || item.viewerCan.excluir || item.viewerCan.concederAcesso)
  );
}
