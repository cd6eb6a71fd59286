import { LIST_PAGE_SIZES } from '@portal/domain';
import { useState } from 'react';
import type { ListOptions, ListParams, ListQuery } from './use-list-params';

/**
 * The state of a server-paged list kept in the component instead of the URL: for a list inside a
 * dialog or a second list on a page (a group's members), whose state must not replace the page's own.
 * Same shape as `useListParams`, so `DataTable` takes either; the same rules (a new search, filter
 * or page size goes back to the first page).
 */
export function useLocalListParams({
  pageSizes = LIST_PAGE_SIZES,
  defaultSort = null,
}: Pick<ListOptions, 'pageSizes' | 'defaultSort'> = {}): ListParams {
  const [query, setQuery] = useState<ListQuery>({
    page: 0,
    rowsPerPage: pageSizes[0],
    busca: '',
    sort: defaultSort,
    filters: {},
  });
  const change = (next: Partial<ListQuery>, firstPage = true) =>
    setQuery((q) => ({ ...q, ...next, ...(firstPage ? { page: 0 } : {}) }));
  return {
    query,
    pageSizes,
    setPage: (page) => change({ page }, false),
    setRowsPerPage: (rowsPerPage) => change({ rowsPerPage }),
    setSearch: (text) => change({ busca: text.trim() }),
    setSort: (sort) => change({ sort }),
    setFilter: (name, value) =>
      setQuery((q) => {
        const filters = { ...q.filters };
        if (value) filters[name] = value;
        else delete filters[name];
        return { ...q, filters, page: 0 };
      }),
  };
}
