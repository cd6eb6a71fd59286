import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { matchRoute } from '@portal/domain';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useBreadcrumbLabels } from './breadcrumb-labels';
import { type MenuNode, menuLabelOf, pathMatches } from './menu';

type Crumb = { id: string; path: string; label: string };

/**
 * docs/domains/menu-and-shell.md#breadcrumbs: the trail of the current path, labelled from the menu (or the route
 * table), the root labelled with the product name. A screen can label its own path (`useBreadcrumbLabel`), or leave
 * it out when its own trail says more (a library folder). Hidden at 768 px and below.
 */
export function Breadcrumbs({
  productName,
  menu,
  registeredPaths,
}: {
  productName: string;
  menu: MenuNode[];
  registeredPaths: readonly string[];
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const screenLabels = useBreadcrumbLabels();
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ id: 'root', path: '/home', label: productName }];
  for (let i = 0; i < segments.length; i++) {
    const path = `/${segments.slice(0, i + 1).join('/')}`;
    const route = matchRoute(path);
    const screenLabel = screenLabels.get(path);
    if (screenLabel === null) continue;
    const label = screenLabel ?? menuLabelOf(menu, path) ?? (route ? t(route.titleKey) : undefined);
    if (label) crumbs.push({ id: path, path, label });
  }
  const linkable = (path: string) => registeredPaths.some((p) => pathMatches(p, path));

  return (
    <Box
      component="nav"
      aria-label={t('shell.breadcrumbs')}
      sx={{
        maxWidth: 1440,
        mx: 'auto',
        px: 3,
        pt: 2,
        fontSize: 14,
        color: 'text.secondary',
        '@media (max-width: 768px)': { display: 'none' },
      }}
    >
      <Box
        component="ol"
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', listStyle: 'none', m: 0, p: 0 }}
      >
        {crumbs.map((crumb, i) => {
          // The current page, unless a screen left its own path out (then the last crumb is a way back up).
          const last = i === crumbs.length - 1 && i > 0 && crumb.path === pathname;
          return (
            <Fragment key={crumb.id}>
              {i > 0 && (
                <Box component="li" aria-hidden sx={{ mx: 1 }}>
                  /
                </Box>
              )}
              <li>
                {last || !linkable(crumb.path) ? (
                  <Box component="span" aria-current={last ? 'page' : undefined} sx={{ color: 'text.primary' }}>
                    {crumb.label}
                  </Box>
                ) : (
                  <Link component={RouterLink} to={crumb.path} underline="hover" color="inherit">
                    {crumb.label}
                  </Link>
                )}
              </li>
            </Fragment>
          );
        })}
      </Box>
    </Box>
  );
}
