// @vitest-environment jsdom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useLocalListParams } from './use-local-list-params';

describe('useLocalListParams', () => {
  afterEach(() => cleanup());

  it('starts on the first page with the first page size; search, size and filters go back to the first page', () => {
    const { result } = renderHook(() => useLocalListParams());
    expect(result.current.query).toEqual({ page: 0, rowsPerPage: 10, busca: '', sort: null, filters: {} });
    act(() => result.current.setPage(3));
    expect(result.current.query.page).toBe(3);
    act(() => result.current.setSearch('  ana '));
    expect(result.current.query).toMatchObject({ page: 0, busca: 'ana' });
    act(() => result.current.setPage(2));
    act(() => result.current.setRowsPerPage(25));
    expect(result.current.query).toMatchObject({ page: 0, rowsPerPage: 25 });
    act(() => result.current.setFilter('status', 'ATIVO'));
    expect(result.current.query.filters).toEqual({ status: 'ATIVO' });
    act(() => result.current.setFilter('status', null));
    expect(result.current.query.filters).toEqual({});
    act(() => result.current.setSort({ field: 'nome', direction: 'desc' }));
    expect(result.current.query.sort).toEqual({ field: 'nome', direction: 'desc' });
  });
});
