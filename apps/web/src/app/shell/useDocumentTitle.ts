import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';

/** Route metadata set by the router and read by the frame (document title, breadcrumbs). */
export type RouteHandle = { titleKey: string };

/** `${portal name} - ${title of the deepest matched route}`, in the current language. */
export function useDocumentTitle(portalName: string) {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = matches
    .map((m) => (m.handle as RouteHandle | undefined)?.titleKey)
    .filter(Boolean)
    .at(-1);
  const title = titleKey ? `${portalName} - ${t(titleKey)}` : portalName;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
