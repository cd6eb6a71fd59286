import { gql, InMemoryCache } from '@apollo/client';
import { describe, expect, it } from 'vitest';
import { createOfflineCache, type KeyValueStorage, OFFLINE_CACHE_MAX_BYTES } from './offline-cache';

const USER = gql`
  query Who {
    usuarioLogado {
      id
      nome
    }
  }
`;

function memoryStorage(): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: async (key) => data.get(key) ?? null,
    setItem: async (key, value) => void data.set(key, value),
    removeItem: async (key) => void data.delete(key),
  };
}

const cacheOf = (id: string, nome: string) => {
  const cache = new InMemoryCache();
  cache.writeQuery({ query: USER, data: { usuarioLogado: { __typename: 'UsuarioLogado', id, nome } } });
  return cache;
};

describe('the offline cache (Apollo persisted per user)', () => {
  it('holds at most 20,971,520 bytes (SPEC §7)', () => {
    expect(OFFLINE_CACHE_MAX_BYTES).toBe(20_971_520);
  });

  it('writes nothing before the user is known, then restores the last data into a new cache', async () => {
    const storage = memoryStorage();
    const offline = createOfflineCache(cacheOf('u1', 'Diego'), storage);
    expect(storage.data.size).toBe(0);
    await offline.claimFor('u1');
    expect(storage.data.get('apollo-cache-owner')).toBe('u1');

    const next = new InMemoryCache();
    await createOfflineCache(next, storage).restore();
    expect(next.readQuery({ query: USER })).toMatchObject({ usuarioLogado: { id: 'u1', nome: 'Diego' } });
  });

  it('wipes the data of another user when a new one signs in', async () => {
    const storage = memoryStorage();
    await createOfflineCache(cacheOf('u1', 'Diego'), storage).claimFor('u1');
    // Another user in the same browser: the first one's data is gone before this one's is kept.
    await createOfflineCache(cacheOf('u2', 'Gabriela'), storage).claimFor('u2');
    expect(storage.data.get('apollo-cache-owner')).toBe('u2');
    expect(storage.data.get('apollo-cache')).toContain('Gabriela');
    expect(storage.data.get('apollo-cache')).not.toContain('Diego');
  });

  it('wipes everything on sign-out and writes nothing afterwards', async () => {
    const storage = memoryStorage();
    const cache = cacheOf('u1', 'Diego');
    const offline = createOfflineCache(cache, storage);
    await offline.claimFor('u1');
    await offline.wipe();
    expect(storage.data.size).toBe(0);
    cache.writeQuery({ query: USER, data: { usuarioLogado: { __typename: 'UsuarioLogado', id: 'u1', nome: 'X' } } });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(storage.data.size).toBe(0);
  });
});
