import type {
  CalendarEventView,
  InboxItemView,
  PlayView,
  SeriesProgressSummaryView,
  SeriesProgressView,
  UpNextItemView,
} from '../../../../src-shared/ipc/contract';

export function summary(
  seriesId: number,
  over: Partial<SeriesProgressSummaryView> = {},
): SeriesProgressSummaryView {
  return {
    seriesId,
    name: `Series ${seriesId}`,
    posterPath: null,
    status: 'returning',
    gone: false,
    includeSpecials: false,
    lastWatchedAt: 1,
    watched: 2,
    aired: 10,
    percent: 20,
    completed: false,
    ...over,
  };
}

export function upNextItem(seriesId: number, season: number, episode: number): UpNextItemView {
  return {
    progress: summary(seriesId),
    episode: {
      season,
      episode,
      name: `Episode ${episode}`,
      overview: '',
      stillPath: null,
      airDate: '2026-01-01',
      runtime: 40,
    },
  };
}

export function play(uid: string, seriesId: number, episode: number): PlayView {
  return {
    uid,
    mediaType: 'episode',
    mediaId: seriesId,
    season: 1,
    episode,
    watchedAt: 5,
    source: 'marquee',
    createdAt: 5,
  };
}

export function episodeEvent(date: string, seriesId: number, episode: number): CalendarEventView {
  return {
    kind: 'episode',
    date,
    seriesId,
    seriesName: `Series ${seriesId}`,
    posterPath: null,
    season: 1,
    episode,
    name: `Episode ${episode}`,
    stillPath: null,
    watched: false,
  };
}

export function inboxItem(id: number, readAt: number | null = null): InboxItemView {
  return {
    id,
    kind: 'episode',
    mediaId: 100 + id,
    season: 1,
    episode: id,
    releaseType: null,
    title: `Series ${id}`,
    body: 'aired today',
    occurredAt: '2026-11-22',
    createdAt: 1,
    readAt,
  };
}

/** A series' progress with one season of `aired` episodes, the first `watched` of them watched. */
export function seriesProgress(
  seriesId: number,
  watched: number,
  aired = 3,
  over: Partial<SeriesProgressView> = {},
): SeriesProgressView {
  const episodes = Array.from({ length: aired }, (_, i) => ({
    season: 1,
    episode: i + 1,
    name: `Episode ${i + 1}`,
    airDate: '2026-01-01',
    aired: true,
    counts: true,
    plays: i < watched ? 1 : 0,
    lastWatchedAt: i < watched ? 5 : null,
    stillPath: null,
    runtime: 40,
  }));
  const counts = {
    watched,
    aired,
    percent: Math.floor((watched * 100) / aired),
    completed: watched === aired,
  };
  return {
    ...summary(seriesId, counts),
    follow: 'none',
    followed: true,
    hidden: false,
    snoozedUntil: null,
    refreshedAt: 1,
    refreshError: null,
    seasons: [{ season: 1, name: 'Season 1', ...counts, episodes }],
    ...over,
  };
}

/** A write's reply for a series: the series as it left it, and the ids of its changes. */
export function seriesReply(
  changes: string[],
  progress: SeriesProgressView | null = null,
  upNext: UpNextItemView | null = null,
): { progress: SeriesProgressView | null; upNext: UpNextItemView | null; changes: string[] } {
  return { progress, upNext, changes };
}

/** A `tracking.changed` as the core sends it: one change, or none for a refresh of TMDB's data. */
export function changed(
  changes: string[],
  ids: { seriesIds?: number[]; movieIds?: number[] } = {},
): { seriesIds: number[]; movieIds: number[]; changes: string[] } {
  return { seriesIds: ids.seriesIds ?? [], movieIds: ids.movieIds ?? [], changes };
}
