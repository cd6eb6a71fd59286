import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingView } from '../LoadingView';
import { loadErrorText } from '../QueryState';
import { visuallyHidden } from '../visually-hidden';
import { ListSearch } from './ListSearch';
import type { ListParams, ListQuery } from './use-list-params';

export type Column<R> = {
  /** The sort field sent to the server when `sortable`. */
  id: string;
  label: string;
  render: (row: R) => ReactNode;
  sortable?: boolean;
  /** Hidden below 600 px wide, so that a phone (375 px) shows the columns that matter. */
  hideOnMobile?: boolean;
  align?: 'left' | 'right' | 'center';
};

export type DataTableProps<R> = {
  /** The table's accessible name (usually the page or section title). */
  label: string;
  columns: readonly Column<R>[];
  /** The current page from the server; undefined before the first answer. */
  rows: readonly R[] | undefined;
  total: number;
  /** The server counted up to `total` and found more (e.g. a search's capped count): "1–10 of more than 1000". */
  totalCapped?: boolean;
  getRowId: (row: R) => string;
  list: ListParams;
  loading?: boolean;
  error?: unknown;
  emptyText?: string;
  /** Shown for a failure without a message from the API (network). */
  errorFallback?: string;
  /** The search box's label; false hides it. */
  searchLabel?: string | false;
  /** Filter inputs, bound by the screen to `list.setFilter`. */
  filters?: ReactNode;
  /** Buttons for one row (edit, activate...), in the last column. */
  rowActions?: (row: R) => ReactNode;
  selection?: { selected: readonly string[]; onChange: (ids: string[]) => void };
  /** Enter on a focused row (and a click on it) opens it. */
  onRowOpen?: (row: R) => void;
  /** Shows 'Export .xlsx'; receives the current query (search, filters, sort) to export the same rows. */
  onExport?: (query: ListQuery) => void;
  /**
   * Keeps the column headers for screen readers only: for lists whose rows read as cards (an inbox,
   * notifications), where visible headers would add nothing.
   */
  hideHeader?: boolean;
};

const mobileHidden = { display: { xs: 'none', sm: 'table-cell' } };

/** The paginator's buttons, named in the interface language (MUI's own names are English). */
const PAGE_BUTTONS = {
  first: 'common.pageFirst',
  previous: 'common.pagePrevious',
  next: 'common.pageNext',
  last: 'common.pageLast',
} as const;

/** Moves focus between body rows: arrows, Home and End. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const row = event.currentTarget;
  const rows = [...(row.parentElement?.children ?? [])] as HTMLElement[];
  const index = rows.indexOf(row);
  const target = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: rows.length - 1 }[event.key];
  if (target === undefined) return false;
  rows[Math.max(0, Math.min(rows.length - 1, target))]?.focus();
  return true;
}

/**
 * The shared server-side list: search, filters, sortable headers, paging and the page sizes of one
 * shared list, all in the URL (`useListParams`); loading, error and empty states; row actions, row
 * selection and keyboard navigation (arrows between rows, Enter opens, Space selects).
 */
export function DataTable<R>(props: DataTableProps<R>) {
  const { t } = useTranslation();
  const { list, rows, columns, selection, rowActions, onRowOpen } = props;
  const { query } = list;
  const pageIds = (rows ?? []).map(props.getRowId);
  const selected = new Set(selection?.selected ?? []);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));

  const toggle = (id: string) =>
    selection?.onChange(selected.has(id) ? [...selected].filter((x) => x !== id) : [...selected, id]);
  const toggleAll = () =>
    selection?.onChange(
      allSelected ? [...selected].filter((id) => !pageIds.includes(id)) : [...new Set([...selected, ...pageIds])],
    );

  const onRowKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, row: R) => {
    if (event.target !== event.currentTarget) return;
    if (moveFocus(event)) event.preventDefault();
    else if (event.key === 'Enter' && onRowOpen) onRowOpen(row);
    else if (event.key === ' ' && selection) {
      event.preventDefault();
      toggle(props.getRowId(row));
    }
  };

  let body: ReactNode = null;
  if (props.error && !rows) body = <Alert severity="error">{loadErrorText(props.error, t, props.errorFallback)}</Alert>;
  else if (!rows) body = <LoadingView />;
  else if (rows.length === 0)
    body = (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {props.emptyText ?? t('common.empty')}
      </Typography>
    );

  const showSelected = Boolean(selection && selected.size > 0);
  const toolbar = props.searchLabel !== false || Boolean(props.filters) || showSelected || Boolean(props.onExport);

  return (
    <Box component="section" aria-label={props.label} aria-busy={Boolean(props.loading)}>
      {toolbar && (
        // Top-aligned: filters that wrap to several rows keep the search and the export on the first (centred, they sat
        // in the middle row).
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}>
          {props.searchLabel !== false && (
            <ListSearch label={props.searchLabel ?? t('common.search')} value={query.busca} onSearch={list.setSearch} />
          )}
          {props.filters}
          <Box sx={{ flex: 1 }} />
          {showSelected && (
            <Typography variant="body2" role="status">
              {t('common.selected', { count: selected.size })}
            </Typography>
          )}
          {props.onExport && (
            <Button
              variant="outlined"
              onClick={() => props.onExport?.(query)}
              sx={{ whiteSpace: 'nowrap', flexShrink: 0, minHeight: 40 }}
            >
              {t('common.export')}
            </Button>
          )}
        </Stack>
      )}
      {props.error && rows ? (
        <Alert severity="error">{loadErrorText(props.error, t, props.errorFallback)}</Alert>
      ) : null}
      {props.loading && rows ? <LinearProgress aria-hidden /> : null}
      {body ?? (
        <TableContainer>
          <Table size="small" aria-label={props.label}>
            <TableHead>
              <TableRow sx={props.hideHeader ? visuallyHidden : undefined}>
                {selection && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={allSelected}
                      indeterminate={!allSelected && pageIds.some((id) => selected.has(id))}
                      onChange={toggleAll}
                      slotProps={{ input: { 'aria-label': t('common.selectAll') } }}
                    />
                  </TableCell>
                )}
                {columns.map((c) => (
                  <TableCell
                    key={c.id}
                    align={c.align}
                    sx={c.hideOnMobile ? mobileHidden : undefined}
                    sortDirection={query.sort?.field === c.id ? query.sort.direction : false}
                  >
                    {c.sortable ? (
                      <TableSortLabel
                        active={query.sort?.field === c.id}
                        direction={query.sort?.field === c.id ? query.sort.direction : 'asc'}
                        onClick={() =>
                          list.setSort({
                            field: c.id,
                            direction: query.sort?.field === c.id && query.sort.direction === 'asc' ? 'desc' : 'asc',
                          })
                        }
                      >
                        {c.label}
                      </TableSortLabel>
                    ) : (
                      c.label
                    )}
                  </TableCell>
                ))}
                {rowActions && <TableCell align="right">{t('common.actions')}</TableCell>}
              </TableRow>
            </TableHead>
            <TableBody>
              {(rows ?? []).map((row) => {
                const id = props.getRowId(row);
                return (
                  <TableRow
                    key={id}
                    hover
                    selected={selected.has(id)}
                    tabIndex={0}
                    aria-selected={selection ? selected.has(id) : undefined}
                    onKeyDown={(e) => onRowKeyDown(e, row)}
                    onClick={onRowOpen ? () => onRowOpen(row) : undefined}
                    sx={{ cursor: onRowOpen ? 'pointer' : undefined }}
                  >
                    {selection && (
                      <TableCell padding="checkbox" onClick={(e) => e.stopPropagation()}>
                        <Checkbox
                          checked={selected.has(id)}
                          onChange={() => toggle(id)}
                          tabIndex={-1}
                          slotProps={{ input: { 'aria-label': t('common.selectRow') } }}
                        />
                      </TableCell>
                    )}
                    {columns.map((c) => (
                      <TableCell key={c.id} align={c.align} sx={c.hideOnMobile ? mobileHidden : undefined}>
                        {c.render(row)}
                      </TableCell>
                    ))}
                    {rowActions && (
                      <TableCell align="right" onClick={(e) => e.stopPropagation()} sx={{ whiteSpace: 'nowrap' }}>
                        {rowActions(row)}
                      </TableCell>
                    )}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <TablePagination
        component="div"
        count={props.total}
        page={query.page}
        rowsPerPage={query.rowsPerPage}
        rowsPerPageOptions={[...list.pageSizes]}
        onPageChange={(_, page) => list.setPage(page)}
        onRowsPerPageChange={(e) => list.setRowsPerPage(Number(e.target.value))}
        labelRowsPerPage={t('common.rowsPerPage')}
        labelDisplayedRows={({ from, to, count }) =>
          t(props.totalCapped ? 'common.displayedRowsMore' : 'common.displayedRows', { from, to, count })
        }
        getItemAriaLabel={(type) => t(PAGE_BUTTONS[type])}
        sx={{ '.MuiTablePagination-toolbar': { flexWrap: 'wrap', pl: { xs: 0 } } }}
      />
    </Box>
  );
}
