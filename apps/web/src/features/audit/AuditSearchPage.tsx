import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../ui/PageHeader';
import { PAGE } from './AuditHistoryPage';
import { AuditTable } from './AuditTable';

/**
 * /auditoria (TECSINAPSE, docs/domains/audit.md#the-screens): the audit search across entities for
 * investigations, by who acted, entity type, action and period; each row links to its entity's history.
 */
export function AuditSearchPage() {
  const { t } = useTranslation();
  return (
    <Box sx={PAGE}>
      <PageHeader title={t('audit.searchTitle')} subtitle={t('audit.searchSubtitle')} />
      <AuditTable scope={null} label={t('audit.list')} />
    </Box>
  );
}
