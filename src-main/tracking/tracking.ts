import type { ChangePath } from '../changes/change-path';
import { calendarWindow, keptCalendar, type CalendarWindow } from './calendar';
import { localDate } from './dates';
import { createHistory, type Recorded } from './history';
import { toIcsEvent, writeIcs, type IcsEvent } from './ics';
import { collectNotifications } from './notify';
import { progressOf, seriesProgress, upNext, upNextCandidates } from './progress';
import { ProgressIndex } from './progress-index';
import { createSeriesWrites, type SeriesWrites } from './series-writes';
import { WatchedSeries } from './watched-series';
import type { FilmSnapshot, SeriesSnapshot } from './snapshots';
import type { TrackingStore } from './store';
import type { HistoryCursor } from './store/history-pages';
import type { FilmRow } from './store/films';
import type { SeriesRow, StoredSeason } from './store/series';
import type {
  CalendarEvent,
  FollowState,
  InboxItem,
  MarkOptions,
  Play,
  SeriesProgress,
  SeriesProgressSummary,
  UnmarkScope,
  UpNextItem,
  WatchScope,
} from './types';

export interface TrackingOptions {
  clock: () => number;
  /** The user's IANA time zone: "today" and chosen days are dates there. */
  timeZone: () => string;
  /** The user's region (ISO 3166-1) for film release dates. */
  region: () => string;
  newUid?: () => string;
  /** The one write path of Marquee's own data (plays, series settings, the inbox's reads). */
  changes: ChangePath;
}

/** What the refresh scheduler reads and writes. */
export interface RefreshTarget {
  today(): string;
  region(): string;
  /** Makes rows for watchlist and favourite titles that have none yet. */
  adoptCollections(): void;
  series(): SeriesRow[];
  /** Runs the writes in one transaction (each keeps its own savepoint). */
  batch(writes: () => void): void;
  /** One series' row, made if needed. */
  seriesRow(seriesId: number): SeriesRow;
  films(): FilmRow[];
  seasons(seriesId: number): StoredSeason[];
  applySeries(snapshot: SeriesSnapshot, full: boolean): void;
  seriesFailed(seriesId: number, error: string, gone: boolean): void;
  applyFilm(snapshot: FilmSnapshot): void;
  filmFailed(movieId: number, error: string, gone: boolean): void;
  /** New inbox items since the last check (see notify.ts). */
  collectNotifications(): InboxItem[];
}

/**
 * Every write of Marquee's own data goes through `options.changes` and answers with the ids of
 * the changes it recorded: one per logical change, none when it changed nothing.
 */
export interface Tracking {
  today(): string;
  mark(
    target: WatchScope,
    options?: MarkOptions & { airDate?: string | null },
  ): Recorded & { added: Play[] };
  unmark(
    target: UnmarkScope,
    options?: { includeSpecials?: boolean },
  ): Recorded & { removed: Play[] };
  removePlays(uids: readonly string[]): Recorded & { removed: Play[] };
  restore(plays: readonly Play[]): Recorded & { restored: Play[] };
  plays(target: UnmarkScope): Play[];
  /** A page of the history: the first, or the one right after the place `after` (see `PlayStore`). */
  history(options?: { limit?: number; after?: HistoryCursor; mediaType?: 'movie' | 'episode' }): {
    plays: Play[];
    total: number;
    next: HistoryCursor | null;
  };
  progress(seriesId: number): SeriesProgress | null;
  progressMany(seriesIds: readonly number[]): SeriesProgressSummary[];
  /** The names and posters of a page of plays (see `createPlayTitles`). */
  playTitles: TrackingStore['playTitles'];
  upNext(options?: { limit?: number }): UpNextItem[];
  /** `upNext`, the missing summaries computed a slice at a time first (a window's read). */
  upNextInSlices(options?: { limit?: number }): Promise<UpNextItem[]>;
  /** The one series' Up Next entry (null when nothing is next), after a mark for instance. */
  upNextFor(seriesId: number): UpNextItem | null;
  setFollow(seriesId: number, follow: FollowState): Recorded;
  setIncludeSpecials(seriesId: number, on: boolean): Recorded;
  setHidden(seriesId: number, hidden: boolean): Recorded;
  /** Hides the series from Up Next until `until` (ms); null ends the snooze. */
  snooze(seriesId: number, until: number | null): Recorded;
  calendar(window?: Partial<CalendarWindow>): { window: CalendarWindow; events: CalendarEvent[] };
  calendarIcs(window?: Partial<CalendarWindow>): string;
  inbox(options?: { limit?: number; unreadOnly?: boolean }): InboxItem[];
  unreadCount(): number;
  /** Reads inbox items (one `inbox.read`); `read` counts those that were unread. */
  markRead(ids: readonly number[] | 'all'): Recorded & { read: number };
  /** A backup's series settings and inbox, through the same writes and change records. */
  restoreSeries: SeriesWrites['restoreSeries'];
  restoreInbox: SeriesWrites['restoreInbox'];
  /**
   * Notes that the system showed these items. Not a change: it is this computer's bookkeeping (the
   * notification was shown here), and another computer must still show its own.
   */
  markOsNotified(ids: readonly number[]): void;
  /**
   * Has progress and Up Next read these series again: their plays or settings changed without a
   * write of this domain (changes merged from another computer).
   */
  seriesChanged(seriesIds: readonly number[]): void;
  /** Stores the progress summaries computed and not stored yet (closing). */
  persist(): void;
  refresh: RefreshTarget;
}

/** The calendar export as the file the user saves: the window resolved from `tracking`'s today. */
export function icsFile(
  tracking: Pick<Tracking, 'today' | 'calendarIcs'>,
  window: Partial<CalendarWindow>,
): { filename: string; text: string } {
  const resolved = calendarWindow(tracking.today(), window);
  return {
    filename: `marquee-${resolved.from}-to-${resolved.to}.ics`,
    text: tracking.calendarIcs(resolved),
  };
}

const MAX_READ = 20_000;
const clampLimit = (limit: number | undefined, fallback: number): number =>
  Math.min(Math.max(1, Math.trunc(limit ?? fallback)), MAX_READ);

/** The tracking domain over an open library: history, progress, Up Next, calendar, inbox. */
export function createTracking(store: TrackingStore, options: TrackingOptions): Tracking {
  const { clock } = options;
  const index = new ProgressIndex(store);
  const watched = new WatchedSeries(store);
  const today = (): string => localDate(clock(), options.timeZone());
  const history = createHistory({
    store,
    clock,
    timeZone: options.timeZone,
    region: options.region,
    newUid: options.newUid,
    changes: options.changes,
    changed: (id) => {
      index.playsChanged(id);
      watched.changed(id);
    },
  });
  /** Makes the series' row if needed, and has Up Next read it again. */
  const ensured = (seriesId: number): void => {
    store.series.ensure(seriesId, clock());
    watched.changed(seriesId);
  };
  const writes = createSeriesWrites({ store, clock, changes: options.changes, ensured });
  const calendar = keptCalendar(store, index);

  const tracking: Tracking = {
    today,
    mark: (target, opts) => history.mark(target, opts),
    unmark: (target, opts) => history.unmark(target, opts),
    removePlays: (uids) => history.removePlays(uids),
    restore: (plays) => history.restore(plays),
    plays: (target) => store.plays.find(history.filterOf(target)),
    history: (opts = {}) =>
      store.plays.history({
        limit: clampLimit(opts.limit, 100),
        ...(opts.after === undefined ? {} : { after: opts.after }),
        ...(opts.mediaType === undefined ? {} : { mediaType: opts.mediaType }),
      }),
    progress: (seriesId) => seriesProgress(store, index, seriesId, today()) ?? null,
    progressMany: (ids) => progressOf(store, index, ids, today()),
    playTitles: (query) => store.playTitles(query),
    upNext: (opts = {}) => upNext(watched.rows(), index, clock(), today(), opts.limit),
    upNextInSlices: async (opts = {}) => {
      const rows = watched.rows();
      const now = clock();
      await index.summarizeInSlices(upNextCandidates(rows, now), today());
      return upNext(rows, index, now, today(), opts.limit);
    },
    upNextFor: (seriesId) =>
      upNext(store.series.many([seriesId]), index, clock(), today(), 1)[0] ?? null,
    setFollow: (seriesId, follow) => writes.setFollow(seriesId, follow),
    setIncludeSpecials: (seriesId, on) => writes.setIncludeSpecials(seriesId, on),
    setHidden: (seriesId, hidden) => writes.setHidden(seriesId, hidden),
    snooze: (seriesId, until) => writes.snooze(seriesId, until),
    calendar: (asked) => {
      const window = calendarWindow(today(), asked);
      return { window, events: calendar(window, options.region()) };
    },
    calendarIcs: (asked) => {
      const window = calendarWindow(today(), asked);
      const overviews = new Map(
        store.calendar
          .overviews(window.from, window.to)
          .map(([id, season, episode, text]) => [`${id}:${season}:${episode}`, text]),
      );
      // One event per identity: a film with two theatrical dates keeps its first.
      const events = new Map<string, IcsEvent>();
      for (const event of calendar(window, options.region())) {
        const overview =
          event.kind === 'episode'
            ? overviews.get(`${event.seriesId}:${event.season}:${event.episode}`)
            : undefined;
        const ics = toIcsEvent(event, overview);
        if (!events.has(ics.uid)) events.set(ics.uid, ics);
      }
      return writeIcs([...events.values()], { now: clock(), name: 'Marquee' });
    },
    inbox: (opts = {}) =>
      store.inbox.list({
        limit: clampLimit(opts.limit, 200),
        unreadOnly: opts.unreadOnly ?? false,
      }),
    unreadCount: () => store.inbox.unread(),
    markRead: (ids) => writes.markRead(ids),
    restoreSeries: (rows) => writes.restoreSeries(rows),
    restoreInbox: (rows) => writes.restoreInbox(rows),
    markOsNotified: (ids) => {
      store.inbox.markOsNotified(ids, clock());
    },
    seriesChanged: (ids) => {
      for (const id of ids) {
        index.playsChanged(id);
        watched.changed(id);
      }
    },
    persist: () => {
      index.persist();
    },
    refresh: {
      today,
      region: options.region,
      adoptCollections: () => {
        const now = clock();
        store.series.ensureFromCollections(now);
        store.films.ensureFromWatchlist(now);
      },
      series: () => store.series.refreshable(),
      batch: (writes) => {
        store.transaction(writes);
      },
      seriesRow: (id) => {
        ensured(id);
        const row = store.series.get(id);
        if (!row) throw new Error(`series ${id} has no row after it was made`);
        return row;
      },
      films: () => store.films.refreshable(options.region(), today()),
      seasons: (id) => store.series.seasons(id),
      applySeries: (snapshot, full) => {
        store.series.apply(snapshot, clock(), full);
        index.episodesChanged(snapshot.id);
        watched.changed(snapshot.id);
      },
      seriesFailed: (id, error, gone) => {
        store.series.failed(id, clock(), error, gone);
        watched.changed(id);
      },
      applyFilm: (snapshot) => {
        store.films.apply(snapshot, clock());
      },
      filmFailed: (id, error, gone) => {
        store.films.failed(id, clock(), error, gone);
      },
      collectNotifications: () =>
        collectNotifications(store, { today: today(), region: options.region(), now: clock() }),
    },
  };
  return tracking;
}
