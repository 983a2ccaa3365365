/**
 * The progress rules, free of storage so they can be tested on their own:
 * - an episode is aired when it has an air date on or before today (in the user's zone); an
 *   episode without a date, or dated after today, never counts;
 * - specials (season 0) count only when the series includes them;
 * - watched = distinct counted episodes with at least one play, so rewatches do not inflate it;
 * - regular episodes are ordered by season then number; specials, when they count, sit after the
 *   last regular episode that aired on or before them (undated ones at the end), so Up Next offers
 *   a special where it fell in the story, and "up to here" takes the specials aired by then.
 */

export interface EpisodeKey {
  season: number;
  episode: number;
  airDate: string | null;
}

/** Plays per episode, by `episodeSlot`. */
export type PlayCounts = ReadonlyMap<number, number>;

/** One number per (season, episode), for Map keys. Episode numbers stay below a million. */
export const episodeSlot = (season: number, episode: number): number =>
  season * 1_000_000 + episode;

export const isAired = (airDate: string | null, today: string): boolean =>
  airDate !== null && airDate <= today;

export function countsToward(ep: EpisodeKey, today: string, includeSpecials: boolean): boolean {
  return isAired(ep.airDate, today) && (ep.season > 0 || includeSpecials);
}

/** Season then episode, with specials (season 0) after every regular season. */
export function compareEpisodes(
  a: { season: number; episode: number },
  b: { season: number; episode: number },
): number {
  const sa = a.season === 0 ? Number.MAX_SAFE_INTEGER : a.season;
  const sb = b.season === 0 ? Number.MAX_SAFE_INTEGER : b.season;
  return sa - sb || a.episode - b.episode;
}

/** Dates in order, unknown ones last. */
function byDate(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/**
 * The viewing order of a series' episodes. Without specials they simply follow the regular ones;
 * with them, each special goes after the regular episodes aired on or before its date (the
 * running latest date, so a stray out-of-order air date cannot scatter them), undated ones last.
 */
export function orderEpisodes<T extends EpisodeKey>(
  episodes: readonly T[],
  includeSpecials: boolean,
): T[] {
  const sorted = [...episodes].sort(compareEpisodes);
  const firstSpecial = sorted.findIndex((e) => e.season === 0);
  if (!includeSpecials || firstSpecial <= 0) return sorted;
  const regular = sorted.slice(0, firstSpecial);
  const specials = sorted
    .slice(firstSpecial)
    .sort((a, b) => byDate(a.airDate, b.airDate) || a.episode - b.episode);
  const latest: string[] = [];
  let running = '';
  for (const ep of regular) {
    if (ep.airDate !== null && ep.airDate > running) running = ep.airDate;
    latest.push(running);
  }
  const out: T[] = [];
  let r = 0;
  for (const special of specials) {
    // Regular episodes whose running latest date is on or before the special's come first.
    while (r < regular.length && special.airDate !== null && (latest[r] ?? '') <= special.airDate) {
      const next = regular[r++];
      if (next) out.push(next);
    }
    if (special.airDate === null) break;
    out.push(special);
  }
  while (r < regular.length) {
    const next = regular[r++];
    if (next) out.push(next);
  }
  for (const special of specials) if (special.airDate === null) out.push(special);
  return out;
}

export function percentOf(watched: number, aired: number): number {
  return aired === 0 ? 0 : Math.floor((watched * 100) / aired);
}

export interface Summary {
  watched: number;
  aired: number;
  percent: number;
  completed: boolean;
  /** The episode Up Next offers, or null when nothing aired is left to watch. */
  next: EpisodeKey | null;
  /**
   * The summary holds while `validFrom <= today < validUntil`: it changes only when an episode
   * airs (or, with the clock or zone moved back, un-airs), so most series keep theirs for days.
   */
  validFrom: string;
  validUntil: string | null;
}

/**
 * Progress and the next episode of one series. `episodes` must be in `orderEpisodes` order.
 * Next: the first counted unwatched episode after the furthest watched regular episode; when none
 * is after it, the earliest counted unwatched one (a gap the user skipped).
 */
export function summarize(
  episodes: readonly EpisodeKey[],
  plays: PlayCounts,
  today: string,
  includeSpecials: boolean,
): Summary {
  let watched = 0;
  let aired = 0;
  let furthest = -1;
  let validFrom = '';
  let validUntil: string | null = null;
  for (let i = 0; i < episodes.length; i++) {
    const ep = episodes[i];
    if (!ep) continue;
    const seen = (plays.get(episodeSlot(ep.season, ep.episode)) ?? 0) > 0;
    if (seen && ep.season > 0) furthest = i;
    if (ep.airDate !== null) {
      if (ep.airDate <= today) {
        if (ep.airDate > validFrom) validFrom = ep.airDate;
      } else if (validUntil === null || ep.airDate < validUntil) validUntil = ep.airDate;
    }
    if (!countsToward(ep, today, includeSpecials)) continue;
    aired += 1;
    if (seen) watched += 1;
  }
  let next: EpisodeKey | null = null;
  if (watched < aired) {
    next = firstUnwatched(episodes, plays, today, includeSpecials, furthest + 1, episodes.length);
    next ??= firstUnwatched(episodes, plays, today, includeSpecials, 0, furthest + 1);
  }
  return {
    watched,
    aired,
    percent: percentOf(watched, aired),
    completed: aired > 0 && watched === aired,
    next,
    validFrom,
    validUntil,
  };
}

function firstUnwatched(
  episodes: readonly EpisodeKey[],
  plays: PlayCounts,
  today: string,
  includeSpecials: boolean,
  from: number,
  to: number,
): EpisodeKey | null {
  for (let i = from; i < to; i++) {
    const ep = episodes[i];
    if (
      ep &&
      countsToward(ep, today, includeSpecials) &&
      (plays.get(episodeSlot(ep.season, ep.episode)) ?? 0) === 0
    )
      return ep;
  }
  return null;
}

export function stillValid(
  summary: Pick<Summary, 'validFrom' | 'validUntil'>,
  today: string,
): boolean {
  return summary.validFrom <= today && (summary.validUntil === null || today < summary.validUntil);
}

/** TMDB's series status in Marquee's words. */
export function seriesStatus(
  status: string | null,
): 'returning' | 'ended' | 'canceled' | 'in_production' | 'planned' | 'pilot' | 'unknown' {
  switch ((status ?? '').toLowerCase()) {
    case 'returning series':
      return 'returning';
    case 'ended':
      return 'ended';
    case 'canceled':
    case 'cancelled':
      return 'canceled';
    case 'in production':
      return 'in_production';
    case 'planned':
      return 'planned';
    case 'pilot':
      return 'pilot';
    default:
      return 'unknown';
  }
}
