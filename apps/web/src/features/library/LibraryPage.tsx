import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { isLibraryRoot, LIBRARY_PAGE_SIZES } from '@portal/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router';
import { apiErrorMessage } from '../../app/apollo-client';
import { useSignedInUser } from '../../app/current-user/signed-in-user';
import { useBreadcrumbLabel } from '../../app/shell/breadcrumb-labels';
import { CenteredMessage } from '../../ui/CenteredMessage';
import { LoadingView } from '../../ui/LoadingView';
import { ListSearch } from '../../ui/list/ListSearch';
import { useListParams } from '../../ui/list/use-list-params';
import { FolderItems } from './FolderItems';
import { FolderTrail } from './FolderTrail';
import { folderUrl } from './format';
import { LibraryDialogs, type OpenDialog } from './LibraryDialogs';
import { LibraryToolbar } from './LibraryToolbar';
import { ITEMS_POR_PASTA, type ItemBiblioteca, PASTA } from './library.documents';
import { GridIcon, ListIcon } from './library-icons';
import { SearchResults } from './SearchResults';
import { libraryToolbarState } from './toolbar-state';
import { useClickSelection } from './use-click-selection';
import { useDownload } from './use-download';

type View = 'grid' | 'list';
const VIEW_KEY = 'portal.library.view';

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
 * items as a grid or a list, the search (the kit's list, state in the URL; hidden on mobile), the
 * toolbar and the dialogs. What the user may do comes from the server (`viewerCan`).
 */
export function LibraryPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const user = useSignedInUser();
  const idPasta = useParams().idPasta ?? null;
  const root = isLibraryRoot(idPasta);
  const [view, setView] = useState<View>(() => (localStorage.getItem(VIEW_KEY) === 'list' ? 'list' : 'grid'));
  const search = useListParams(SEARCH_OPTIONS);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const download = useDownload();

  const pasta = useQuery(PASTA, { variables: { idPasta: idPasta ?? '' }, skip: root });
  const items = useQuery(ITEMS_POR_PASTA, {
    variables: { idPasta: root ? null : idPasta },
    fetchPolicy: 'network-only',
    nextFetchPolicy: 'cache-first',
  });
  const folder = pasta.data?.pasta;
  useBreadcrumbLabel(pathname, root ? undefined : folder?.nome);

  const list = items.data?.itemsPorPasta ?? [];
  const selection = useMemo(() => list.filter((i) => selectedIds.has(i.id)), [list, selectedIds]);
  const images = useMemo(() => list.filter((i) => !i.pasta && i.arquivoImagem), [list]);
  const chaves = useMemo(() => user.funcionalidades.map((f) => f.chave), [user]);
  const actions = libraryToolbarState({ chaves }, selection, {
    id: root ? null : idPasta,
    access: folder?.permissoesAcessoUsuarioLogado.map((p) => p.id) ?? [],
  });

  const open = (item: ItemBiblioteca) => {
    if (item.pasta) navigate(folderUrl(item.id));
    else if (item.arquivoImagem && images.some((i) => i.id === item.id)) setDialog({ kind: 'viewer', itemId: item.id });
    else void download([item]);
  };
  const select = (item: ItemBiblioteca, additive: boolean) =>
    setSelectedIds((current) => {
      if (additive) {
        const next = new Set(current);
        if (!next.delete(item.id)) next.add(item.id);
        return next;
      }
      return current.size === 1 && current.has(item.id) ? new Set() : new Set([item.id]);
    });
  const clicks = useClickSelection({ onSelect: select, onOpen: open });

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

  const searching = search.query.busca.length > 0;
  const error = pasta.error ?? items.error;
  let body = <LoadingView />;
  if (searching) body = <SearchResults list={search} onOpen={open} />;
  else if (error) body = <Alert severity="error">{apiErrorMessage(error, t('library.loadError'))}</Alert>;
  else if (items.data && list.length === 0)
    body = (
      <Typography color="text.secondary" sx={{ py: 8, textAlign: 'center' }}>
        {t('library.empty')}
      </Typography>
    );
  else if (items.data) body = <FolderItems items={list} view={view} selected={selectedIds} {...clicks} />;

  const title = root ? t('library.title') : (folder?.nome ?? '');

  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 3 } }}>
      <Typography variant="h4" component="h1" gutterBottom sx={{ wordBreak: 'break-word' }}>
        {title}
      </Typography>
      <FolderTrail folder={root ? null : folder} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, my: 2 }}>
        <Box sx={{ flex: '1 1 480px' }}>
          <LibraryToolbar
            actions={actions}
            onAction={(action) => (action === 'download' ? void download(selection) : setDialog({ kind: action }))}
          />
        </Box>
        <Box sx={{ width: { xs: '100%', sm: 280 }, '@media (max-width: 768px)': { display: 'none' } }}>
          <ListSearch label={t('library.searchLabel')} value={search.query.busca} onSearch={search.setSearch} />
        </Box>
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
        onDeleted={() => setSelectedIds(new Set())}
        onDownload={(file) => void download([file])}
      />
    </Box>
  );
}
