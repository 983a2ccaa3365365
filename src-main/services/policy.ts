import { daysBetween, isDate } from '../tracking/dates';
import type { WatchedTitle } from './store/arrivals';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/**
 * How often a watched-for title's providers are looked up, politely: a title out for years rarely
 * moves between services; a new or coming one does, often. A failed lookup is tried again after
 * an hour. A title never looked up in my region (a first choice, a new region) is due at once.
 */
export const PROVIDER_INTERVALS = {
  /** Not out yet, out within the last 90 days, or of unknown date. */
  fresh: 12 * HOUR_MS,
  /** Out within the last two years. */
  recent: 3 * DAY_MS,
  /** Out for longer. */
  settled: 14 * DAY_MS,
  retry: HOUR_MS,
} as const;

/** A provider that leaves and comes back within this long has not arrived again. */
export const FLAP_MS = DAY_MS;

export function providerInterval(releaseDate: string | null, today: string): number {
  if (releaseDate === null || !isDate(releaseDate)) return PROVIDER_INTERVALS.fresh;
  const age = daysBetween(releaseDate, today);
  if (age < 90) return PROVIDER_INTERVALS.fresh;
  return age < 730 ? PROVIDER_INTERVALS.recent : PROVIDER_INTERVALS.settled;
}

export function providersDue(
  title: Pick<WatchedTitle, 'region' | 'checkedAt' | 'attemptedAt' | 'error' | 'releaseDate'>,
  region: string,
  now: number,
  today: string,
): boolean {
  if (title.error !== null && title.attemptedAt !== null)
    return now - title.attemptedAt >= PROVIDER_INTERVALS.retry;
  if (title.checkedAt === null || title.region !== region) return true;
  return now - title.checkedAt >= providerInterval(title.releaseDate, today);
}
