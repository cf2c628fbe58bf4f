import { describe, expect, test } from 'vitest';
import { ReadThroughCache } from '../../../src/server/lib/cache';

describe('ReadThroughCache', () => {
  test('serves a value until it expires, then loads again', async () => {
    let now = 0;
    let loads = 0;
    const cache = new ReadThroughCache(1000, 10, () => now);
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    now = 999;
    expect(await cache.get('k', load)).toBe(1);
    now = 1000;
    expect(await cache.get('k', load)).toBe(2);
    cache.clear();
    expect(await cache.get('k', load)).toBe(3);
  });

  test('concurrent misses share one load, and a failed load is not kept', async () => {
    const cache = new ReadThroughCache(1000, 10, () => 0);
    let loads = 0;
    const [a, b] = await Promise.all([
      cache.get('k', async () => ++loads),
      cache.get('k', async () => ++loads),
    ]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', async () => 'up')).toBe('up');
  });

  test('a loader that gives a lazy thenable (a query builder) runs it once, not on every hit', async () => {
    const cache = new ReadThroughCache(1000, 10, () => 0);
    let runs = 0;
    // Like drizzle's QueryPromise: the query runs each time then() is called.
    const query: PromiseLike<string[]> = {
      then(onFulfilled, onRejected) {
        runs++;
        return Promise.resolve(['row']).then(onFulfilled, onRejected);
      },
    };
    for (let i = 0; i < 3; i++) expect(await cache.get('q', () => query)).toEqual(['row']);
    expect(runs).toBe(1);
  });

  test('peek gives a loaded, fresh value at once, and nothing while it loads or once expired', async () => {
    let now = 0;
    const cache = new ReadThroughCache(1000, 10, () => now);
    let resolve!: (value: string) => void;
    const loading = cache.get('k', () => new Promise<string>((r) => (resolve = r)));
    expect(cache.peek('k')).toBeUndefined();
    resolve('v');
    await loading;
    expect(cache.peek('k')).toBe('v');
    now = 1000;
    expect(cache.peek('k')).toBeUndefined();
    expect(cache.peek('other')).toBeUndefined();
  });

  test('a ttl of 0 never caches', async () => {
    const cache = new ReadThroughCache(0);
    let loads = 0;
    await cache.get('k', async () => ++loads);
    await cache.get('k', async () => ++loads);
    expect(loads).toBe(2);
  });
});
