import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
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
  const titleId = useId();
  const phone = useMediaQuery('(max-width:768px)');
  const title = t('userGroups.dialog.title', { name: group.nome });
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="md" fullWidth fullScreen={phone}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <MembersTable groupId={group.id} label={title} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
