import type { ApolloCache } from '@apollo/client';
import type { OfflineCache } from './offline-cache';

let appCache: ApolloCache<unknown> | undefined;
let loading: Promise<OfflineCache | null> | undefined;

/**
 * Names the app's Apollo cache as the one kept offline (main.tsx). Its code (persistence and IndexedDB, kept out of
 * the first JavaScript) loads on first need: at start only when offline, else when the frame claims it for the
 * signed-in user once the first view is drawn, or at sign-out.
 */
export function setOfflineCacheTarget(cache: ApolloCache<unknown>) {
  appCache = cache;
  loading = undefined;
}

/** The app's offline cache, loading it if need be; null before `setOfflineCacheTarget` or without IndexedDB. */
export function whenOfflineCache(): Promise<OfflineCache | null> {
  const cache = appCache;
  if (!cache) return Promise.resolve(null);
  loading ??=
    'indexedDB' in window
      ? import('./offline-cache')
          .then(({ createOfflineCache, indexedDbStorage }) => createOfflineCache(cache, indexedDbStorage()))
          .catch(() => null)
      : Promise.resolve(null);
  return loading;
}
