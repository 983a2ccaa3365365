import type { Catalogue, TitleCore } from './catalogue';
import { DAY_MS, dayFromIso, isoDay } from './days';
import { mix, Rng } from './prng';
import { scheduleOf } from './schedule';

/**
 * A generated watch history for the demo account: about three years of evenings up to the day
 * before the catalogue's start, with films released before the day they are watched, series
 * binged in order through episodes aired by then, rewatches, holidays without anything, and runs
 * of daily viewing (the last one still going, so a current streak shows). Chosen by seed and
 * start day only: the same catalogue gives the same history.
 */

/** One viewing, shaped as Marquee's plays (`tracking.restore`'s input). */
export interface DemoPlay {
  readonly uid: string;
  readonly mediaType: 'movie' | 'episode';
  /** The film's id, or the series' id for an episode. */
  readonly mediaId: number;
  readonly season: number | null;
  readonly episode: number | null;
  /** ms since the epoch. */
  readonly watchedAt: number;
  readonly source: 'marquee';
  readonly createdAt: number;
}

export interface DemoHistory {
  /** Oldest first. */
  readonly plays: readonly DemoPlay[];
  /** The demo account's ratings of watched titles, 0.5..10 in halves. */
  readonly ratings: {
    readonly movie: ReadonlyArray<readonly [id: number, rating: number]>;
    readonly tv: ReadonlyArray<readonly [id: number, rating: number]>;
  };
}

const HISTORY_STREAM = 91;
const YEARS = 3;
const SERIES_WATCHED = 16;

interface SeriesQueue {
  id: number;
  /** Season ≥ 1 episodes with an air date, in order. */
  episodes: Array<{ season: number; episode: number; airDay: number }>;
  next: number;
}

const halves = (value: number): number => Math.min(10, Math.max(0.5, Math.round(value * 2) / 2));

export function demoHistoryOf(data: Catalogue): DemoHistory {
  const rng = new Rng(mix(data.seed, HISTORY_STREAM, data.anchorDay));
  const lastDay = data.anchorDay - 1;
  const firstDay = data.anchorDay - YEARS * 365;
  const clean = (core: TitleCore): boolean =>
    !core.adult && data.messy.kindOf(core.kind, core.index) === undefined;

  // Films by popularity, so the demo's history is of films the user would recognise first.
  const films = data
    .sortedBy('movie', 'popularity')
    .filter((c) => clean(c) && dayFromIso(c.date) < lastDay);
  const series: SeriesQueue[] = [];
  for (const core of data.sortedBy('tv', 'popularity')) {
    if (series.length >= SERIES_WATCHED) break;
    if (!clean(core)) continue;
    const episodes: SeriesQueue['episodes'] = [];
    for (const season of scheduleOf(data, core).seasons) {
      if (season.seasonNumber < 1) continue;
      for (const slot of season.episodes) {
        if (slot.airDate === null) continue;
        const airDay = dayFromIso(slot.airDate);
        if (airDay <= lastDay)
          episodes.push({ season: season.seasonNumber, episode: slot.number, airDay });
      }
    }
    if (episodes.length >= 4) series.push({ id: core.id, episodes, next: 0 });
  }

  // Holidays (nothing watched) and runs of daily viewing, laid out over the window.
  const quiet = new Set<number>();
  const daily = new Set<number>();
  for (let day = firstDay + rng.int(20, 60); day < lastDay - 30; day += rng.int(60, 140)) {
    const length = rng.int(7, 20);
    for (let d = day; d < day + length; d++) quiet.add(d);
    const run = day + length + rng.int(10, 40);
    const runLength = rng.int(5, 16);
    for (let d = run; d < run + runLength; d++) daily.add(d);
  }
  // The last days run up to yesterday: a streak that is still alive.
  const finalRun = rng.int(4, 9);
  for (let d = lastDay - finalRun + 1; d <= lastDay; d++) {
    daily.add(d);
    quiet.delete(d);
  }

  const plays: DemoPlay[] = [];
  const watchedFilms: number[] = [];
  const watchedSeries = new Set<number>();
  let filmCursor = 0;
  let current: SeriesQueue | undefined;
  const play = (
    mediaType: 'movie' | 'episode',
    mediaId: number,
    day: number,
    minute: number,
    season: number | null = null,
    episode: number | null = null,
  ): void => {
    const watchedAt = day * DAY_MS + minute * 60_000;
    plays.push({
      uid: `demo-${String(data.seed)}-${String(plays.length + 1)}`,
      mediaType,
      mediaId,
      season,
      episode,
      watchedAt,
      source: 'marquee',
      createdAt: watchedAt,
    });
  };

  for (let day = firstDay; day <= lastDay; day++) {
    if (quiet.has(day)) continue;
    const weekday = new Date(day * DAY_MS).getUTCDay();
    const weekend = weekday === 0 || weekday === 6 || weekday === 5;
    const active = daily.has(day) || rng.float() < (weekend ? 0.55 : 0.3);
    if (!active) continue;
    // Evenings, from 18:30 (UTC) on.
    let minute = 18 * 60 + 30 + rng.int(0, 90);
    const films_ = weekend && rng.float() < 0.2 ? 2 : rng.float() < 0.35 ? 1 : 0;
    for (let i = 0; i < films_; i++) {
      const rewatch = watchedFilms.length > 5 && rng.float() < 0.1;
      let id: number | undefined;
      if (!rewatch) {
        while (filmCursor < films.length) {
          const candidate = films[filmCursor++];
          if (candidate && dayFromIso(candidate.date) < day) {
            id = candidate.id;
            break;
          }
        }
      }
      id ??= watchedFilms.length > 0 ? rng.pick(watchedFilms) : undefined;
      if (id === undefined) continue;
      if (!watchedFilms.includes(id)) watchedFilms.push(id);
      play('movie', id, day, minute);
      minute += rng.int(100, 140);
    }
    if (films_ === 0 || rng.float() < 0.35) {
      // Keep to one series while it has aired episodes left; then the next one that has.
      const ready = (s: SeriesQueue): boolean => (s.episodes[s.next]?.airDay ?? Infinity) < day;
      if (!current || !ready(current)) current = series.find(ready);
      const queue = current;
      if (!queue) continue;
      const count = rng.int(1, daily.has(day) ? 4 : 3);
      for (let i = 0; i < count; i++) {
        const next = queue.episodes[queue.next];
        if (!next || next.airDay >= day) break;
        queue.next += 1;
        watchedSeries.add(queue.id);
        play('episode', queue.id, day, minute, next.season, next.episode);
        minute += rng.int(25, 60);
        // A favourite episode, seen again the same evening now and then.
        if (rng.float() < 0.03) {
          play('episode', queue.id, day, minute, next.season, next.episode);
          minute += 45;
        }
      }
    }
  }
  // Safety: every play stays before the catalogue's start, and in order.
  const end = data.anchorDay * DAY_MS;
  const kept = plays.filter((p) => p.watchedAt < end).sort((a, b) => a.watchedAt - b.watchedAt);

  const byId = new Map([...data.movies, ...data.tv].map((c) => [`${c.kind}:${String(c.id)}`, c]));
  const ratingOf = (kind: 'movie' | 'tv', id: number): number => {
    const core = byId.get(`${kind}:${String(id)}`);
    const hash = mix(data.seed, HISTORY_STREAM, id);
    // Around TMDB's average, sometimes well off it: a taste of one's own.
    const offset = ((hash % 41) - 20) / 10;
    return halves((core?.voteAverage ?? 6.5) + offset);
  };
  const rated = (
    ids: Iterable<number>,
    kind: 'movie' | 'tv',
    share: number,
  ): Array<[number, number]> =>
    [...ids]
      .filter((id) => mix(data.seed, HISTORY_STREAM, id, 7) / 4294967296 < share)
      .map((id) => [id, ratingOf(kind, id)]);

  return {
    plays: kept,
    ratings: { movie: rated(watchedFilms, 'movie', 0.45), tv: rated(watchedSeries, 'tv', 0.6) },
  };
}

/** The history's span, for messages and tests: its first and last day. */
export function historySpan(history: DemoHistory): { from: string; to: string } | null {
  const first = history.plays[0];
  const last = history.plays.at(-1);
  if (!first || !last) return null;
  return {
    from: isoDay(Math.floor(first.watchedAt / DAY_MS)),
    to: isoDay(Math.floor(last.watchedAt / DAY_MS)),
  };
}
