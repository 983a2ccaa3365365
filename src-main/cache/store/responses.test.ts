import path from 'node:path';
import type Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/open';
import { tempDir } from '../../db/testing/db-files';
import { FRESHNESS_MS } from '../freshness';
import { createResponseCache, type ResponseCache } from './responses';

describe('response cache', () => {
  let tmp: ReturnType<typeof tempDir>;
  let db: Database.Database;
  let now: number;
  let cache: ResponseCache;

  beforeEach(async () => {
    tmp = tempDir();
    const result = await openDatabase(path.join(tmp.dir, 'cache.db'), { kind: 'cache' });
    if (result.status === 'unrecoverable') throw new Error(result.reason);
    db = result.db;
    now = 1_000_000;
    cache = createResponseCache(db, () => now);
  });
  afterEach(() => {
    db.close();
    tmp.cleanup();
  });

  it('returns the stored body with its age, fresh until the family window passes', () => {
    cache.put({
      key: 'GET /3/trending/tv/day?page=1',
      family: 'trending',
      body: { page: 1, results: [] },
    });
    now += FRESHNESS_MS.trending - 1;
    expect(cache.get('GET /3/trending/tv/day?page=1')).toEqual({
      body: { page: 1, results: [] },
      family: 'trending',
      fetchedAt: 1_000_000,
      ageMs: FRESHNESS_MS.trending - 1,
      fresh: true,
    });
    now += 1;
    expect(cache.get('GET /3/trending/tv/day?page=1')?.fresh).toBe(false);
  });

  it('uses each family’s own window: reference data stays fresh for days, live data for a minute', () => {
    cache.put({ key: 'GET /3/configuration', family: 'reference', body: {} });
    cache.put({ key: 'GET /3/movie/5/account_states', scope: 'acct-1', family: 'live', body: {} });
    now += 2 * 60_000;
    expect(cache.get('GET /3/configuration')?.fresh).toBe(true);
    expect(cache.get('GET /3/movie/5/account_states', 'acct-1')?.fresh).toBe(false);
  });

  it('keeps accounts apart and forgets one account on sign-out', () => {
    cache.put({
      key: 'GET /3/account/1/watchlist/movies',
      scope: 'acct-1',
      family: 'account',
      body: ['mine'],
    });
    expect(cache.get('GET /3/account/1/watchlist/movies', 'acct-2')).toBeUndefined();
    expect(cache.clearScope('acct-1')).toBe(1);
    expect(cache.get('GET /3/account/1/watchlist/movies', 'acct-1')).toBeUndefined();
  });

  it.each([
    'GET /3/movie/5?api_key=abcdef123456',
    'GET /3/account/1/watchlist/movies?session_id=0123456789abcdef',
    'GET /3/movie/5/account_states?guest_session_id=feedbeef1234',
    'POST /3/authentication/session/new?request_token=abcdef12345',
    'GET /3/guest_session/feedbeef1234/rated/movies',
  ])('refuses to store or read a key carrying a credential: %s', (key) => {
    expect(() => {
      cache.put({ key, family: 'account', body: {} });
    }).toThrow(/carries a credential/);
    expect(() => cache.get(key)).toThrow(/carries a credential/);
    const error = (() => {
      try {
        cache.put({ key, family: 'account', body: {} });
      } catch (e) {
        return e as Error;
      }
      return undefined;
    })();
    expect(error?.message).not.toMatch(/abcdef|0123456789|feedbeef/);
    expect(db.prepare('SELECT count(*) FROM http_responses').pluck().get()).toBe(0);
  });

  it('prunes responses far past every freshness window', () => {
    cache.put({ key: 'old', family: 'details', body: 1 });
    now += FRESHNESS_MS.reference * 5;
    cache.put({ key: 'new', family: 'details', body: 2 });
    expect(cache.prune()).toBe(1);
    expect(cache.get('new')?.body).toBe(2);
  });
});
