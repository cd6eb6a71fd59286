import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Link from '@mui/material/Link';
import { alpha } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, type ReactNode, Suspense, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useApprovalsCount } from '../../features/communications/approvals-count';
import { comunicadoUrls } from '../../features/communications/format';
import { NotificationsBell } from '../../features/notifications/NotificationsBell';
import type { SignedInUser } from '../current-user/current-user.documents';
import { LanguagePicker } from '../current-user/LanguagePicker';
import { HelpIcon, MenuIcon, SchoolIcon, SearchIcon } from './icons';
import { filterMenu, type MenuNode } from './menu';
import type { MenuData } from './shell.documents';
import { UserMenu } from './UserMenu';

/** Loaded when first opened: keeps /home's initial JavaScript small. */
const MenuDrawer = lazy(async () => ({ default: (await import('./MenuDrawer')).MenuDrawer }));

/**
 * Breakpoints (docs/domains/menu-and-shell.md#header): the search box leaves the bar below 640 px; mobile layout at 768
 * px and below.
 */
export const SEARCH_IN_BAR = '(min-width: 640px)';
export const DESKTOP = '(min-width: 769px)';

type Props = {
  portalName: string;
  user: SignedInUser;
  menuData: MenuData | undefined;
  menu: MenuNode[];
  notificationsEnabled: boolean;
};

/** The header of every signed-in screen (docs/domains/menu-and-shell.md#header). */
/** The menu entry beside which the approver's count shows. */
const APPROVALS_PATH = comunicadoUrls.inbox;

export function Header({ portalName, user, menuData, menu, notificationsEnabled }: Props) {
  const { t } = useTranslation();
  const searchInBar = useMediaQuery(SEARCH_IN_BAR, { noSsr: true });
  const desktop = useMediaQuery(DESKTOP, { noSsr: true });
  const drawerId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [typingInBar, setTypingInBar] = useState(false);
  // Mounted from the first opening on, so closing still animates.
  const [drawerLoaded, setDrawerLoaded] = useState(false);
  if (open && !drawerLoaded) setDrawerLoaded(true);
  const shown = useMemo(() => filterMenu(menu, query), [menu, query]);
  // What waits for the user beside its menu entry: the approver's communications to approve (decision 0032).
  const toApprove = useApprovalsCount();
  const counts = useMemo(
    () =>
      toApprove
        ? {
            [APPROVALS_PATH]: {
              count: toApprove,
              label: t('shell.toApproveCount', { count: toApprove }),
            },
          }
        : {},
    [toApprove, t],
  );

  const closeMenu = () => {
    setOpen(false);
    setTypingInBar(false);
    setQuery('');
  };

  const search = (
    <SearchBox
      value={query}
      inBar={searchInBar}
      onChange={(value) => {
        setQuery(value);
        if (searchInBar) {
          setTypingInBar(true);
          setOpen(value.trim() !== '');
        }
      }}
      onEscape={closeMenu}
    />
  );
  const links = (
    <>
      {menuData?.linkAcademia && (
        <HeaderLink href={menuData.linkAcademia} label={t('shell.academy')} icon={<SchoolIcon />} />
      )}
      {menuData?.linkHelpTec && (
        <HeaderLink href={menuData.linkHelpTec} label={t('shell.helpCenter')} icon={<HelpIcon />} />
      )}
    </>
  );

  return (
    <AppBar position="sticky" elevation={1}>
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        <IconButton
          color="inherit"
          edge="start"
          data-tour="menu"
          aria-label={open ? t('shell.closeMenu') : t('shell.openMenu')}
          aria-expanded={open}
          aria-controls={open ? drawerId : undefined}
          onClick={() => (open ? closeMenu() : setOpen(true))}
        >
          <MenuIcon />
        </IconButton>
        <Link
          component={RouterLink}
          to="/home"
          color="inherit"
          underline="none"
          aria-label={menuData?.brandImageUrl ? t('shell.homeLink', { portal: portalName }) : undefined}
          sx={{ display: 'flex', alignItems: 'center', minWidth: 0, mr: 1 }}
        >
          {menuData?.brandImageUrl ? (
            <Box component="img" src={menuData.brandImageUrl} alt={portalName} sx={{ height: 36, maxWidth: 160 }} />
          ) : (
            <Box
              component="span"
              sx={{
                fontWeight: 600,
                fontSize: { xs: 16, sm: 20 },
                whiteSpace: 'nowrap',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
              }}
            >
              {portalName}
            </Box>
          )}
        </Link>
        {searchInBar && search}
        <Box sx={{ flex: 1 }} />
        <Box data-tour="toolbar" sx={{ display: 'flex', alignItems: 'center', gap: { xs: 0, sm: 0.5 } }}>
          {desktop && links}
          {searchInBar && <LanguagePicker compact />}
          {notificationsEnabled && <NotificationsBell />}
          <UserMenu user={user} links={menuData?.linksExtras ?? []} />
        </Box>
      </Toolbar>
      {drawerLoaded && (
        <Suspense fallback={null}>
          <MenuDrawer
            id={drawerId}
            open={open}
            onClose={closeMenu}
            nodes={shown}
            counts={counts}
            keepFocusOutside={typingInBar}
            top={searchInBar ? undefined : search}
            bottom={
              searchInBar && desktop ? undefined : (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  {!searchInBar && <LanguagePicker />}
                  {!desktop && links}
                </Box>
              )
            }
          />
        </Suspense>
      )}
    </AppBar>
  );
}

function HeaderLink({ href, label, icon }: { href: string; label: string; icon: ReactNode }) {
  const { t } = useTranslation();
  return (
    <IconButton
      color="inherit"
      href={href}
      target="_blank"
      rel="noopener"
      title={label}
      aria-label={`${label} ${t('shell.newTab')}`}
    >
      {icon}
    </IconButton>
  );
}

function SearchBox({
  value,
  inBar,
  onChange,
  onEscape,
}: {
  value: string;
  inBar: boolean;
  onChange: (value: string) => void;
  onEscape: () => void;
}) {
  const { t } = useTranslation();
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') onEscape();
  };
  // The same field in both places; only the frame around it differs (bar or drawer).
  const input = (
    <InputBase
      type="search"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={onKeyDown}
      placeholder={t('shell.search')}
      inputProps={{ 'aria-label': t('shell.search') }}
      sx={inBar ? { color: 'inherit', flex: 1, '& ::placeholder': { color: 'inherit', opacity: 0.9 } } : { flex: 1 }}
    />
  );
  if (!inBar) {
    return (
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          px: 1.5,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
        }}
      >
        <SearchIcon fontSize="small" color="action" />
        {input}
      </Box>
    );
  }
  return (
    <Box
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        borderRadius: 1,
        bgcolor: alpha(theme.palette.common.black, 0.2),
        '&:hover, &:focus-within': { bgcolor: alpha(theme.palette.common.black, 0.28) },
        width: { sm: 220, lg: 320 },
      })}
    >
      <SearchIcon fontSize="small" />
      {input}
    </Box>
  );
}
