// @vitest-environment jsdom
import { InMemoryCache } from '@apollo/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setOfflineCacheTarget, whenOfflineCache } from './offline-cache-loader';

const created = vi.hoisted(() => ({ count: 0 }));
vi.mock('./offline-cache', () => ({
  indexedDbStorage: () => ({}),
  createOfflineCache: () => {
    created.count++;
    return { restore: async () => {}, claimFor: async () => {}, wipe: async () => {} };
  },
}));

afterEach(() => vi.unstubAllGlobals());

describe('the offline cache loader', () => {
  it('loads the offline cache on first need, not when main.tsx names the cache, and once', async () => {
    vi.stubGlobal('indexedDB', {});
    expect(await whenOfflineCache()).toBeNull();
    setOfflineCacheTarget(new InMemoryCache());
    expect(created.count).toBe(0);
    const first = await whenOfflineCache();
    expect(first).not.toBeNull();
    expect(await whenOfflineCache()).toBe(first);
    expect(created.count).toBe(1);
  });
});
