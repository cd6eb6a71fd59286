import { canSeeRoute, type GuardSubject, matchRoute } from '@portal/domain';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

/**
 * docs/domains/permissions.md#route-table: a signed-in user who may not open the current path (route table guard: user
 * type and feature keys) goes to /home. Paths outside the table (404) are left to the router.
 */
export function RouteGuard({ user, children }: { user: GuardSubject; children: ReactNode }) {
  const { pathname } = useLocation();
  const route = matchRoute(pathname);
  if (route && !canSeeRoute(user, route)) return <Navigate to="/home" replace />;
  return children;
}
