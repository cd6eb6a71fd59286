import { useEffect } from 'react';

/** Points the page's icon at the customer's favicon (portal properties), when there is one. */
export function useFavicon(href: string | null | undefined) {
  useEffect(() => {
    if (!href) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    link.href = href;
  }, [href]);
}
