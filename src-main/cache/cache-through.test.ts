import path from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open';
import { tempDir } from '../db/testing/db-files';
import { createCacheThrough } from './cache-through';
import { FRESHNESS_MS } from './freshness';
import { createResponseCache } from './store/responses';

const offline = (): Error => Object.assign(new Error('network down'), { code: 'offline' });

describe('cacheThrough', () => {
  let tmp: ReturnType<typeof tempDir>;
  let db: Database.Database;
  let now: number;
  let through: ReturnType<typeof createCacheThrough>;
  let stored: string[];

  beforeEach(async () => {
    tmp = tempDir();
    const result = await openDatabase(path.join(tmp.dir, 'cache.db'), { kind: 'cache' });
    if (result.status === 'unrecoverable') throw new Error(result.reason);
    db = result.db;
    now = 5_000_000;
    stored = [];
    through = createCacheThrough({
      cache: createResponseCache(db, () => now),
      clock: () => now,
      onStored: (key) => stored.push(key),
    });
  });
  afterEach(() => {
    db.close();
    tmp.cleanup();
  });

  it('fetches on a miss, then answers from the cache while fresh', async () => {
    let calls = 0;
    const fetch = (): Promise<{ n: number }> => Promise.resolve({ n: ++calls });
    const first = await through({ key: 'GET /3/movie/1', family: 'details', fetch });
    expect(first).toEqual({ value: { n: 1 }, source: 'network', fetchedAt: now, stale: false });
    now += 1000;
    const second = await through({ key: 'GET /3/movie/1', family: 'details', fetch });
    expect(second).toEqual({
      value: { n: 1 },
      source: 'cache',
      fetchedAt: now - 1000,
      stale: false,
    });
    expect(calls).toBe(1);
    expect(stored).toEqual(['GET /3/movie/1']);
  });

  it('serves a stale copy at once and revalidates it once for concurrent readers', async () => {
    await through({ key: 'k', family: 'search', fetch: () => Promise.resolve('old') });
    now += FRESHNESS_MS.search + 1;
    let calls = 0;
    let release: (v: string) => void = () => undefined;
    const slow = (): Promise<string> => {
      calls += 1;
      return new Promise((resolve) => (release = resolve));
    };
    const [a, b] = await Promise.all([
      through({ key: 'k', family: 'search', fetch: slow }),
      through({ key: 'k', family: 'search', fetch: slow }),
    ]);
    expect(a).toMatchObject({ value: 'old', source: 'cache', stale: true });
    expect(b).toMatchObject({ value: 'old', source: 'cache', stale: true });
    expect(calls).toBe(1);
    release('new');
    await through.idle();
    expect(await through({ key: 'k', family: 'search', fetch: slow })).toMatchObject({
      value: 'new',
      source: 'cache',
      stale: false,
    });
  });

  it('keeps the stale copy when the revalidation fails', async () => {
    await through({ key: 'k', family: 'live', fetch: () => Promise.resolve(1) });
    now += FRESHNESS_MS.live * 2;
    const result = await through({
      key: 'k',
      family: 'live',
      fetch: () => Promise.reject(offline()),
    });
    await through.idle();
    expect(result).toMatchObject({ value: 1, stale: true });
    expect(
      await through({ key: 'k', family: 'live', fetch: () => Promise.reject(offline()) }),
    ).toMatchObject({
      value: 1,
      source: 'cache',
      stale: true,
    });
  });

  it('offline: answers from any cached copy, and says offline when there is none', async () => {
    await through({ key: 'k', family: 'details', fetch: () => Promise.resolve('cached') });
    now += FRESHNESS_MS.details * 10;
    const neverCalled = (): Promise<string> => Promise.reject(new Error('must not be called'));
    expect(
      await through({ key: 'k', family: 'details', fetch: neverCalled, online: false }),
    ).toMatchObject({
      value: 'cached',
      stale: true,
    });
    await expect(
      through({ key: 'missing', family: 'details', fetch: neverCalled, online: false }),
    ).rejects.toMatchObject({
      code: 'offline',
    });
    await expect(
      through({ key: 'missing', family: 'details', fetch: () => Promise.reject(offline()) }),
    ).rejects.toMatchObject({
      code: 'offline',
    });
  });
});
