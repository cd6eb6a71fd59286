import { useQuery } from '@apollo/client';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { canMoveTo, LIBRARY_ROOT_ID } from '@portal/domain';
import { createContext, type KeyboardEvent, useContext, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../ui/list/ListSearch';
import { visuallyHidden } from '../../ui/visually-hidden';
import { folderPath } from './format';
import { PASTAS_DESTINO } from './library.documents';
import type { PastasDestinoQuery } from './library.generated';

type Destination = PastasDestinoQuery['pastasDestino'][number];

/** What is being placed: a library item (a move) or a bin entry (a restore), and the folder it is in or was in. */
type Placing = { id: string; pastaPai: { id: string } | null };

type TreeState = {
  item: Placing;
  value: string;
  onChange: (id: string) => void;
  expanded: ReadonlySet<string>;
  toggle: (id: string, open?: boolean) => void;
  focusId: string | null;
  setFocusId: (id: string) => void;
};

const TreeContext = createContext<TreeState | null>(null);
const useTree = () => useContext(TreeContext) as TreeState;

type Props = {
  /** The item being placed: it and its descendants are no destination, nor its current (or original) folder. */
  item: Placing;
  /** The chosen folder id (LIBRARY_ROOT_ID for the root), '' for none yet. */
  value: string;
  onChange: (id: string) => void;
  /** Offer the root itself (a folder not already there). */
  includeRoot: boolean;
  error?: string;
};

/**
 * The destinations of a move (and of a restore from the bin) as a folder tree (docs/domains/library.md#forms): the folders the user may write
 * into, one level at a time (pastasDestino), each with its full name and its path beside it, and a search by name.
 * A WAI-ARIA tree: arrows move, Right opens or enters, Left closes or goes up, Home and End, Enter or Space
 * chooses; one item is in the tab order.
 */
export function FolderTree({ item, value, onChange, includeRoot, error }: Props) {
  const { t } = useTranslation();
  const [busca, setBusca] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const [focusId, setFocusId] = useState<string | null>(null);
  const treeRef = useRef<HTMLUListElement>(null);
  const errorId = useId();

  const toggle = (id: string, open?: boolean) =>
    setExpanded((set) => {
      const next = new Set(set);
      if (open ?? !set.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const tree = treeRef.current;
    const current = (document.activeElement as HTMLElement | null)?.closest<HTMLElement>('[role="treeitem"]');
    if (!tree || !current) return;
    const items = [...tree.querySelectorAll<HTMLElement>('[role="treeitem"]')];
    const index = items.indexOf(current);
    const id = current.dataset.id as string;
    const focus = (el: HTMLElement | null | undefined) => {
      if (!el) return;
      setFocusId(el.dataset.id as string);
      el.focus();
    };
    const isOpen = current.getAttribute('aria-expanded');
    const choose = () => current.dataset.selectable === 'true' && onChange(id);
    switch (event.key) {
      case 'ArrowDown':
        focus(items[index + 1]);
        break;
      case 'ArrowUp':
        focus(items[index - 1]);
        break;
      case 'Home':
        focus(items[0]);
        break;
      case 'End':
        focus(items.at(-1));
        break;
      case 'ArrowRight':
        if (isOpen === 'false') toggle(id, true);
        else if (isOpen === 'true') focus(current.querySelector<HTMLElement>('[role="treeitem"]'));
        break;
      case 'ArrowLeft':
        if (isOpen === 'true') toggle(id, false);
        else focus(current.parentElement?.closest<HTMLElement>('[role="treeitem"]'));
        break;
      case 'Enter':
      case ' ':
        choose();
        break;
      default:
        return;
    }
    event.preventDefault();
    event.stopPropagation();
  };

  const state: TreeState = { item, value, onChange, expanded, toggle, focusId, setFocusId };
  return (
    <TreeContext.Provider value={state}>
      <ListSearch label={t('library.move.searchFolder')} value={busca} onSearch={setBusca} />
      <Box
        component="ul"
        ref={treeRef}
        role="tree"
        aria-label={t('library.move.tree')}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={error ? errorId : undefined}
        onKeyDown={onKeyDown}
        sx={{
          listStyle: 'none',
          m: 0,
          mt: 1,
          p: 0.5,
          maxHeight: 320,
          overflowY: 'auto',
          border: 1,
          borderColor: error ? 'error.main' : 'divider',
          borderRadius: 1,
        }}
      >
        {busca ? (
          <Level parentId={null} busca={busca} level={1} first />
        ) : (
          <>
            {includeRoot && (
              <Node id={LIBRARY_ROOT_ID} nome={t('library.root')} level={1} hasChildren={false} selectable first />
            )}
            <Level parentId={null} level={1} first={!includeRoot} />
          </>
        )}
      </Box>
      {error && (
        <Typography id={errorId} variant="caption" color="error" role="alert">
          {error}
        </Typography>
      )}
    </TreeContext.Provider>
  );
}

/** One level of the tree (or the search's hits): the writable folders under `parentId`, fetched when shown. */
function Level({
  parentId,
  busca,
  level,
  first,
}: {
  parentId: string | null;
  busca?: string;
  level: number;
  first?: boolean;
}) {
  const { t } = useTranslation();
  const { item } = useTree();
  const { data, loading, error } = useQuery(PASTAS_DESTINO, {
    variables: { idPasta: parentId, busca: busca || null },
    fetchPolicy: 'network-only',
  });
  const indent = { pl: level * 1.5 };
  if (loading && !data)
    return (
      <Box component="li" role="none" sx={{ ...indent, py: 0.5 }}>
        <CircularProgress size={16} aria-label={t('common.loading')} />
      </Box>
    );
  if (error)
    return (
      <Typography component="li" role="none" color="error" variant="body2" sx={indent}>
        {t('library.loadError')}
      </Typography>
    );
  // The item itself is no destination, nor anything below it.
  const shown = (data?.pastasDestino ?? []).filter(
    (d) => d.pasta.id !== item.id && !d.pasta.breadcrumb.some((b) => b.id === item.id),
  );
  if (shown.length === 0 && level === 1)
    return (
      <Typography component="li" role="none" color="text.secondary" variant="body2" sx={{ p: 1 }}>
        {busca ? t('library.move.noMatch') : t('library.move.none')}
      </Typography>
    );
  return (
    <>
      {shown.map((d, index) => (
        <DestinationNode
          key={d.pasta.id}
          destination={d}
          level={level}
          flat={Boolean(busca)}
          first={first && index === 0}
        />
      ))}
    </>
  );
}

function DestinationNode({
  destination,
  level,
  flat,
  first,
}: {
  destination: Destination;
  level: number;
  flat: boolean;
  first?: boolean;
}) {
  const { t } = useTranslation();
  const { item } = useTree();
  const folder = destination.pasta;
  const selectable =
    folder.id !== item.pastaPai?.id &&
    canMoveTo(
      item,
      { id: folder.id, pasta: folder.pasta, access: folder.permissoesAcessoUsuarioLogado.map((p) => p.id) },
      folder.breadcrumb.map((b) => b.id),
    );
  return (
    <Node
      id={folder.id}
      nome={folder.nome}
      path={folderPath(t('library.root'), folder.breadcrumb)}
      level={level}
      hasChildren={!flat && destination.temSubpastas}
      selectable={selectable}
      first={first}
    />
  );
}

/** One treeitem: the folder's full name (wrapping, never cut) and its path beside it; its sub-folders when open. */
function Node({
  id,
  nome,
  path,
  level,
  hasChildren,
  selectable,
  first,
}: {
  id: string;
  nome: string;
  path?: string;
  level: number;
  hasChildren: boolean;
  selectable: boolean;
  first?: boolean;
}) {
  const { t } = useTranslation();
  const { value, onChange, expanded, toggle, focusId, setFocusId } = useTree();
  const hintId = useId();
  const open = expanded.has(id);
  const selected = value === id;
  const inTabOrder = focusId ? focusId === id : first;
  return (
    <Box
      component="li"
      role="treeitem"
      data-id={id}
      aria-label={nome}
      aria-level={level}
      aria-selected={selected}
      // Not aria-disabled: it would disable the sub-folders inside it too (ARIA inherits it).
      data-selectable={selectable}
      aria-describedby={selectable ? undefined : hintId}
      aria-expanded={hasChildren ? open : undefined}
      tabIndex={inTabOrder ? 0 : -1}
      onFocus={(event) => {
        if (event.target === event.currentTarget) setFocusId(id);
      }}
      sx={{ outline: 'none', '&:focus-visible > div': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 } }}
    >
      <Box
        onClick={() => {
          setFocusId(id);
          if (selectable) onChange(id);
        }}
        sx={{
          display: 'flex',
          alignItems: 'flex-start',
          gap: 0.5,
          pl: (level - 1) * 2,
          py: 0.5,
          pr: 1,
          borderRadius: 1,
          cursor: selectable ? 'pointer' : 'default',
          bgcolor: selected ? 'action.selected' : undefined,
          color: selectable ? 'text.primary' : 'text.secondary',
          '&:hover': { bgcolor: selectable ? 'action.hover' : undefined },
        }}
      >
        <Box
          component="span"
          aria-hidden
          onClick={(event) => {
            event.stopPropagation();
            if (hasChildren) toggle(id);
          }}
          sx={{ width: 24, flexShrink: 0, textAlign: 'center', cursor: hasChildren ? 'pointer' : 'default' }}
        >
          {hasChildren ? (open ? '▾' : '▸') : ''}
        </Box>
        <Box sx={{ minWidth: 0, display: 'flex', flexWrap: 'wrap', columnGap: 1, alignItems: 'baseline' }}>
          <Typography
            component="span"
            variant="body2"
            sx={{ overflowWrap: 'anywhere', fontWeight: selected ? 600 : 400 }}
          >
            {nome}
          </Typography>
          {!selectable && (
            <Box component="span" id={hintId} sx={visuallyHidden}>
              {t('library.move.notChoosable')}
            </Box>
          )}
          {path && (
            <Typography component="span" variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {path}
            </Typography>
          )}
        </Box>
      </Box>
      {hasChildren && open && (
        <Box component="ul" role="group" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          <Level parentId={id} level={level + 1} />
        </Box>
      )}
    </Box>
  );
}
