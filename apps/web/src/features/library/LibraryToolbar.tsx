import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ToolbarActions } from '@portal/domain';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditLink } from '../../ui/AuditLink';
import {
  DeleteIcon,
  DetailsIcon,
  DownloadIcon,
  GrantIcon,
  MoveIcon,
  NewFolderIcon,
  RenameIcon,
  UploadIcon,
  VersionsIcon,
} from './library-icons';

export type ToolbarAction = keyof ToolbarActions;

const BUTTONS: { action: ToolbarAction; labelKey: string; Icon: ComponentType }[] = [
  { action: 'upload', labelKey: 'library.actions.upload', Icon: UploadIcon },
  { action: 'createFolder', labelKey: 'library.actions.createFolder', Icon: NewFolderIcon },
  { action: 'rename', labelKey: 'library.actions.rename', Icon: RenameIcon },
  { action: 'move', labelKey: 'library.actions.move', Icon: MoveIcon },
  { action: 'delete', labelKey: 'library.actions.delete', Icon: DeleteIcon },
  { action: 'grant', labelKey: 'library.actions.grant', Icon: GrantIcon },
  { action: 'download', labelKey: 'library.actions.download', Icon: DownloadIcon },
  { action: 'versions', labelKey: 'library.actions.versions', Icon: VersionsIcon },
  { action: 'details', labelKey: 'library.actions.details', Icon: DetailsIcon },
];

/** What a reader without write rights still has: downloading, the versions of a file and an item's details. */
const READER_ACTIONS: ToolbarAction[] = ['download', 'versions', 'details'];

type Props = {
  actions: ToolbarActions;
  onAction: (action: ToolbarAction) => void;
  /** False for a reader without any write right here: only download, versions and details show. Default true. */
  management?: boolean;
  /** True in the root for those who upload: upload stays enabled and explains that files go inside a folder. */
  explainUpload?: boolean;
  /** The one item selected: its change history is linked (TECSINAPSE only, `AuditLink`). */
  single?: { id: string; nome: string } | null;
};

/**
 * The library toolbar (docs/domains/library.md#the-toolbar): every action shown, enabled by `libraryToolbarState`;
 * readers without write rights see only download, versions and details. With one item selected, TECSINAPSE users also find
 * the link to its change history.
 */
export function LibraryToolbar({ actions, onAction, management = true, explainUpload = false, single }: Props) {
  const { t } = useTranslation();
  const shown = management ? BUTTONS : BUTTONS.filter((b) => READER_ACTIONS.includes(b.action));
  const enabled = (action: ToolbarAction) => actions[action] || (action === 'upload' && explainUpload);
  return (
    <Box role="toolbar" aria-label={t('library.toolbar')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      {shown.map(({ action, labelKey, Icon }) => (
        <Button
          key={action}
          size="small"
          variant={action === 'upload' ? 'contained' : 'outlined'}
          startIcon={<Icon />}
          disabled={!enabled(action)}
          onClick={() => onAction(action)}
        >
          {t(labelKey)}
        </Button>
      ))}
      {single && <AuditLink entidade="item_biblioteca" id={single.id} name={single.nome} size="small" />}
    </Box>
  );
}
