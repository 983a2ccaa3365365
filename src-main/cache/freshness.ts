import type { CacheFamily } from '../../src-shared/tmdb/define';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * How long a cached response of each family counts as fresh. Past it the copy is still served
 * (marked stale) while a revalidation runs, and offline it is served for as long as it exists.
 */
export const FRESHNESS_MS: Readonly<Record<Exclude<CacheFamily, 'none'>, number>> = {
  reference: 7 * 24 * HOUR,
  details: 6 * HOUR,
  listing: HOUR,
  trending: 30 * MINUTE,
  search: 15 * MINUTE,
  account: 5 * MINUTE,
  live: MINUTE,
};

export type CachedFamily = keyof typeof FRESHNESS_MS;

export function isCachedFamily(family: string): family is CachedFamily {
  return Object.hasOwn(FRESHNESS_MS, family);
}
