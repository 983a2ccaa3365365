import type { Catalogue, TitleCore } from './catalogue';
import { isoDay } from './days';
import { longText } from './messy';
import { mix } from './prng';
import { FORCED_AIRING, airingState, scheduleOf, seriesRole, type SeriesRole } from './schedule';

/**
 * The titles the demo is built around, chosen by seed and index only (never by the clock), so
 * tests and the watch-tracking features can find them: the series airing this week, films released
 * in the coming weeks, and the library the demo account starts with.
 */

/** Film indexes always released soon after the start, with their day offsets. */
const FORCED_SOON: ReadonlyMap<number, number> = new Map([
  [3, 3],
  [11, 10],
  [17, 24],
]);
const SOON_STREAM = 78;
const SOON_RATE = 0.01;

/** Days from the start to a film's theatrical release if it is one of the soon films. */
export function soonOffset(seed: number, index: number): number | undefined {
  const forced = FORCED_SOON.get(index);
  if (forced !== undefined) return forced;
  const hash = mix(seed, 1, index, SOON_STREAM);
  return hash / 4294967296 < SOON_RATE ? 1 + (mix(hash, 1) % 30) : undefined;
}

/** Designated items stay clean of messy data, so tests built on them stay simple. */
export function isDesignated(kind: 'movie' | 'tv', index: number): boolean {
  return kind === 'movie' ? FORCED_SOON.has(index) : FORCED_AIRING.includes(index);
}

export interface DemoLibrary {
  readonly watchlist: { readonly movie: readonly number[]; readonly tv: readonly number[] };
  readonly favorite: { readonly movie: readonly number[]; readonly tv: readonly number[] };
  readonly lists: readonly {
    readonly name: string;
    readonly description: string;
    readonly items: readonly number[];
  }[];
}

export interface DemoPicks {
  /**
   * Series ids with an episode aired in the 7 days up to the start (today−6..today) and the next
   * one airing in the 7 days after (today+1..today+7); the always-airing ones first.
   */
  readonly airingThisWeek: readonly number[];
  /** Series ids whose status is Ended and whose last episode aired over a year before the start. */
  readonly endedLongAgo: readonly number[];
  /** Film ids whose theatrical release is 1 to 30 days after the start; the fixed ones first. */
  readonly upcomingFilms: readonly number[];
  /** What the demo account starts with, when the server's `demoLibrary` is on. */
  readonly library: DemoLibrary;
}

const designatedFirst = (a: TitleCore, b: TitleCore): number =>
  Number(!isDesignated(a.kind, a.index)) - Number(!isDesignated(b.kind, b.index)) ||
  a.index - b.index;

export function demoPicksOf(data: Catalogue): DemoPicks {
  const start = isoDay(data.anchorDay);
  const yearAgo = isoDay(data.anchorDay - 365);
  const clean = (core: TitleCore): boolean =>
    !core.adult && data.messy.kindOf(core.kind, core.index) === undefined;
  const endedLongAgo = (core: TitleCore): boolean => {
    if (seriesRole(data, core) !== 'ended') return false;
    const aired = airingState(scheduleOf(data, core), start).last?.slot.airDate;
    return aired !== undefined && aired !== null && aired < yearAgo;
  };
  const airing = data.tv.filter((c) => seriesRole(data, c) === 'airing').sort(designatedFirst);
  const upcoming = data.movies
    .filter((c) => soonOffset(data.seed, c.index) !== undefined)
    .sort(designatedFirst);
  const popularTv = data.sortedBy('tv', 'popularity').filter(clean);
  const withRole = (role: SeriesRole): number[] =>
    popularTv
      .filter((c) => seriesRole(data, c) === role)
      .slice(0, 1)
      .map((c) => c.id);
  const ended: number[] = [];
  for (const core of popularTv) {
    if (ended.length >= 2) break;
    if (endedLongAgo(core)) ended.push(core.id);
  }
  const released = data
    .sortedBy('movie', 'popularity')
    .filter((c) => clean(c) && c.date <= isoDay(data.anchorDay - 60))
    .slice(0, 8)
    .map((c) => c.id);
  const airingClean = airing.filter(clean).map((c) => c.id);
  const upcomingClean = upcoming.filter(clean).map((c) => c.id);
  const { vanishedIds } = data.messy;
  return {
    airingThisWeek: airing.map((c) => c.id),
    endedLongAgo: data.tv.filter(endedLongAgo).map((c) => c.id),
    upcomingFilms: upcoming.map((c) => c.id),
    library: {
      watchlist: {
        movie: [
          ...upcomingClean.slice(0, 3),
          ...released.slice(0, 2),
          ...vanishedIds.movie.slice(0, 1),
        ],
        tv: [
          ...airingClean.slice(0, 3),
          ...ended.slice(0, 1),
          ...withRole('planned'),
          ...withRole('announced'),
          ...withRole('tba'),
          ...vanishedIds.tv.slice(0, 1),
        ],
      },
      favorite: {
        movie: released.slice(2, 4),
        tv: [...airingClean.slice(3, 5), ...ended.slice(1, 2)],
      },
      lists: [
        {
          name: 'Weekend picks',
          description: data.messy.longListDescription
            ? longText('Films for a slow weekend, with notes on each one.')
            : 'Films for a slow weekend.',
          items: released.slice(4, 8),
        },
      ],
    },
  };
}
