import { QueryPromise } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { catalogueEntries, createCache } from './cache.js';

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

  it('runs a lazy thenable once: a drizzle query builder queries on each then, and is cached as its result', async () => {
    let runs = 0;
    class Query extends QueryPromise<number[]> {
      async execute() {
        return [++runs];
      }
    }
    const query = new Query();
    const cache = createCache(() => 0);
    expect(await cache.get('produtos', 1000, () => query)).toEqual([1]);
    expect(await cache.get('produtos', 1000, () => query)).toEqual([1]);
    expect(await cache.get('produtos', 1000, () => query)).toEqual([1]);
    expect(runs).toBe(1);
  });

  it('drops expired entries once it holds many (keys by day or by user group set are never asked again)', async () => {
    let clock = 0;
    const cache = createCache(() => clock);
    for (let i = 0; i < 1000; i++) await cache.get(`home.${i}`, 1000, async () => i);
    expect(cache.size).toBe(1000);
    clock = 1001;
    await cache.get('home.new', 1000, async () => 'new');
    expect(cache.size).toBe(1);
    expect(await cache.get('home.new', 1000, async () => 'again')).toBe('new');
  });

  it("gives a catalogue's entries in rank order, reloading it once for an id it lacks (a row created since)", async () => {
    const cache = createCache(() => 0);
    const rows = [
      { id: 'b', rank: 1 },
      { id: 'a', rank: 0 },
    ];
    let loads = 0;
    const load = async () => {
      loads++;
      return new Map(rows.map((row) => [row.id, row]));
    };
    expect(await catalogueEntries(cache, 'k', load, ['b', 'a'])).toEqual([rows[1], rows[0]]);
    expect(await catalogueEntries(cache, 'k', load, ['a'])).toEqual([rows[1]]);
    expect(loads).toBe(1);
    rows.push({ id: 'c', rank: 2 });
    expect((await catalogueEntries(cache, 'k', load, ['c', 'a'])).map((r) => r.id)).toEqual(['a', 'c']);
    expect(loads).toBe(2);
    // Still missing after the reload (deleted meanwhile): left out, and asked again each time.
    expect((await catalogueEntries(cache, 'k', load, ['a', 'gone'])).map((r) => r.id)).toEqual(['a']);
    expect(loads).toBe(3);
  });
});
