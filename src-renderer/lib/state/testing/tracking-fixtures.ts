import type {
  CalendarEventView,
  InboxItemView,
  PlayView,
  SeriesProgressSummaryView,
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
