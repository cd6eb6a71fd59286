import { describe, expect, it } from 'vitest';
import { createCache } from './cache.js';

describe('app cache', () => {
  it('serves within the TTL, reloads after it, forgets failures and invalidates by prefix', async () => {
    let clock = 0;
    let loads = 0;
    const cache = createCache(() => clock);
    const load = async () => ++loads;
    expect(await cache.get('menu.rows', 1000, load)).toBe(1);
    expect(await cache.get('menu.rows', 1000, load)).toBe(1);
    clock = 1001;
    expect(await cache.get('menu.rows', 1000, load)).toBe(2);
    cache.invalidate('menu.');
    expect(await cache.get('menu.rows', 1000, load)).toBe(3);
    await expect(cache.get('x', 1000, () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('x', 1000, async () => 'ok')).toBe('ok');
  });
});
