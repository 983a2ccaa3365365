import type Database from 'better-sqlite3';
import { assertSafeKey } from '../key';
import { FRESHNESS_MS, isCachedFamily, type CachedFamily } from '../freshness';

export interface CachedResponse {
  body: unknown;
  family: CachedFamily;
  fetchedAt: number;
  ageMs: number;
  fresh: boolean;
}

export interface PutArgs {
  key: string;
  /** The account the response belongs to ('' for public data), so accounts never see each other's rows. */
  scope?: string;
  family: CachedFamily;
  /** The validated body, stored as JSON. */
  body: unknown;
  fetchedAt?: number;
}

export interface ResponseCache {
  get(key: string, scope?: string): CachedResponse | undefined;
  put(args: PutArgs): void;
  /** Removes one scope's rows. Returns how many went. */
  clearScope(scope: string): number;
  /** Removes the rows of every account scope, keeping public data (sign-out). Returns how many went. */
  clearAccountScopes(): number;
  /** Removes responses older than the longest freshness window times `factor`. */
  prune(factor?: number): number;
}

/** The HTTP response store: one row per canonical request key and account scope. */
export function createResponseCache(db: Database.Database, clock: () => number): ResponseCache {
  const select = db.prepare<[string, string], { body: string; family: string; fetched_at: number }>(
    'SELECT body, family, fetched_at FROM http_responses WHERE key = ? AND scope = ?',
  );
  const upsert = db.prepare(
    `INSERT INTO http_responses (key, scope, family, body, fetched_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (key, scope) DO UPDATE SET family = excluded.family, body = excluded.body, fetched_at = excluded.fetched_at`,
  );
  const deleteScope = db.prepare('DELETE FROM http_responses WHERE scope = ?');
  const deleteAccountScopes = db.prepare("DELETE FROM http_responses WHERE scope <> ''");
  const deleteOlder = db.prepare('DELETE FROM http_responses WHERE fetched_at < ?');

  return {
    get(key, scope = '') {
      assertSafeKey(key);
      const row = select.get(key, scope);
      if (!row || !isCachedFamily(row.family)) return undefined;
      const ageMs = Math.max(0, clock() - row.fetched_at);
      let body: unknown;
      try {
        body = JSON.parse(row.body);
      } catch {
        // An unreadable copy is a miss, never a failure: the network answers and overwrites it.
        return undefined;
      }
      return {
        body,
        family: row.family,
        fetchedAt: row.fetched_at,
        ageMs,
        fresh: ageMs < FRESHNESS_MS[row.family],
      };
    },
    put({ key, scope = '', family, body, fetchedAt }) {
      assertSafeKey(key);
      upsert.run(key, scope, family, JSON.stringify(body), fetchedAt ?? clock());
    },
    clearScope: (scope) => deleteScope.run(scope).changes,
    // Every account scope, not only the last one: nothing of a signed-out user may stay behind.
    clearAccountScopes: () => deleteAccountScopes.run().changes,
    prune(factor = 4) {
      return deleteOlder.run(clock() - FRESHNESS_MS.reference * factor).changes;
    },
  };
}
