import type { ApolloCache } from '@apollo/client';
import type { OfflineCache } from './offline-cache';

let loading: Promise<OfflineCache | null> = Promise.resolve(null);

/**
 * Loads the offline cache's code (persistence and IndexedDB: kept out of the first JavaScript) and makes it the app's
 * (main.tsx). Resolves to null where the browser has no IndexedDB.
 */
export function loadOfflineCache(cache: ApolloCache<unknown>): Promise<OfflineCache | null> {
  loading =
    'indexedDB' in window
      ? import('./offline-cache')
          .then(({ createOfflineCache, indexedDbStorage }) => createOfflineCache(cache, indexedDbStorage()))
          .catch(() => null)
      : Promise.resolve(null);
  return loading;
}

/** The app's offline cache, for the frame (claim it for the user) and sign-out (wipe it); null if there is none. */
export function whenOfflineCache(): Promise<OfflineCache | null> {
  return loading;
}
