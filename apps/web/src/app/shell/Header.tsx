import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputBase from '@mui/material/InputBase';
import Link from '@mui/material/Link';
import { alpha } from '@mui/material/styles';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useApprovalsCount } from '../../features/communications/approvals-count';
import { comunicadoUrls } from '../../features/communications/format';
import { NotificationsBell } from '../../features/notifications/NotificationsBell';
import type { SignedInUser } from '../current-user/current-user.documents';
import { LanguagePicker } from '../current-user/LanguagePicker';
import { HelpIcon, MenuIcon, SchoolIcon, SearchIcon } from './icons';
import { filterMenu, type MenuNode } from './menu';
import { recentSearches, rememberSearch } from './recent-searches';
import { isSearchShortcut, optionId, type SearchOption } from './search-options';
import type { MenuData } from './shell.documents';
import { UserMenu } from './UserMenu';

/** Loaded when first opened: keeps /home's initial JavaScript small. */
const MenuDrawer = lazy(async () => ({ default: (await import('./MenuDrawer')).MenuDrawer }));
const GlobalSearchResults = lazy(async () => ({
  default: (await import('./GlobalSearchResults')).GlobalSearchResults,
}));

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
    setActive(-1);
  };

  // The header search (docs/domains/search.md#the-box): results under the box, arrows, Enter, Esc, Ctrl/Cmd+K.
  const navigate = useNavigate();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [options, setOptions] = useState<SearchOption[]>([]);
  const [active, setActive] = useState(-1);
  const [recents, setRecents] = useState<string[]>(recentSearches);
  const [focusWanted, setFocusWanted] = useState(false);
  const onOptions = useCallback((next: SearchOption[]) => {
    setOptions(next);
    setActive(-1);
  }, []);
  const activate = (option: SearchOption) => {
    if (option.kind === 'recent') {
      setQuery(option.text);
      setActive(-1);
      if (searchInBar) {
        setTypingInBar(true);
        setOpen(true);
      }
      return;
    }
    rememberSearch(query);
    setRecents(recentSearches());
    closeMenu();
    if (option.externo) window.open(option.rota, '_blank', 'noopener');
    else navigate(option.rota);
  };
  const onSearchKey = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') closeMenu();
    else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!options.length) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      // -1 is the box itself: past the last option the arrows come back to it, and from it up to the last one.
      setActive((current) => {
        const next = current + step;
        if (next >= options.length) return -1;
        return next < -1 ? options.length - 1 : next;
      });
    } else if (event.key === 'Enter') {
      const chosen = options[active] ?? options.find((o) => o.kind !== 'recent');
      if (chosen) {
        event.preventDefault();
        activate(chosen);
      }
    }
  };
  const onSearchFocus = () => {
    const stored = recentSearches();
    setRecents(stored);
    // An empty box offers the last searches.
    if (searchInBar && !query && stored.length) {
      setTypingInBar(true);
      setOpen(true);
    }
  };
  // Ctrl+K (Cmd+K on a Mac) focuses the box; below 640 px it opens the menu, where the box is.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      if (searchInBar) inputRef.current?.focus();
      else {
        setOpen(true);
        setFocusWanted(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [searchInBar]);
  useEffect(() => {
    if (!focusWanted || !open) return;
    const timer = setTimeout(() => {
      inputRef.current?.focus();
      setFocusWanted(false);
    }, 50);
    return () => clearTimeout(timer);
  }, [focusWanted, open]);
  const listShown = open && options.length > 0;

  const search = (
    <SearchBox
      value={query}
      inBar={searchInBar}
      inputRef={inputRef}
      onChange={(value) => {
        setQuery(value);
        setActive(-1);
        if (searchInBar) {
          setTypingInBar(true);
          setOpen(value.trim() !== '' || recents.length > 0);
        }
      }}
      onKeyDown={onSearchKey}
      onFocus={onSearchFocus}
      listAria={{
        'aria-controls': listShown ? listId : undefined,
        'aria-activedescendant': listShown && active >= 0 ? optionId(listId, active) : undefined,
      }}
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
            results={
              <Suspense fallback={null}>
                <GlobalSearchResults
                  id={listId}
                  text={query}
                  recents={recents}
                  active={active}
                  onOptions={onOptions}
                  onActivate={activate}
                />
              </Suspense>
            }
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
  inputRef,
  onChange,
  onKeyDown,
  onFocus,
  listAria,
}: {
  value: string;
  inBar: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (value: string) => void;
  onKeyDown: (event: React.KeyboardEvent) => void;
  onFocus: () => void;
  listAria: Record<string, string | boolean | undefined>;
}) {
  const { t } = useTranslation();
  // The same field in both places; only the frame around it differs (bar or drawer).
  const input = (
    <InputBase
      type="search"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
      inputRef={inputRef}
      placeholder={t('shell.search')}
      inputProps={{
        // A search box (its role and name unchanged) that drives the results list below it.
        'aria-label': t('shell.search'),
        'aria-autocomplete': 'list',
        'aria-keyshortcuts': 'Control+K Meta+K',
        ...listAria,
      }}
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
