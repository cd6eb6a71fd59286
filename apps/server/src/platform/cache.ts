/**
 * A small in-process cache for data that is the same for every user and changes rarely (portal
 * properties, the menu tree). Entries expire after their TTL, which bounds how long another instance
 * may serve an old value; the instance that changes the data calls `invalidate` at once.
 */
export type AppCache = {
  get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T>;
  invalidate(prefix: string): void;
};

export function createCache(now: () => number = Date.now): AppCache {
  const entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  return {
    get<T>(key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value as Promise<T>;
      const value = load();
      entries.set(key, { expires: now() + ttlMs, value });
      // A failed load is not cached.
      value.catch(() => entries.delete(key));
      return value;
    },
    invalidate(prefix: string) {
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
    },
  };
}
