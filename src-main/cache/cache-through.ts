import type { CachedFamily } from './freshness';
import type { ResponseCache } from './store/responses';

export interface Provenanced<T> {
  value: T;
  source: 'network' | 'cache';
  fetchedAt: number;
  stale: boolean;
}

export interface CacheThroughArgs<T> {
  key: string;
  scope?: string;
  family: CachedFamily;
  fetch: () => Promise<T>;
  /** False when the app already knows it is offline: no request is tried, the cache answers. */
  online?: boolean;
  /** Re-checks a cached body; without it the stored body is trusted (only validated bodies are stored). */
  parse?: (body: unknown) => T;
}

export interface CacheThroughOptions {
  cache: ResponseCache;
  clock: () => number;
  /** Called with every body that came from the network (the core feeds the normalized tables). */
  onStored?: (key: string, body: unknown) => void;
  /** A background revalidation failed; the stale copy stays. */
  onRevalidateError?: (key: string, error: unknown) => void;
}

export type CacheThrough = <T>(args: CacheThroughArgs<T>) => Promise<Provenanced<T>>;

function offlineError(): Error & { code: 'offline' } {
  return Object.assign(new Error('offline and not in the cache'), { code: 'offline' as const });
}

/**
 * Stale-while-revalidate over the response store:
 * fresh hit → the cached copy; stale hit → the cached copy marked stale, and one background
 * revalidation per key (concurrent callers share it; a failure keeps the stale copy); miss →
 * fetch and store, and a failure (offline, timeout or any other) is thrown, as there is no copy.
 * Known offline (`online: false`) → the cached copy, stale, or an `offline` error.
 */
export function createCacheThrough(
  options: CacheThroughOptions,
): CacheThrough & { idle(): Promise<void> } {
  const { cache, clock } = options;
  const revalidating = new Map<string, Promise<void>>();

  async function fetchAndStore<T>(args: CacheThroughArgs<T>): Promise<Provenanced<T>> {
    const value = await args.fetch();
    const fetchedAt = clock();
    cache.put({
      key: args.key,
      scope: args.scope ?? '',
      family: args.family,
      body: value,
      fetchedAt,
    });
    options.onStored?.(args.key, value);
    return { value, source: 'network', fetchedAt, stale: false };
  }

  function revalidate<T>(args: CacheThroughArgs<T>): void {
    const id = `${args.scope ?? ''}\u0000${args.key}`;
    if (revalidating.has(id)) return;
    const job = fetchAndStore(args)
      .then(() => undefined)
      .catch((error: unknown) => options.onRevalidateError?.(args.key, error))
      .finally(() => revalidating.delete(id));
    revalidating.set(id, job);
  }

  const through = async <T>(args: CacheThroughArgs<T>): Promise<Provenanced<T>> => {
    const hit = cache.get(args.key, args.scope);
    const fromCache = (stale: boolean): Provenanced<T> | undefined =>
      hit && {
        value: args.parse ? args.parse(hit.body) : (hit.body as T),
        source: 'cache',
        fetchedAt: hit.fetchedAt,
        stale,
      };
    if (hit?.fresh) return fromCache(false) as Provenanced<T>;
    if (args.online === false) {
      const cached = fromCache(true);
      if (cached) return cached;
      throw offlineError();
    }
    if (hit) {
      revalidate(args);
      return fromCache(true) as Provenanced<T>;
    }
    // A miss has nothing to fall back on: an offline or timeout error reaches the caller as is.
    return fetchAndStore(args);
  };

  return Object.assign(through, {
    /** Resolves when no revalidation is running (tests, shutdown). */
    async idle(): Promise<void> {
      while (revalidating.size > 0) await Promise.all([...revalidating.values()]);
    },
  });
}
