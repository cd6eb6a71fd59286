import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { visuallyHidden } from '../../ui/visually-hidden';
import { CloseIcon } from './icons';
import { isLoneLink, type MenuNode } from './menu';

/** A number shown beside a menu entry, and what it means (read by screen readers). */
export type MenuCount = { count: number; label: string };

type Props = {
  id: string;
  open: boolean;
  onClose: () => void;
  nodes: MenuNode[];
  /** A count shown beside the in-app entry of that path (e.g. communications to approve), with its spoken label. */
  counts?: Readonly<Record<string, MenuCount>>;
  /** True while the user types in the bar's search box: the drawer must not take the focus. */
  keepFocusOutside: boolean;
  /** The search box and other controls placed in the drawer on small screens. */
  top?: ReactNode;
  /** The header search's results (docs/domains/search.md#the-box), above the filtered menu. */
  results?: ReactNode;
  bottom?: ReactNode;
};

/** The menu (docs/domains/menu-and-shell.md#menu): categories with their items and sub-items, below the app bar. */
export function MenuDrawer({ id, open, onClose, nodes, counts = {}, keepFocusOutside, top, results, bottom }: Props) {
  const { t } = useTranslation();
  return (
    <Drawer
      id={id}
      open={open}
      onClose={onClose}
      // While the user types in the bar, the menu shows beside the search box without taking the
      // focus or hiding the page from assistive technology (not modal); otherwise it is a modal drawer.
      variant={keepFocusOutside ? 'persistent' : 'temporary'}
      sx={{ zIndex: (theme) => theme.zIndex.appBar - 1 }}
      slotProps={{
        // The modal drawer is a dialog: named by its heading.
        paper: {
          'aria-labelledby': `${id}-title`,
          sx: {
            width: { xs: '100%', sm: 360 },
            boxShadow: 8,
            top: { xs: 56, sm: 64 },
            height: { xs: 'calc(100% - 56px)', sm: 'calc(100% - 64px)' },
          },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, pt: 1 }}>
        <Typography id={`${id}-title`} variant="subtitle2" component="h2" color="text.secondary">
          {t('shell.mainMenu')}
        </Typography>
        <IconButton aria-label={t('shell.closeMenu')} onClick={onClose} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      {top && <Box sx={{ px: 2, pb: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>{top}</Box>}
      {results}
      <Box component="nav" aria-label={t('shell.mainMenu')} sx={{ flex: 1, overflowY: 'auto' }}>
        {nodes.length === 0 && (
          <Typography sx={{ px: 2, py: 2 }} color="text.secondary">
            {t('shell.noResults')}
          </Typography>
        )}
        {nodes.map((category) =>
          isLoneLink(category) ? (
            <List key={category.id} dense disablePadding>
              <MenuItemLink node={category} depth={0} onNavigate={onClose} counts={counts} />
            </List>
          ) : (
            <Box component="section" key={category.id} aria-labelledby={`menu-category-${category.id}`}>
              <ListSubheader id={`menu-category-${category.id}`} component="h3" sx={{ lineHeight: '36px', m: 0 }}>
                {category.title}
              </ListSubheader>
              <List dense disablePadding aria-labelledby={`menu-category-${category.id}`}>
                {category.children.map((item) => (
                  <MenuItemLink key={item.id} node={item} depth={0} onNavigate={onClose} counts={counts} />
                ))}
              </List>
            </Box>
          ),
        )}
      </Box>
      {bottom && <Box sx={{ px: 2, py: 1, borderTop: 1, borderColor: 'divider' }}>{bottom}</Box>}
    </Drawer>
  );
}

function MenuItemLink({
  node,
  depth,
  onNavigate,
  counts,
}: {
  node: MenuNode;
  depth: number;
  onNavigate: () => void;
  counts: Readonly<Record<string, MenuCount>>;
}) {
  const { t } = useTranslation();
  const counted = node.kind === 'app' && node.href ? counts[node.href] : undefined;
  const pl = 2 + depth * 2;
  let button: ReactNode;
  if (!node.href) {
    button = (
      <ListItemText
        sx={{ pl, pr: 2, my: 0.5 }}
        primary={node.title}
        slotProps={{ primary: { color: 'text.secondary' } }}
      />
    );
  } else if (node.kind === 'app') {
    button = (
      <ListItemButton component={Link} to={node.href} onClick={onNavigate} sx={{ pl }}>
        <ListItemText primary={node.title} secondary={node.context} />
        {counted && (
          <>
            <Chip size="small" color="warning" label={counted.count} aria-hidden data-testid="menu-count" />
            <Box component="span" sx={visuallyHidden}>
              {counted.label}
            </Box>
          </>
        )}
      </ListItemButton>
    );
  } else {
    const external = node.kind === 'external';
    button = (
      <ListItemButton
        component="a"
        href={node.href}
        target={external ? '_blank' : undefined}
        rel={external ? 'noopener' : undefined}
        sx={{ pl }}
      >
        <ListItemText primary={node.title} secondary={node.context} />
        {external && (
          <Box component="span" sx={visuallyHidden}>
            {t('shell.newTab')}
          </Box>
        )}
      </ListItemButton>
    );
  }
  return (
    <li>
      {button}
      {node.children.length > 0 && (
        <List dense disablePadding>
          {node.children.map((child) => (
            <MenuItemLink key={child.id} node={child} depth={depth + 1} onNavigate={onNavigate} counts={counts} />
          ))}
        </List>
      )}
    </li>
  );
}
