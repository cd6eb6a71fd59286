import Button from '@mui/material/Button';
import SvgIcon from '@mui/material/SvgIcon';
import { type AuditEntity, auditPath } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Guard } from './Guard';

// Material Design's "history" icon path (Apache-2.0), inlined as the other icons are.
const HistoryIcon = () => (
  <SvgIcon aria-hidden>
    <path d="M13 3a9 9 0 0 0-9 9H1l3.89 3.89.07.14L9 12H6c0-3.87 3.13-7 7-7s7 3.13 7 7-3.13 7-7 7c-1.93 0-3.68-.79-4.94-2.06l-1.42 1.42A8.95 8.95 0 0 0 13 21a9 9 0 0 0 0-18m-1 5v5l4.28 2.54.72-1.21-3.5-2.08V8z" />
  </SvgIcon>
);

/**
 * The link from an admin screen of an entity to its change history (`/auditoria/:id/:tipo`,
 * docs/domains/audit.md#the-screens), shown to TECSINAPSE users only, as the route and the API allow.
 */
export function AuditLink({
  entidade,
  id,
  name,
  size,
}: {
  entidade: AuditEntity;
  id: string;
  /** The entity's name, for the link's accessible name in a list's row ("History of Aurora"). */
  name?: string;
  size?: 'small' | 'medium';
}) {
  const { t } = useTranslation();
  return (
    <Guard types={['TECSINAPSE']}>
      <Button
        component={RouterLink}
        to={auditPath(entidade, id)}
        size={size}
        startIcon={<HistoryIcon />}
        title={t('audit.historyOfEntity')}
        aria-label={name ? t('audit.historyOfNamed', { name }) : undefined}
      >
        {t('audit.history')}
      </Button>
    </Guard>
  );
}
