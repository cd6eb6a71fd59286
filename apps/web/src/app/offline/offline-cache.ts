import type { ApolloCache } from '@apollo/client';
import { CachePersistor } from 'apollo3-cache-persist';
import { createStore, del, get, set } from 'idb-keyval';

/** SPEC §7: the offline cache holds at most 20,971,520 bytes (past it, nothing more is persisted until wiped). */
export const OFFLINE_CACHE_MAX_BYTES = 20_971_520;
const CACHE_KEY = 'apollo-cache';
/** The id of the user whose data the persisted cache holds, kept beside it. */
const OWNER_KEY = 'apollo-cache-owner';

/** Where the persisted cache is kept: strings under keys, asynchronously. */
export type KeyValueStorage = {
  getItem(key: string): Promise<string | null>;
  setItem(key: string, value: string): Promise<void>;
  removeItem(key: string): Promise<void>;
};

/** IndexedDB (database `portal-offline`): room for 20 MB where localStorage has about 5, and it never blocks a frame. */
export function indexedDbStorage(): KeyValueStorage {
  const store = createStore('portal-offline', 'keyval');
  return {
    getItem: async (key) => (await get<string>(key, store)) ?? null,
    setItem: (key, value) => set(key, value, store),
    removeItem: (key) => del(key, store),
  };
}

/** Apollo's cache kept across page loads for one user (decision 0035). */
export type OfflineCache = {
  /** Loads the last persisted data into the cache (main.tsx, before the first render, when offline). */
  restore(): Promise<void>;
  /** Once the signed-in user is known: data of another user is wiped, then the cache persists for this one. */
  claimFor(userId: string): Promise<void>;
  /** Sign-out: the persisted data and its owner are deleted and nothing more is written. */
  wipe(): Promise<void>;
};

/**
 * Persists `cache` in `storage` (debounced, at most OFFLINE_CACHE_MAX_BYTES). Nothing is written until `claimFor`
 * names the user, so one user's data is never stored under another's id.
 */
export function createOfflineCache(cache: ApolloCache<unknown>, storage: KeyValueStorage): OfflineCache {
  const persistor = new CachePersistor({
    cache,
    storage,
    key: CACHE_KEY,
    maxSize: OFFLINE_CACHE_MAX_BYTES,
    debounce: 1000,
  });
  persistor.pause();
  return {
    restore: () => persistor.restore(),
    async claimFor(userId) {
      if ((await storage.getItem(OWNER_KEY)) !== userId) {
        await persistor.purge();
        await storage.setItem(OWNER_KEY, userId);
      }
      persistor.resume();
      await persistor.persist();
    },
    async wipe() {
      persistor.pause();
      await persistor.purge();
      await storage.removeItem(OWNER_KEY);
    },
  };
}
