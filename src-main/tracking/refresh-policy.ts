import { addDays } from './dates';
import { seriesStatus } from './rules';
import type { FilmRow } from './store/films';
import type { SeriesRow, StoredSeason } from './store/series';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/**
 * How often each title is asked about. Ended and canceled series rarely change; a returning one
 * daily; one with an episode airing today or tomorrow every few hours (TMDB fills in names,
 * stills and date changes around the air date). A failed refresh is tried again after an hour; a
 * series TMDB no longer has, weekly (it may come back).
 */
export const INTERVALS = {
  airingSoon: 3 * HOUR_MS,
  returning: DAY_MS,
  ended: 7 * DAY_MS,
  gone: 7 * DAY_MS,
  retry: HOUR_MS,
  filmUnreleased: DAY_MS,
  filmSettled: 30 * DAY_MS,
  /** Every season is fetched again this often; in between only the latest and the next. */
  fullSeries: 7 * DAY_MS,
} as const;

/** TMDB appends at most 20 objects to one answer. */
export const MAX_APPENDS = 20;

export function airingSoon(
  row: Pick<SeriesRow, 'nextAirDate' | 'lastAirDate'>,
  today: string,
): boolean {
  const tomorrow = addDays(today, 1);
  return (
    (row.nextAirDate !== null && row.nextAirDate >= today && row.nextAirDate <= tomorrow) ||
    row.lastAirDate === today
  );
}

export function seriesInterval(row: SeriesRow, today: string): number {
  if (row.gone) return INTERVALS.gone;
  if (airingSoon(row, today)) return INTERVALS.airingSoon;
  const status = seriesStatus(row.status);
  return status === 'ended' || status === 'canceled' ? INTERVALS.ended : INTERVALS.returning;
}

export function seriesDue(row: SeriesRow, now: number, today: string): boolean {
  if (row.attemptedAt === null) return true;
  if (row.refreshError !== null && !row.gone) return now - row.attemptedAt >= INTERVALS.retry;
  return now - row.attemptedAt >= seriesInterval(row, today);
}

export function filmDue(row: FilmRow, now: number): boolean {
  if (row.attemptedAt === null) return true;
  if (row.gone) return now - row.attemptedAt >= INTERVALS.gone;
  if (row.refreshError !== null) return now - row.attemptedAt >= INTERVALS.retry;
  return now - row.attemptedAt >= (row.settled ? INTERVALS.filmSettled : INTERVALS.filmUnreleased);
}

export interface SeasonPlan {
  /** Seasons to append, in request-sized chunks; the first chunk rides with the details. */
  chunks: number[][];
  /** Whether this refresh fetches every season (the weekly full pass or the first one). */
  full: boolean;
}

const chunk = (seasons: readonly number[]): number[][] => {
  const out: number[][] = [];
  for (let i = 0; i < seasons.length; i += MAX_APPENDS) out.push(seasons.slice(i, i + MAX_APPENDS));
  return out.length > 0 ? out : [[]];
};

/**
 * Which seasons one refresh asks for, so that it is one request when possible:
 * - first time (nothing stored): seasons 0–19 blind, as the season list is not known yet; TMDB
 *   leaves out the ones that do not exist, and the answer's list says if more must follow;
 * - the weekly full pass: every stored season and the one after;
 * - otherwise: the latest season, the next one, and any whose stored episode count differs from
 *   what TMDB last listed.
 */
export function seasonPlan(
  row: SeriesRow,
  stored: readonly StoredSeason[],
  now: number,
): SeasonPlan {
  if (stored.length === 0) return { chunks: [range(0, MAX_APPENDS)], full: true };
  const numbers = stored.map((s) => s.season);
  const latest = Math.max(...numbers);
  const full = row.fullRefreshedAt === null || now - row.fullRefreshedAt >= INTERVALS.fullSeries;
  const wanted = new Set<number>(full ? numbers : []);
  wanted.add(latest);
  wanted.add(latest + 1);
  for (const s of stored) if (s.stored !== s.episodeCount) wanted.add(s.season);
  return { chunks: chunk([...wanted].sort((a, b) => a - b)), full };
}

/** Seasons TMDB listed that neither were fetched now nor are stored: a follow-up request. */
export function missingSeasons(
  listed: readonly number[],
  fetched: ReadonlySet<number>,
  stored: readonly StoredSeason[],
): number[][] {
  const have = new Set(
    stored.filter((s) => s.stored > 0 || s.episodeCount === 0).map((s) => s.season),
  );
  const missing = listed.filter((s) => !fetched.has(s) && !have.has(s));
  return missing.length === 0 ? [] : chunk(missing);
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, i) => from + i);
}
