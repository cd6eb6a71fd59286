import { LIST_PAGE_SIZES } from '@portal/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type SortDirection = 'asc' | 'desc';
export type ListSort = { field: string; direction: SortDirection };

/** What a list asks the server for: hand it to the query's variables and to the export hook. */
export type ListQuery = {
  /** 0-based, as the API's paging arguments. */
  page: number;
  rowsPerPage: number;
  /** Trimmed search text; the server matches it without case or accents. */
  busca: string;
  sort: ListSort | null;
  filters: Record<string, string>;
};

export type ListOptions = {
  /** Page sizes offered, the first being the default (docs/domains/screens-and-forms.md#lists). */
  pageSizes?: readonly number[];
  /** Fields the user may sort by; anything else in the URL is ignored. */
  sortable?: readonly string[];
  defaultSort?: ListSort | null;
  /** Names of the filters kept in the URL. */
  filters?: readonly string[];
};

export type ListParams = ReturnType<typeof useListParams>;

// URL names: ?pagina=2&itens=25&busca=ana&ordem=-nome&status=ATIVO (page 1-based, '-' = descending).
const PAGE = 'pagina';
const SIZE = 'itens';
const SEARCH = 'busca';
const SORT = 'ordem';

/**
 * The state of a server-paged list kept in the URL, so that the back button, a reload and a shared
 * link show the same page. Changing the search, a filter or the page size goes back to the first page.
 * Invalid values in the URL fall back to the defaults.
 */
export function useListParams({
  pageSizes = LIST_PAGE_SIZES,
  sortable = [],
  defaultSort = null,
  filters = [],
}: ListOptions = {}) {
  const [params, setParams] = useSearchParams();

  const query = useMemo<ListQuery>(() => {
    const size = Number(params.get(SIZE));
    const page = Number.parseInt(params.get(PAGE) ?? '', 10);
    const sortText = params.get(SORT) ?? '';
    const field = sortText.replace(/^-/, '');
    return {
      page: page > 0 ? page - 1 : 0,
      rowsPerPage: pageSizes.includes(size) ? size : pageSizes[0],
      busca: (params.get(SEARCH) ?? '').trim(),
      sort: sortable.includes(field) ? { field, direction: sortText.startsWith('-') ? 'desc' : 'asc' } : defaultSort,
      filters: Object.fromEntries(
        filters.flatMap((name) => (params.get(name) ? [[name, params.get(name) ?? '']] : [])),
      ),
    };
  }, [params, pageSizes, sortable, defaultSort, filters]);

  /** Applies changes to the URL; `null` or '' removes a parameter. */
  const update = useCallback(
    (changes: Record<string, string | null>, { replace = false, firstPage = true } = {}) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value) next.set(name, value);
            else next.delete(name);
          }
          if (firstPage) next.delete(PAGE);
          return next;
        },
        { replace },
      ),
    [setParams],
  );

  return {
    query,
    pageSizes,
    setPage: (page: number) => update({ [PAGE]: page > 0 ? String(page + 1) : null }, { firstPage: false }),
    setRowsPerPage: (size: number) => update({ [SIZE]: size === pageSizes[0] ? null : String(size) }),
    /** Search typing replaces the history entry: back goes to the list before the search, not per letter. */
    setSearch: (text: string) => update({ [SEARCH]: text.trim() || null }, { replace: true }),
    setSort: (sort: ListSort | null) =>
      update({ [SORT]: sort ? `${sort.direction === 'desc' ? '-' : ''}${sort.field}` : null }),
    setFilter: (name: string, value: string | null) => update({ [name]: value }),
  };
}
