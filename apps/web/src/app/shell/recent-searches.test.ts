// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { RECENT_SEARCHES_MAX, recentSearches, rememberSearch } from './recent-searches';
import { isSearchShortcut } from './search-options';

describe('recent searches', () => {
  beforeEach(() => window.localStorage.clear());

  it('keeps the last searches, newest first, once each, at most five', () => {
    for (const text of ['ana', 'preços', ' ANA ', 'b', 'c', 'd', 'e']) rememberSearch(text);
    expect(recentSearches()).toEqual(['e', 'd', 'c', 'b', 'ANA']);
    expect(recentSearches()).toHaveLength(RECENT_SEARCHES_MAX);
  });

  it('ignores blank texts and damaged storage', () => {
    rememberSearch('   ');
    expect(recentSearches()).toEqual([]);
    window.localStorage.setItem('portal.buscasRecentes', '{not json');
    expect(recentSearches()).toEqual([]);
  });
});

describe('the search shortcut', () => {
  it.each([
    [{ key: 'k', ctrlKey: true, metaKey: false, altKey: false }, true],
    [{ key: 'K', ctrlKey: false, metaKey: true, altKey: false }, true],
    [{ key: 'k', ctrlKey: false, metaKey: false, altKey: false }, false],
    [{ key: 'k', ctrlKey: true, metaKey: false, altKey: true }, false],
    [{ key: 'j', ctrlKey: true, metaKey: false, altKey: false }, false],
  ])('%o → %s', (event, expected) => {
    expect(isSearchShortcut(event)).toBe(expected);
  });
});
