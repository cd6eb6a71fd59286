import type { AnchorHTMLAttributes, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { visuallyHidden } from '../../ui/visually-hidden';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target'> & {
  /** An in-app path (`/…`) or an http(s) address (the domain's link rule). */
  href: string;
  /** `_blank` opens a new tab (told to screen readers); anything else the same tab. */
  target?: string | null;
  ref?: Ref<HTMLAnchorElement>;
};

/**
 * The link of a slide or ad as its administrator chose: an in-app path in the same tab goes through the router (no
 * reload); `_blank` opens a new tab without handing it this window (`rel="noopener noreferrer"`) and says so to
 * screen readers; any other address loads in the same tab. Other props (class, handlers) reach the `<a>`, so a MUI
 * `Button component={ContentLink}` works.
 */
export function ContentLink({ href, target, children, ...rest }: Props) {
  const { t } = useTranslation();
  if (target === '_blank') {
    const label = rest['aria-label'];
    return (
      <a
        {...rest}
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={label ? `${label} ${t('shell.newTab')}` : undefined}
      >
        {children}
        {!label && <span style={visuallyHidden}> {t('shell.newTab')}</span>}
      </a>
    );
  }
  if (href.startsWith('/'))
    return (
      <RouterLink {...rest} to={href}>
        {children}
      </RouterLink>
    );
  return (
    <a {...rest} href={href}>
      {children}
    </a>
  );
}
