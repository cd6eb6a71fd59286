/** Where the header keeps the user's last searches (local storage: cleared at sign-out with the rest of it). */
const KEY = 'portal.buscasRecentes';
/** How many are kept. */
export const RECENT_SEARCHES_MAX = 5;

/** The last searches, newest first. */
export function recentSearches(): string[] {
  try {
    const stored = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(stored)
      ? stored.filter((s): s is string => typeof s === 'string').slice(0, RECENT_SEARCHES_MAX)
      : [];
  } catch {
    return [];
  }
}

/** Remembers a search (first of the list, once). */
export function rememberSearch(text: string): void {
  const value = text.trim();
  if (!value) return;
  const next = [value, ...recentSearches().filter((s) => s.toLowerCase() !== value.toLowerCase())];
  try {
    window.localStorage.setItem(KEY, JSON.stringify(next.slice(0, RECENT_SEARCHES_MAX)));
  } catch {
    // Storage full or blocked: recent searches are a convenience.
  }
}
