import type { ProgressIndex } from './progress-index';
import {
  compareEpisodes,
  countsToward,
  episodeSlot,
  isAired,
  percentOf,
  seriesStatus,
  type Summary,
} from './rules';
import type { SeriesState } from './store/series';
import type { TrackingStore } from './store';
import type {
  EpisodeProgress,
  SeasonProgress,
  SeriesProgress,
  SeriesProgressSummary,
  UpNextItem,
} from './types';

export function toSummary(row: SeriesState, summary: Summary | undefined): SeriesProgressSummary {
  return {
    seriesId: row.seriesId,
    name: row.name,
    posterPath: row.posterPath,
    status: seriesStatus(row.status),
    gone: row.gone,
    includeSpecials: row.includeSpecials,
    lastWatchedAt: row.lastWatchedAt,
    watched: summary?.watched ?? 0,
    aired: summary?.aired ?? 0,
    percent: summary?.percent ?? 0,
    completed: summary?.completed ?? false,
  };
}

/** The series Up Next considers: watched at least once, not hidden, not snoozed past `now`. */
export const upNextCandidates = (candidates: readonly SeriesState[], now: number): SeriesState[] =>
  candidates.filter(
    (r) => r.playCount > 0 && !r.hidden && (r.snoozedUntil === null || r.snoozedUntil <= now),
  );

/**
 * Up Next: every series in progress (at least one counted episode watched, not complete), not
 * hidden and not snoozed past `now`, most recently watched first, each with its next episode.
 */
export function upNext(
  candidates: readonly SeriesState[],
  index: ProgressIndex,
  now: number,
  today: string,
  limit = Number.POSITIVE_INFINITY,
): UpNextItem[] {
  const rows = upNextCandidates(candidates, now);
  const entries = index.summaries(rows, today);
  const items: UpNextItem[] = [];
  for (const row of rows) {
    if (items.length >= limit) break;
    const entry = entries.get(row.seriesId);
    if (!entry || entry.summary.watched === 0 || entry.summary.completed || !entry.summary.next)
      continue;
    const next = entry.summary.next;
    const stored = index.nextEpisode(row.seriesId, entry);
    items.push({
      progress: toSummary(row, entry.summary),
      episode: {
        season: next.season,
        episode: next.episode,
        name: stored?.name ?? '',
        overview: stored?.overview ?? '',
        stillPath: stored?.stillPath ?? null,
        airDate: next.airDate,
        runtime: stored?.runtime ?? null,
      },
    });
  }
  return items;
}

/** One series in full: per season, each episode's state and play count. */
export function seriesProgress(
  store: TrackingStore,
  index: ProgressIndex,
  seriesId: number,
  today: string,
): SeriesProgress | undefined {
  const row = store.series.get(seriesId);
  if (!row) return undefined;
  const plays = new Map(
    store.plays
      .episodeCounts(seriesId)
      .map((c) => [episodeSlot(c.season, c.episode), { plays: c.plays, last: c.lastWatchedAt }]),
  );
  const names = new Map(store.series.seasons(seriesId).map((s) => [s.season, s.name]));
  const bySeason = new Map<number, EpisodeProgress[]>();
  for (const ep of store.series.episodes(seriesId).sort(compareEpisodes)) {
    const p = plays.get(episodeSlot(ep.season, ep.episode));
    let list = bySeason.get(ep.season);
    if (!list) bySeason.set(ep.season, (list = []));
    list.push({
      season: ep.season,
      episode: ep.episode,
      name: ep.name,
      airDate: ep.airDate,
      aired: isAired(ep.airDate, today),
      counts: countsToward(ep, today, row.includeSpecials),
      plays: p?.plays ?? 0,
      lastWatchedAt: p?.last ?? null,
      stillPath: ep.stillPath,
      runtime: ep.runtime,
    });
  }
  const seasons: SeasonProgress[] = [...bySeason].map(([season, episodes]) => {
    const counted = episodes.filter((e) => e.counts);
    const watched = counted.filter((e) => e.plays > 0).length;
    return {
      season,
      name: names.get(season) ?? null,
      watched,
      aired: counted.length,
      percent: percentOf(watched, counted.length),
      completed: counted.length > 0 && watched === counted.length,
      episodes,
    };
  });
  const entry = index.summaries([row], today).get(seriesId);
  return {
    ...toSummary(row, entry?.summary),
    follow: row.follow,
    followed: row.followed,
    hidden: row.hidden,
    snoozedUntil: row.snoozedUntil,
    refreshedAt: row.refreshedAt,
    refreshError: row.refreshError,
    seasons,
  };
}

/** Progress of many series at once (lists show it); series Marquee has never tracked read as zero. */
export function progressOf(
  store: TrackingStore,
  index: ProgressIndex,
  seriesIds: readonly number[],
  today: string,
): SeriesProgressSummary[] {
  const rows = store.series.many(seriesIds);
  const entries = index.summaries(rows, today);
  return rows.map((row) => toSummary(row, entries.get(row.seriesId)?.summary));
}
