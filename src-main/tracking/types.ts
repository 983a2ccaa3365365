/**
 * The tracking domain's vocabulary. The IPC contract's `tracking` schemas describe the same shapes;
 * these are what the domain computes and stores.
 */

/** Marquee itself, an import, a backup, or the media server a play was captured from. */
export const playSources = [
  'marquee',
  'letterboxd',
  'imdb',
  'trakt',
  'backup',
  'jellyfin',
  'plex',
  'kodi',
  'emby',
] as const;
export type PlaySource = (typeof playSources)[number];

/** One viewing of a film or an episode. */
export interface Play {
  /** Stable across backup and import, so merging never duplicates and undo restores exactly. */
  uid: string;
  mediaType: 'movie' | 'episode';
  /** The film's id, or the series' id for an episode. */
  mediaId: number;
  season: number | null;
  episode: number | null;
  /** ms since the epoch; null when the date is unknown. */
  watchedAt: number | null;
  source: PlaySource;
  createdAt: number;
}

/** When a viewing happened, as the user says it. */
export type WatchedWhen =
  | { kind: 'now' }
  /** The film's release date (the user's region first), or the episode's air date. */
  | { kind: 'release' }
  /** A calendar day in the user's zone. */
  | { kind: 'date'; date: string }
  | { kind: 'at'; at: number }
  | { kind: 'unknown' };

/** What a mark or unmark applies to. Bulk scopes take aired episodes only. */
export type WatchScope =
  | { scope: 'movie'; movieId: number }
  | { scope: 'episode'; seriesId: number; season: number; episode: number }
  | { scope: 'season'; seriesId: number; season: number }
  /** Every aired episode up to and including this one, in order. */
  | { scope: 'upTo'; seriesId: number; season: number; episode: number }
  /** Everything aired. */
  | { scope: 'series'; seriesId: number };

export interface MarkOptions {
  when?: WatchedWhen;
  /** Bulk scopes skip specials (season 0) unless this or the series says otherwise. */
  includeSpecials?: boolean;
  /** Bulk scopes add a play only to unwatched episodes unless this is set. */
  rewatch?: boolean;
  source?: PlaySource;
}

export type UnmarkScope = WatchScope | { scope: 'play'; uid: string };

export type SeriesStatus =
  'returning' | 'ended' | 'canceled' | 'in_production' | 'planned' | 'pilot' | 'unknown';

export type FollowState = 'none' | 'follow' | 'unfollow';

export interface ProgressCounts {
  /** Distinct aired episodes with at least one play (rewatches do not count twice). */
  watched: number;
  /** Aired episodes that count (specials only when the series includes them). */
  aired: number;
  /** 0..100, rounded down, so 100 means complete. */
  percent: number;
  completed: boolean;
}

/** A series' progress as lists and Up Next show it. */
export interface SeriesProgressSummary extends ProgressCounts {
  seriesId: number;
  name: string | null;
  posterPath: string | null;
  status: SeriesStatus;
  /** TMDB answered 404: kept, with its history, shown as removed from TMDB. */
  gone: boolean;
  includeSpecials: boolean;
  lastWatchedAt: number | null;
}

export interface EpisodeProgress {
  season: number;
  episode: number;
  name: string;
  airDate: string | null;
  aired: boolean;
  /** Whether this episode counts towards progress (aired, and not an excluded special). */
  counts: boolean;
  plays: number;
  lastWatchedAt: number | null;
  stillPath: string | null;
  runtime: number | null;
}

export interface SeasonProgress extends ProgressCounts {
  season: number;
  name: string | null;
  episodes: EpisodeProgress[];
}

export interface SeriesProgress extends SeriesProgressSummary {
  follow: FollowState;
  followed: boolean;
  hidden: boolean;
  snoozedUntil: number | null;
  refreshedAt: number | null;
  refreshError: string | null;
  seasons: SeasonProgress[];
}

export interface UpNextEpisode {
  season: number;
  episode: number;
  name: string;
  overview: string;
  stillPath: string | null;
  airDate: string | null;
  runtime: number | null;
}

export interface UpNextItem {
  progress: SeriesProgressSummary;
  episode: UpNextEpisode;
}

export const releaseTypes = {
  1: 'premiere',
  2: 'limited',
  3: 'theatrical',
  4: 'digital',
  5: 'physical',
  6: 'tv',
} as const;
export type ReleaseType = keyof typeof releaseTypes;
export type ReleaseKind = (typeof releaseTypes)[ReleaseType];

export type CalendarEvent =
  | {
      kind: 'episode';
      /** The air date, in the user's calendar (TMDB gives a date, so the event is all-day). */
      date: string;
      seriesId: number;
      seriesName: string | null;
      posterPath: string | null;
      season: number;
      episode: number;
      name: string;
      stillPath: string | null;
      watched: boolean;
    }
  | {
      kind: 'release';
      date: string;
      movieId: number;
      title: string | null;
      posterPath: string | null;
      region: string;
      releaseType: ReleaseType;
      release: ReleaseKind;
      note: string;
    };

export interface InboxItem {
  id: number;
  /** An episode aired, a film came out, or a title arrived on one of my streaming services. */
  kind: 'episode' | 'release' | 'arrival';
  mediaId: number;
  season: number | null;
  episode: number | null;
  releaseType: ReleaseType | null;
  title: string;
  body: string;
  /** The date it aired or was released. */
  occurredAt: string;
  createdAt: number;
  readAt: number | null;
  /** An arrival's film or series; the other kinds say it by their kind. */
  mediaType?: 'movie' | 'tv';
  /** The TMDB provider id of the service an arrival is on; absent for the other kinds. */
  providerId?: number;
}

/** A refresh run's progress, for the status bar. */
export interface RefreshProgress {
  running: boolean;
  done: number;
  total: number;
  failed: number;
}
