import { canSeeRoute, type GuardSubject, matchRoute } from '@portal/domain';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useToast } from '../../ui/toast';

/**
 * docs/domains/permissions.md#route-table: a signed-in user who may not open the current path (route table guard: user
 * type and feature keys) goes to /home, and is told why (issue 17 point 12). Paths outside the table (404) are left
 * to the router.
 */
export function RouteGuard({ user, children }: { user: GuardSubject; children: ReactNode }) {
  const { pathname } = useLocation();
  const route = matchRoute(pathname);
  if (route && !canSeeRoute(user, route)) return <NoAccess titleKey={route.titleKey} />;
  return children;
}

/** Goes to /home with a warning naming the page the user may not open. */
function NoAccess({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const told = useRef(false);
  useEffect(() => {
    if (!told.current) toast.warning(t('shell.noAccess', { page: t(titleKey) }));
    told.current = true;
    navigate('/home', { replace: true });
  }, [navigate, t, titleKey, toast]);
  return null;
}
