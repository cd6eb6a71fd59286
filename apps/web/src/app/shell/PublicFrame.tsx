import { Outlet } from 'react-router';
import { usePortalProperties } from '../portal-properties';
import { useDocumentTitle } from './useDocumentTitle';
import { useFavicon } from './useFavicon';

/** Public screens (password recovery): no header, no sign-in; only the title and the favicon. */
export function PublicFrame() {
  const portal = usePortalProperties();
  useDocumentTitle(portal.name);
  useFavicon(portal.favicon);
  return <Outlet />;
}
