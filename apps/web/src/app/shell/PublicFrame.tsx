import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingView } from '../../ui/LoadingView';
import { usePortalProperties } from '../portal-properties';
import { useFavicon } from './useFavicon';

/** Public screens (password recovery): no header, no sign-in; only the favicon (each screen sets its title). */
export function PublicFrame() {
  const portal = usePortalProperties();
  useFavicon(portal.favicon);
  return (
    <Suspense fallback={<LoadingView />}>
      <Outlet />
    </Suspense>
  );
}
