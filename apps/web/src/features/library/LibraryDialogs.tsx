import { useMutation } from '@apollo/client';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { GrantAccessDialog } from './GrantAccessDialog';
import { ImageViewer } from './ImageViewer';
import { EXCLUIR_ITEM_BIBLIOTECA, type ItemBiblioteca, LIBRARY_REFETCH } from './library.documents';
import { MoveDialog } from './MoveDialog';
import { NewFolderDialog } from './NewFolderDialog';
import { RenameDialog } from './RenameDialog';
import { UploadDialog } from './UploadDialog';

export type OpenDialog =
  | null
  | { kind: 'upload' | 'createFolder' | 'rename' | 'move' | 'delete' | 'grant' }
  | { kind: 'viewer'; itemId: string };

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
  const { t } = useTranslation();
  const [excluir] = useMutation(EXCLUIR_ITEM_BIBLIOTECA, { refetchQueries: LIBRARY_REFETCH });
  const one = selection.length === 1 ? selection[0] : undefined;
  const kind = dialog?.kind;

  return (
    <>
      {kind === 'upload' && (
        <UploadDialog onClose={onClose} folderId={props.currentFolderId} folderName={props.currentFolderName} />
      )}
      {kind === 'createFolder' && <NewFolderDialog open onClose={onClose} currentFolderId={props.currentFolderId} />}
      {kind === 'rename' && one && <RenameDialog item={one} onClose={onClose} />}
      {kind === 'move' && one && <MoveDialog item={one} onClose={onClose} />}
      {kind === 'grant' && one && <GrantAccessDialog item={one} onClose={onClose} />}
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
      <ConfirmDialog
        open={kind === 'delete'}
        onClose={onClose}
        title={t('library.remove.title', { count: selection.length })}
        subtitle={t('library.remove.subtitle')}
        confirmLabel={t('library.actions.delete')}
        successMessage={t('library.remove.done')}
        onConfirm={async () => {
          for (const item of selection) await excluir({ variables: { idItem: item.id } });
          props.onDeleted();
        }}
      />
    </>
  );
}
