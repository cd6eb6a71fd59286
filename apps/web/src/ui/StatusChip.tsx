import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** The active or inactive state of a row or a record (a user, a dealer, a group, a menu entry, a template). */
export function StatusChip({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <Chip size="small" color={active ? 'success' : 'default'} label={t(active ? 'common.active' : 'common.inactive')} />
  );
}
