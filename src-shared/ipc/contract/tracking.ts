import { z } from 'zod';
import { playTime } from '../../tracking/play-time';
import type { Domain } from './domain';
import { id, noInput } from './models';

/**
 * Watch tracking: history (plays), series progress, Up Next, the calendar of followed series and
 * watchlist films, and the inbox of notifications. Marquee's own data, kept in the library and
 * available offline; TMDB v3 has no "watched" state.
 */

/** A calendar day, `YYYY-MM-DD`, in the user's time zone. */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a YYYY-MM-DD date');
const seasonNumber = z.number().int().min(0).max(10_000);
const episodeNumber = z.number().int().min(0).max(999_999);
const time = z.number().int().min(0);

/** Where a play came from: Marquee, an import, a backup, or a media server it was captured from. */
export const playSource = z.enum([
  'marquee',
  'letterboxd',
  'imdb',
  'trakt',
  'backup',
  'jellyfin',
  'plex',
  'kodi',
  'emby',
]);

/** One viewing of a film or an episode; `uid` is stable across backup, import and undo. */
export const play = z.object({
  uid: z.string().min(1).max(100),
  mediaType: z.enum(['movie', 'episode']),
  /** The film's id, or the series' id for an episode. */
  mediaId: id,
  season: seasonNumber.nullable(),
  episode: episodeNumber.nullable(),
  /** ms since the epoch (1870 or later; not after now, checked where it is used); null when unknown. */
  watchedAt: playTime.nullable(),
  source: playSource,
  createdAt: time,
});
export type PlayView = z.infer<typeof play>;

/** A play's place in the history's order; a page of the history ends at `next`. */
const historyCursor = play.pick({ createdAt: true, uid: true }).extend({
  watchedAt: z.number().int().nullable(),
});

/** When a viewing happened, as the user says it. */
export const watchedWhen = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('now') }),
  /** The film's release date in the user's region, or the episode's air date. */
  z.object({ kind: z.literal('release') }),
  z.object({ kind: z.literal('date'), date: day }),
  z.object({ kind: z.literal('at'), at: time }),
  z.object({ kind: z.literal('unknown') }),
]);
export type WatchedWhen = z.infer<typeof watchedWhen>;

const movieScope = z.object({ scope: z.literal('movie'), movieId: id });
const episodeScope = z.object({
  scope: z.literal('episode'),
  seriesId: id,
  season: seasonNumber,
  episode: episodeNumber,
});
const seasonScope = z.object({ scope: z.literal('season'), seriesId: id, season: seasonNumber });
/** Every aired episode up to and including this one, in viewing order. */
const upToScope = z.object({
  scope: z.literal('upTo'),
  seriesId: id,
  season: seasonNumber,
  episode: episodeNumber,
});
/** Everything aired. */
const seriesScope = z.object({ scope: z.literal('series'), seriesId: id });

export const watchScope = z.discriminatedUnion('scope', [
  movieScope,
  episodeScope,
  seasonScope,
  upToScope,
  seriesScope,
]);
export type WatchScope = z.infer<typeof watchScope>;

export const unmarkScope = z.discriminatedUnion('scope', [
  movieScope,
  episodeScope,
  seasonScope,
  upToScope,
  seriesScope,
  z.object({ scope: z.literal('play'), uid: z.string().min(1).max(100) }),
]);
export type UnmarkScope = z.infer<typeof unmarkScope>;

export const seriesStatus = z.enum([
  'returning',
  'ended',
  'canceled',
  'in_production',
  'planned',
  'pilot',
  'unknown',
]);

const counts = {
  /** Distinct aired episodes with at least one play. */
  watched: z.number().int(),
  /** Aired episodes that count (specials only when the series includes them). */
  aired: z.number().int(),
  /** 0..100, rounded down. */
  percent: z.number().int(),
  completed: z.boolean(),
};

export const seriesProgressSummary = z.object({
  seriesId: id,
  name: z.string().nullable(),
  posterPath: z.string().nullable(),
  status: seriesStatus,
  /** TMDB answered 404: kept with its history, shown as removed from TMDB. */
  gone: z.boolean(),
  includeSpecials: z.boolean(),
  lastWatchedAt: time.nullable(),
  ...counts,
});
export type SeriesProgressSummaryView = z.infer<typeof seriesProgressSummary>;

export const episodeProgress = z.object({
  season: seasonNumber,
  episode: episodeNumber,
  name: z.string(),
  airDate: day.nullable(),
  aired: z.boolean(),
  /** Counts towards progress: aired, and not an excluded special. */
  counts: z.boolean(),
  plays: z.number().int(),
  lastWatchedAt: time.nullable(),
  stillPath: z.string().nullable(),
  runtime: z.number().int().nullable(),
});

export const seriesProgress = seriesProgressSummary.extend({
  follow: z.enum(['none', 'follow', 'unfollow']),
  /** Followed: an episode watched, on the watchlist or favourites, or followed, and not unfollowed. */
  followed: z.boolean(),
  hidden: z.boolean(),
  snoozedUntil: time.nullable(),
  refreshedAt: time.nullable(),
  refreshError: z.string().nullable(),
  seasons: z.array(
    z.object({
      season: seasonNumber,
      name: z.string().nullable(),
      ...counts,
      episodes: z.array(episodeProgress),
    }),
  ),
});
export type SeriesProgressView = z.infer<typeof seriesProgress>;

export const upNextItem = z.object({
  progress: seriesProgressSummary,
  episode: z.object({
    season: seasonNumber,
    episode: episodeNumber,
    name: z.string(),
    overview: z.string(),
    stillPath: z.string().nullable(),
    airDate: day.nullable(),
    runtime: z.number().int().nullable(),
  }),
});
export type UpNextItemView = z.infer<typeof upNextItem>;

export const releaseKind = z.enum([
  'premiere',
  'limited',
  'theatrical',
  'digital',
  'physical',
  'tv',
]);

export const calendarEvent = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('episode'),
    /** TMDB gives a date, so the event is all-day in the user's calendar. */
    date: day,
    seriesId: id,
    seriesName: z.string().nullable(),
    posterPath: z.string().nullable(),
    season: seasonNumber,
    episode: episodeNumber,
    name: z.string(),
    stillPath: z.string().nullable(),
    watched: z.boolean(),
  }),
  z.object({
    kind: z.literal('release'),
    date: day,
    movieId: id,
    title: z.string().nullable(),
    posterPath: z.string().nullable(),
    region: z.string(),
    /** TMDB's release type: 1 premiere … 6 TV. */
    releaseType: z.literal([1, 2, 3, 4, 5, 6]),
    release: releaseKind,
    note: z.string(),
  }),
]);
export type CalendarEventView = z.infer<typeof calendarEvent>;

const calendarWindow = z.object({ from: day.optional(), to: day.optional() });

export const inboxItem = z.object({
  id: z.number().int(),
  /** An episode aired, a film came out, or a title arrived on one of my streaming services. */
  kind: z.enum(['episode', 'release', 'arrival']),
  mediaId: id,
  season: seasonNumber.nullable(),
  episode: episodeNumber.nullable(),
  releaseType: z.number().int().min(1).max(6).nullable(),
  title: z.string(),
  body: z.string(),
  /** The day it aired or came out. */
  occurredAt: day,
  createdAt: time,
  readAt: time.nullable(),
  /** An arrival's film or series (the other kinds say it by their kind). */
  mediaType: z.enum(['movie', 'tv']).optional(),
  /** The TMDB provider id of the service an arrival is on (the other kinds have none). */
  providerId: id.optional(),
});
export type InboxItemView = z.infer<typeof inboxItem>;

export const refreshProgress = z.object({
  running: z.boolean(),
  done: z.number().int(),
  total: z.number().int(),
  failed: z.number().int(),
});
export type RefreshProgressView = z.infer<typeof refreshProgress>;

/**
 * The ids of the changes a write recorded (Marquee's change log): the same ids arrive in the
 * `tracking.changed` event it causes, so the window that made the change can tell its own echo.
 */
const changeIds = z.array(z.string().min(1).max(100)).max(10_000);

/** A series as a write left it: its progress and its Up Next entry (null when nothing is next). */
const seriesView = {
  progress: seriesProgress.nullable(),
  upNext: upNextItem.nullable(),
  changes: changeIds,
};

export const trackingChannels = {
  /**
   * Adds plays. Rating an episode or film may offer this: the same channel. For a series target
   * the reply carries the series' new progress and Up Next entry (null when nothing is next), so
   * the window updates in place without asking again.
   */
  'tracking.mark': {
    input: z.object({
      target: watchScope,
      when: watchedWhen.default({ kind: 'now' }),
      /** Bulk scopes skip specials unless this (or the series' setting) says otherwise. */
      includeSpecials: z.boolean().optional(),
      /** Bulk scopes add a play only to unwatched episodes unless this is set. */
      rewatch: z.boolean().default(false),
      source: playSource.default('marquee'),
      /** The episode's air date as the page shows it, for `release` before the series is stored. */
      airDate: day.nullable().optional(),
    }),
    output: z.object({ added: z.array(play), ...seriesView }),
  },
  /** Removes plays and returns them, so Undo can restore exactly those (same uid). */
  'tracking.unmark': {
    input: z.object({ target: unmarkScope, includeSpecials: z.boolean().optional() }),
    output: z.object({ removed: z.array(play), ...seriesView }),
  },
  'tracking.restore': {
    input: z.object({ plays: z.array(play).max(100_000) }),
    output: z.object({ restored: z.number().int(), changes: changeIds }),
  },
  /** The plays a scope covers (a film's viewings, an episode's rewatches). */
  'tracking.plays': {
    input: z.object({ target: unmarkScope }),
    output: z.object({ plays: z.array(play) }),
  },
  /** Every play, newest first, unknown dates last; from `offset` or right after a page's `next`. */
  'tracking.history': {
    // Paged by cursor only: the next page starts `after` the previous page's `next`. An offset
    // is refused rather than ignored: deep in a long history it would step over every play
    // before the page, on the main process.
    input: z
      .object({
        limit: z.number().int().min(1).max(1000).default(100),
        after: historyCursor.optional(),
        mediaType: z.enum(['movie', 'episode']).optional(),
      })
      .strict(),
    output: z.object({
      plays: z.array(play),
      total: z.number().int(),
      next: historyCursor.nullable(),
    }),
  },
  'tracking.progress': {
    input: z.object({ seriesId: id }),
    output: seriesProgress.nullable(),
  },
  'tracking.progressMany': {
    input: z.object({ seriesIds: z.array(id).max(5000) }),
    output: z.array(seriesProgressSummary),
  },
  'tracking.upNext': {
    input: z.object({ limit: z.number().int().min(1).max(5000).optional() }),
    output: z.array(upNextItem),
  },
  'tracking.setFollow': {
    input: z.object({ seriesId: id, follow: z.enum(['none', 'follow', 'unfollow']) }),
    output: z.object(seriesView),
  },
  'tracking.setIncludeSpecials': {
    input: z.object({ seriesId: id, includeSpecials: z.boolean() }),
    output: z.object(seriesView),
  },
  'tracking.setHidden': {
    input: z.object({ seriesId: id, hidden: z.boolean() }),
    output: z.object(seriesView),
  },
  /** Hides the series from Up Next until `until` (ms); null ends the snooze. */
  'tracking.snooze': {
    input: z.object({ seriesId: id, until: time.nullable() }),
    output: z.object(seriesView),
  },
  /** Default window: the last 7 days and the next 90. */
  'tracking.calendar': {
    input: calendarWindow,
    output: z.object({
      window: z.object({ from: day, to: day }),
      events: z.array(calendarEvent),
    }),
  },
  /** The same window as an iCalendar file (RFC 5545), for the renderer to save. */
  'tracking.exportIcs': {
    input: calendarWindow,
    output: z.object({ filename: z.string(), text: z.string() }),
  },
  'tracking.inbox': {
    input: z.object({
      limit: z.number().int().min(1).max(1000).default(200),
      unreadOnly: z.boolean().default(false),
    }),
    output: z.object({ items: z.array(inboxItem), unread: z.number().int() }),
  },
  'tracking.markRead': {
    input: z.object({ ids: z.union([z.array(z.number().int()).max(10_000), z.literal('all')]) }),
    output: z.object({ unread: z.number().int(), changes: changeIds }),
  },
  /** Refreshes now: one series (e.g. just marked, never refreshed), or whatever is due. */
  'tracking.refresh': {
    input: z.object({ seriesId: id.optional() }),
    output: refreshProgress,
  },
  'tracking.status': {
    input: noInput,
    output: z.object({ refresh: refreshProgress, unread: z.number().int() }),
  },
} as const;

export const trackingEvents = {
  /** New inbox items after a refresh, with the unread count (the shell may show OS notifications). */
  'tracking.inbox': z.object({ unread: z.number().int(), items: z.array(inboxItem) }),
  /** A refresh run's progress. */
  'tracking.refresh': refreshProgress,
  /**
   * Plays, follows or stored episodes changed: views of progress, Up Next and the calendar reload.
   * Sent once per change, after it committed; `changes` holds its change id (empty when a refresh
   * of TMDB's data changed what is shown, which is not a change of Marquee's own data).
   */
  'tracking.changed': z.object({
    seriesIds: z.array(id),
    movieIds: z.array(id),
    changes: changeIds,
  }),
} as const;

export type TrackingChannel = keyof typeof trackingChannels;
export type TrackingEvent = keyof typeof trackingEvents;

export const trackingDomain = {
  channels: trackingChannels,
  events: trackingEvents,
} satisfies Domain;
