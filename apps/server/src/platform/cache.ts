/**
 * A small in-process cache for data that is the same for every user and changes rarely (portal
 * properties, the menu tree). Entries expire after their TTL, which bounds how long another instance
 * may serve an old value; the instance that changes the data calls `invalidate` at once.
 */
export type AppCache = {
  get<T>(key: string, ttlMs: number, load: () => PromiseLike<T>): Promise<T>;
  invalidate(prefix: string): void;
  /** How many entries it holds (expired ones included until the next sweep). */
  readonly size: number;
};

/** How long data shared by every user (portal properties, the menu, the catalogues) may be served from memory. */
export const SHARED_DATA_TTL_MS = 10_000;

/**
 * The entries of `ids` in a cached catalogue (a map loaded whole, ordered by `rank`), in rank order. An id the
 * catalogue lacks (a row created since it was loaded, maybe on another instance) reloads it once; an id still
 * missing is left out.
 */
export async function catalogueEntries<V extends { rank: number }>(
  cache: AppCache,
  key: string,
  load: () => Promise<ReadonlyMap<string, V>>,
  ids: readonly string[],
): Promise<V[]> {
  if (!ids.length) return [];
  let catalogue = await cache.get(key, SHARED_DATA_TTL_MS, load);
  if (ids.some((id) => !catalogue.has(id))) {
    cache.invalidate(key);
    catalogue = await cache.get(key, SHARED_DATA_TTL_MS, load);
  }
  return ids.flatMap((id) => catalogue.get(id) ?? []).sort((a, b) => a.rank - b.rank);
}

/** Past this many entries, adding one first drops every expired entry (keys that are never asked again). */
const SWEEP_ABOVE = 1_000;

export function createCache(now: () => number = Date.now): AppCache {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, ttlMs: number, load: () => PromiseLike<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value as Promise<T>;
      if (entries.size >= SWEEP_ABOVE) {
        const at = now();
        for (const [k, entry] of entries) if (entry.expires <= at) entries.delete(k);
      }
      // Adopted into a real promise: a lazy thenable (a drizzle query builder) would otherwise run its query again
      // each time the cached value is awaited (the menu's products were read on every shell request that way).
      const value = Promise.resolve(load());
      entries.set(key, { expires: now() + ttlMs, value });
      // A failed load is not cached.
      value.catch(() => entries.delete(key));
      return value;
    },
    invalidate(prefix: string) {
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
    get size() {
      return entries.size;
    },
  };
}
