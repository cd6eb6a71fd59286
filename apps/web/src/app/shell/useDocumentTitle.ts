import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** `${portal name} - ${title of the current screen}`, in the current language; the portal's name alone without one. */
export function useDocumentTitle(portalName: string, titleKey?: string) {
  const { t } = useTranslation();
  const title = titleKey ? `${portalName} - ${t(titleKey)}` : portalName;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
