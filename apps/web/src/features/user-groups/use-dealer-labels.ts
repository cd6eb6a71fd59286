import { useTranslation } from 'react-i18next';
import { usePortalProperties } from '../../app/portal-properties';

/**
 * The customer's words for "dealer" and "dealers" (portal properties `labelDealer`, `labelDealers`),
 * or the catalogue's when the portal has none: what the member search and lists say of dealers.
 */
export function useDealerLabels(): { dealer: string; dealers: string } {
  const { t } = useTranslation();
  const portal = usePortalProperties();
  return {
    dealer: portal.labelDealer || t('userGroups.members.dealer'),
    dealers: portal.labelDealers || t('userGroups.members.dealers'),
  };
}
