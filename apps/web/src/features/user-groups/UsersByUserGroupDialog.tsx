import { useTranslation } from 'react-i18next';
import { ViewDialog } from '../../ui/ViewDialog';
import { MembersTable } from './MembersTable';

/**
 * The user-by-user-group dialog (SPEC §2): the users of one group, paged and searchable, opened from
 * a row of the list. Read only: members are added and removed on the group's screen. Full screen on a phone.
 */
export function UsersByUserGroupDialog({
  group,
  onClose,
}: {
  group: { id: string; nome: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const title = t('userGroups.dialog.title', { name: group.nome });
  return (
    <ViewDialog title={title} onClose={onClose} phoneFullScreen>
      <MembersTable groupId={group.id} label={title} />
    </ViewDialog>
  );
}
