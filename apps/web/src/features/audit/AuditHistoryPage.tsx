import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { isAuditEntity } from '@portal/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { useBreadcrumbLabel } from '../../app/shell/breadcrumb-labels';
import { PageHeader } from '../../ui/PageHeader';
import { AuditTable } from './AuditTable';

/** The frame of the audit screens, as the other administration screens'. */
export const PAGE = { px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 }, maxWidth: 1440, mx: 'auto' } as const;

/**
 * /auditoria/:id/:tipo (TECSINAPSE, docs/domains/audit.md#the-screens): the change history of one entity, `tipo`
 * being its audit entity (usuario, dealer, grupo...), opened from the entity's admin screen.
 */
export function AuditHistoryPage() {
  const { t } = useTranslation();
  const { id = '', tipo = '' } = useParams();
  const { pathname } = useLocation();
  useBreadcrumbLabel(pathname, t('audit.title'));
  if (!isAuditEntity(tipo))
    return (
      <Box sx={PAGE}>
        <Alert severity="warning">{t('audit.unknownTipo')}</Alert>
      </Box>
    );
  const title = t('audit.historyOf', { entidade: t(`audit.entidade.${tipo}`) });
  return (
    <Box sx={PAGE}>
      <PageHeader
        title={title}
        subtitle={id}
        actions={
          <Button component={RouterLink} to="/auditoria">
            {t('route.auditoriaBusca')}
          </Button>
        }
      />
      <AuditTable scope={{ entidade: tipo, entidadeId: id }} label={title} />
    </Box>
  );
}
