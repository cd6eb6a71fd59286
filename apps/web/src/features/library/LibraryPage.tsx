import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { canManageLibrary, isLibraryRoot, LIBRARY_PAGE_SIZES } from '@portal/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { apiErrorMessage } from '../../app/apollo-client';
import { useSignedInUser } from '../../app/current-user/signed-in-user';
import { useBreadcrumbLabel } from '../../app/shell/breadcrumb-labels';
import { CloseIcon } from '../../app/shell/icons';
import { CenteredMessage } from '../../ui/CenteredMessage';
import { LoadingView } from '../../ui/LoadingView';
import { ListSearch } from '../../ui/list/ListSearch';
import { useListParams } from '../../ui/list/use-list-params';
import { FolderItems } from './FolderItems';
import { FolderTrail } from './FolderTrail';
import { folderUrl } from './format';
import { kindOf, type SortKey, type SortOrder, sortItems } from './item-kind';
import { LibraryDialogs, type OpenDialog } from './LibraryDialogs';
import { LibraryToolbar, type ToolbarAction } from './LibraryToolbar';
import { ARQUIVO_BIBLIOTECA, ITEMS_POR_PASTA, type ItemBiblioteca, PASTA } from './library.documents';
import { BinIcon, GridIcon, ListIcon, SearchIcon } from './library-icons';
import { SearchResults } from './SearchResults';
import { libraryToolbarState, showsManagement } from './toolbar-state';
import { useClickSelection } from './use-click-selection';
import { useDownload } from './use-download';

type View = 'grid' | 'list';
const VIEW_KEY = 'portal.library.view';
const SORT_KEY = 'portal.library.sort';
const SORT_KEYS: SortKey[] = ['nome', 'modificado', 'tamanho'];
/** Where the spec hides the search box (mobile, ≤ 768 px): a search button opens it instead. */
const PHONE_QUERY = '(max-width: 768px)';
const NO_SELECTION: ReadonlyMap<string, ItemBiblioteca> = new Map();

/** The sort order kept in the browser; name ascending by default. */
function storedSort(): SortOrder {
  const [by, dir] = (localStorage.getItem(SORT_KEY) ?? '').split(':');
  return {
    by: SORT_KEYS.includes(by as SortKey) ? (by as SortKey) : 'nome',
    dir: dir === 'desc' ? 'desc' : 'asc',
  };
}

/** Whether the GraphQL error says the item does not exist (or is hidden, which answers the same). */
const isNotFound = (error: { graphQLErrors: readonly { extensions?: Record<string, unknown> }[] } | undefined) =>
  Boolean(error?.graphQLErrors.some((e) => e.extensions?.code === 'NOT_FOUND'));

/** The search's list state in the URL (`?busca=&pagina=&itens=`), on the library's page sizes. */
const SEARCH_OPTIONS = { pageSizes: LIBRARY_PAGE_SIZES };

/** The screen of both routes: a new folder starts fresh (no selection, no dialog, no search). */
export function LibraryScreen() {
  const { idPasta } = useParams();
  return <LibraryPage key={idPasta ?? 'root'} />;
}

/**
 * /biblioteca and /biblioteca/:idPasta (docs/domains/library.md): the folder's trail from the root, its
 * items as a grid or a list in the chosen order, the search (the kit's list, state in the URL; on mobile
 * behind a search button), the toolbar and the dialogs. What the user may do comes from the server
 * (`viewerCan`). The selection belongs to what the user sees: starting or changing a search, opening
 * another folder or changing the view clears it, and during a search the toolbar acts on selected hits.
 */
export function LibraryPage() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useSignedInUser();
  const idPasta = useParams().idPasta ?? null;
  const root = isLibraryRoot(idPasta);
  const [view, setView] = useState<View>(() => (localStorage.getItem(VIEW_KEY) === 'list' ? 'list' : 'grid'));
  const [sort, setSort] = useState<SortOrder>(storedSort);
  const search = useListParams(SEARCH_OPTIONS);
  const searching = search.query.busca.length > 0;
  // The selection is kept with what it was made on (the view, or the search text): once that changes it is gone.
  const scope = searching ? `busca:${search.query.busca}` : `pasta:${view}`;
  const [picked, setPicked] = useState<{ scope: string; items: ReadonlyMap<string, ItemBiblioteca> }>({
    scope,
    items: NO_SELECTION,
  });
  const selectedMap = picked.scope === scope ? picked.items : NO_SELECTION;
  const setSelected = (items: ReadonlyMap<string, ItemBiblioteca>) => setPicked({ scope, items });
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const download = useDownload();
  const phone = useMediaQuery(PHONE_QUERY);
  const [searchOpen, setSearchOpen] = useState(false);
  const searchBox = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const pasta = useQuery(PASTA, { variables: { idPasta: idPasta ?? '' }, skip: root });
  const items = useQuery(ITEMS_POR_PASTA, {
    variables: { idPasta: root ? null : idPasta },
    fetchPolicy: 'network-only',
    nextFetchPolicy: 'cache-first',
  });
  const folder = pasta.data?.pasta;
  // The page's folder trail names every folder up to the root; the header's trail stops at the library, so the two
  // never disagree in nested folders.
  useBreadcrumbLabel(pathname, root ? undefined : null);

  const list = useMemo(
    () => sortItems(items.data?.itemsPorPasta ?? [], sort, i18n.language),
    [items.data, sort, i18n.language],
  );
  const selection = useMemo(
    () => (searching ? [...selectedMap.values()] : list.filter((i) => selectedMap.has(i.id))),
    [searching, list, selectedMap],
  );
  const images = useMemo(() => list.filter((i) => !i.pasta && i.arquivoImagem), [list]);
  const chaves = useMemo(() => user.funcionalidades.map((f) => f.chave), [user]);
  const folderAccess = folder?.permissoesAcessoUsuarioLogado.map((p) => p.id) ?? [];
  const actions = libraryToolbarState({ chaves }, selection, { id: root ? null : idPasta, access: folderAccess });
  const management = showsManagement({ chaves }, folderAccess, [...list, ...selection]);

  // Opening a folder moves the focus to its heading, so keyboard and screen reader users start there.
  const folderLoaded = Boolean(folder);
  useEffect(() => {
    if (!root && folderLoaded) heading.current?.focus();
  }, [root, folderLoaded]);
  // The phone's search button opens the box with the caret in it.
  useEffect(() => {
    if (searchOpen) searchBox.current?.querySelector('input')?.focus();
  }, [searchOpen]);

  const detailsOf = (item: ItemBiblioteca): OpenDialog =>
    item.pasta ? { kind: 'folderDetails', folder: item } : { kind: 'details', file: item };
  const open = (item: ItemBiblioteca) => {
    if (item.pasta) navigate(folderUrl(item.id));
    else if (item.arquivoImagem && images.some((i) => i.id === item.id)) setDialog({ kind: 'viewer', itemId: item.id });
    else if (kindOf(item) === 'pdf') setDialog({ kind: 'pdf', file: item });
    else setDialog(detailsOf(item));
  };
  const select = (item: ItemBiblioteca, additive: boolean) => {
    const current = selectedMap;
    if (additive) {
      const next = new Map(current);
      if (!next.delete(item.id)) next.set(item.id, item);
      setSelected(next);
    } else setSelected(current.size === 1 && current.has(item.id) ? NO_SELECTION : new Map([[item.id, item]]));
  };
  const clicks = useClickSelection({ onSelect: select, onOpen: open });

  // `?abrir=<file id>` (the header search, docs/domains/search.md#where-a-result-opens): the file opens as a click
  // would, once the folder is shown; the parameter is then dropped, so back and reload do not open it again.
  const [params, setParams] = useSearchParams();
  const toOpen = params.get('abrir');
  const fileToOpen = useQuery(ARQUIVO_BIBLIOTECA, { variables: { idArquivo: toOpen ?? '' }, skip: !toOpen });
  const openedFile = fileToOpen.data?.arquivo;
  const folderShown = Boolean(items.data);
  // biome-ignore lint/correctness/useExhaustiveDependencies: opens once per file asked for; `open` changes every render
  useEffect(() => {
    if (!toOpen || (!openedFile && !fileToOpen.error) || !folderShown) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('abrir');
        return next;
      },
      { replace: true },
    );
    if (openedFile) open(openedFile);
  }, [toOpen, openedFile, fileToOpen.error, folderShown]);

  const notFound = isNotFound(pasta.error) || isNotFound(items.error);
  if (notFound)
    return (
      <CenteredMessage
        title={t('library.notFound')}
        text={t('library.notFoundText')}
        action={
          <Button component={RouterLink} to="/biblioteca" variant="contained">
            {t('library.backToRoot')}
          </Button>
        }
      />
    );

  const error = pasta.error ?? items.error;
  let body = <LoadingView />;
  if (searching) body = <SearchResults list={search} onOpen={open} selected={selectedMap} onSelect={setSelected} />;
  else if (error) body = <Alert severity="error">{apiErrorMessage(error, t('library.loadError'))}</Alert>;
  else if (items.data && list.length === 0)
    body = (
      <Typography color="text.secondary" sx={{ py: 8, textAlign: 'center' }}>
        {t('library.empty')}
      </Typography>
    );
  else if (items.data) body = <FolderItems items={list} view={view} selected={selectedMap} {...clicks} />;

  const title = root ? t('library.title') : (folder?.nome ?? '');
  const showSearchBox = !phone || searchOpen || searching;
  const onAction = (action: ToolbarAction) => {
    if (action === 'download') void download(selection);
    else if (action === 'upload' && root) setDialog({ kind: 'uploadHint' });
    else if (action === 'details') setDialog(detailsOf(selection[0]));
    else setDialog({ kind: action });
  };

  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 } }}>
      <Typography
        ref={heading}
        tabIndex={-1}
        variant="h4"
        component="h1"
        gutterBottom
        // A long folder name takes three lines at most (smaller on a phone), the whole name on hover: 200 characters
        // pushed the toolbar a screen down.
        title={title}
        sx={{
          wordBreak: 'break-word',
          fontSize: { xs: '1.5rem', sm: undefined },
          display: '-webkit-box',
          WebkitLineClamp: 3,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          '&:focus': { outline: 'none' },
        }}
      >
        {title}
      </Typography>
      <FolderTrail folder={root ? null : folder} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, my: 2 }}>
        {/* As wide as its buttons: a manager's take one row on a wide screen and push the search to the next (at
            480 px they wrapped in three rows beside an empty space); a reader's few stay beside the search. */}
        <Box sx={{ flex: '0 1 auto', minWidth: 0 }}>
          <LibraryToolbar
            actions={actions}
            onAction={onAction}
            management={management}
            explainUpload={root && canManageLibrary({ chaves })}
            single={selection.length === 1 ? selection[0] : null}
          />
        </Box>
        {/* Always there: whoever deleted the last item they could write here still finds it in the bin. */}
        <Button size="small" variant="text" startIcon={<BinIcon />} onClick={() => setDialog({ kind: 'bin' })}>
          {t('library.bin.open')}
        </Button>
        {showSearchBox ? (
          <Box ref={searchBox} sx={{ display: 'flex', alignItems: 'center', gap: 1, width: { xs: '100%', sm: 280 } }}>
            <ListSearch label={t('library.searchLabel')} value={search.query.busca} onSearch={search.setSearch} />
            {phone && (
              <IconButton
                aria-label={t('library.closeSearch')}
                onClick={() => {
                  setSearchOpen(false);
                  search.setSearch('');
                }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
        ) : (
          <IconButton aria-label={t('library.openSearch')} onClick={() => setSearchOpen(true)}>
            <SearchIcon />
          </IconButton>
        )}
        {!searching && (
          <TextField
            select
            size="small"
            label={t('library.sort.label')}
            value={sort.by}
            onChange={(e) => {
              const next = { ...sort, by: e.target.value as SortKey };
              setSort(next);
              localStorage.setItem(SORT_KEY, `${next.by}:${next.dir}`);
            }}
            sx={{ minWidth: 150 }}
          >
            {SORT_KEYS.map((key) => (
              <MenuItem key={key} value={key}>
                {t(`library.sort.${key}`)}
              </MenuItem>
            ))}
          </TextField>
        )}
        {!searching && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={sort.dir}
            aria-label={t('library.sort.direction')}
            onChange={(_, dir: SortOrder['dir'] | null) => {
              if (!dir) return;
              const next = { ...sort, dir };
              setSort(next);
              localStorage.setItem(SORT_KEY, `${next.by}:${next.dir}`);
            }}
          >
            <ToggleButton value="asc" aria-label={t('library.sort.asc')}>
              ↑
            </ToggleButton>
            <ToggleButton value="desc" aria-label={t('library.sort.desc')}>
              ↓
            </ToggleButton>
          </ToggleButtonGroup>
        )}
        {!searching && (
          <ToggleButtonGroup
            size="small"
            exclusive
            value={view}
            aria-label={t('library.viewMode')}
            onChange={(_, next: View | null) => {
              if (!next) return;
              setView(next);
              localStorage.setItem(VIEW_KEY, next);
            }}
          >
            <ToggleButton value="grid" aria-label={t('library.viewGrid')}>
              <GridIcon fontSize="small" />
            </ToggleButton>
            <ToggleButton value="list" aria-label={t('library.viewList')}>
              <ListIcon fontSize="small" />
            </ToggleButton>
          </ToggleButtonGroup>
        )}
      </Box>
      {selection.length > 0 && !searching && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} role="status">
          {t('library.selected', { count: selection.length })}
        </Typography>
      )}
      {body}
      <LibraryDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        onViewerIndex={(index) => setDialog({ kind: 'viewer', itemId: images[index]?.id ?? '' })}
        selection={selection}
        images={images}
        currentFolderId={root ? null : idPasta}
        currentFolderName={root ? t('library.root') : (folder?.nome ?? '')}
        onDeleted={() => setSelected(NO_SELECTION)}
        onDownload={(file) => void download([file])}
      />
    </Box>
  );
}
