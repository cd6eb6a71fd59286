import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ViewDialog } from '../../ui/ViewDialog';
import { BinDialog } from './BinDialog';
import { DeleteDialog } from './DeleteDialog';
import { GrantAccessDialog } from './GrantAccessDialog';
import { ImageViewer } from './ImageViewer';
import { FileDetails, FolderDetails } from './ItemDetails';
import type { ItemBiblioteca } from './library.documents';
import { MoveDialog } from './MoveDialog';
import { NewFolderDialog } from './NewFolderDialog';
import { PdfViewer } from './PdfViewer';
import { RenameDialog } from './RenameDialog';
import { UploadDialog } from './UploadDialog';
import { VersionsDialog } from './VersionsDialog';

export type OpenDialog =
  | null
  | { kind: 'upload' | 'uploadHint' | 'createFolder' | 'rename' | 'move' | 'delete' | 'grant' | 'bin' | 'versions' }
  | { kind: 'viewer'; itemId: string }
  | { kind: 'pdf' | 'details'; file: ItemBiblioteca }
  | { kind: 'folderDetails'; folder: ItemBiblioteca };

type Props = {
  dialog: OpenDialog;
  onClose: () => void;
  onViewerIndex: (index: number) => void;
  selection: readonly ItemBiblioteca[];
  images: readonly ItemBiblioteca[];
  currentFolderId: string | null;
  currentFolderName: string;
  onDeleted: () => void;
  onDownload: (item: ItemBiblioteca) => void;
};

/** The library's dialogs; each form mounts when opened, so it starts fresh every time. */
export function LibraryDialogs(props: Props) {
  const { dialog, onClose, selection } = props;
  const one = selection.length === 1 ? selection[0] : undefined;
  const kind = dialog?.kind;
  const { t } = useTranslation();

  return (
    <>
      {kind === 'upload' && (
        <UploadDialog onClose={onClose} folderId={props.currentFolderId} folderName={props.currentFolderName} />
      )}
      {kind === 'uploadHint' && (
        <ViewDialog title={t('library.actions.upload')} onClose={onClose} maxWidth="xs">
          <Typography>{t('library.uploadInFolder')}</Typography>
        </ViewDialog>
      )}
      {kind === 'createFolder' && <NewFolderDialog open onClose={onClose} currentFolderId={props.currentFolderId} />}
      {kind === 'rename' && one && <RenameDialog item={one} onClose={onClose} />}
      {kind === 'move' && one && <MoveDialog item={one} onClose={onClose} />}
      {kind === 'grant' && one && <GrantAccessDialog item={one} onClose={onClose} />}
      {kind === 'bin' && <BinDialog onClose={onClose} />}
      {kind === 'versions' && one && <VersionsDialog file={one} onClose={onClose} />}
      {dialog?.kind === 'viewer' && (
        <ImageViewer
          images={props.images}
          index={Math.max(
            0,
            props.images.findIndex((i) => i.id === dialog.itemId),
          )}
          onIndexChange={props.onViewerIndex}
          onClose={onClose}
          onDownload={props.onDownload}
        />
      )}
      {dialog?.kind === 'pdf' && <PdfViewer file={dialog.file} onClose={onClose} onDownload={props.onDownload} />}
      {dialog?.kind === 'details' && <FileDetails file={dialog.file} onClose={onClose} onDownload={props.onDownload} />}
      {dialog?.kind === 'folderDetails' && <FolderDetails folder={dialog.folder} onClose={onClose} />}
      <DeleteDialog open={kind === 'delete'} selection={selection} onClose={onClose} onDeleted={props.onDeleted} />
    </>
  );
}
