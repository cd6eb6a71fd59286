import { useEffect } from 'react';

/**
 * Points the page's icon at the customer's favicon (portal properties), when there is one; otherwise the portal's own
 * (`public/favicon.svg`, linked from index.html) stays.
 */
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
    // The customer's icon may be a PNG or an ICO: the default's SVG type would hide it.
    link.removeAttribute('type');
  }, [href]);
}
