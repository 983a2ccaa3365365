import type { Logger } from '../base/log';
import type { Timers } from '../base/timers';
import type { TmdbClient } from '../tmdb/types';
import { calendarWindow, type CalendarWindow } from './calendar';
import { RefreshScheduler } from './scheduler';
import type { TrackingSource } from './source';
import type { TrackingStore } from './store';
import { tmdbTrackingSource } from './tmdb-source';
import { createTracking, type Tracking } from './tracking';
import type {
  InboxItem,
  MarkOptions,
  Play,
  RefreshProgress,
  UnmarkScope,
  UpNextItem,
  WatchScope,
} from './types';

export interface TrackingServiceDeps {
  store: TrackingStore;
  tmdb: TmdbClient;
  /** Tests may pass a fake; by default TMDB through `tmdb`. */
  source?: TrackingSource;
  clock: () => number;
  timeZone: () => string;
  region: () => string;
  timers: Timers;
  online: () => boolean;
  /** Subscribes to the network coming back; returns the unsubscribe function. */
  onOnline: (listener: () => void) => () => void;
  log: Logger;
  /** What the core turns into events for the renderer (and the shell's OS notifications). */
  emit: {
    inbox(items: InboxItem[], unread: number): void;
    refresh(progress: RefreshProgress): void;
    changed(seriesIds: number[], movieIds: number[]): void;
  };
}

export interface TrackingService {
  tracking: Tracking;
  /** Marks, refreshing a series first when a bulk scope needs its episodes and none are stored. */
  mark(
    target: WatchScope,
    options: MarkOptions & { airDate?: string | null },
  ): Promise<{ added: Play[]; upNext: UpNextItem | null }>;
  unmark(
    target: UnmarkScope,
    options: { includeSpecials?: boolean },
  ): { removed: Play[]; upNext: UpNextItem | null };
  restore(plays: readonly Play[]): { restored: number };
  /** Refreshes one series now, or runs what is due; resolves with the run's progress. */
  refresh(seriesId?: number): Promise<RefreshProgress>;
  status(): { refresh: RefreshProgress; unread: number };
  exportIcs(window: Partial<CalendarWindow>): { filename: string; text: string };
  /** Starts the scheduler: a run now (when online), then on its timer and when the network returns. */
  start(): void;
  idle(): Promise<void>;
  close(): void;
}

/** How long after start-up progress is read into memory, once the window has had its turn. */
const WARM_AFTER_MS = 2_000;

const seriesOf = (target: UnmarkScope): number | null =>
  target.scope === 'movie' || target.scope === 'play' ? null : target.seriesId;

/** The tracking domain, its refresh scheduler and its events, as the core wires them. */
export function createTrackingService(deps: TrackingServiceDeps): TrackingService {
  const tracking = createTracking(deps.store, {
    clock: deps.clock,
    timeZone: deps.timeZone,
    region: deps.region,
  });
  let progress: RefreshProgress = { running: false, done: 0, total: 0, failed: 0 };
  let warm: ReturnType<typeof setTimeout> | undefined;
  const scheduler = new RefreshScheduler({
    target: tracking.refresh,
    source: deps.source ?? tmdbTrackingSource(deps.tmdb),
    clock: deps.clock,
    every: (ms, run) => deps.timers.every(ms, run),
    online: deps.online,
    onOnline: deps.onOnline,
    onProgress: (p) => {
      progress = p;
      deps.emit.refresh(p);
      if (!p.running && p.done > 0) deps.emit.changed([], []);
    },
    onInbox: (items, unread) => {
      deps.emit.inbox(items, unread);
    },
    unread: () => tracking.unreadCount(),
    log: deps.log,
  });

  const changed = (plays: readonly Play[]): void => {
    const series = [
      ...new Set(plays.filter((p) => p.mediaType === 'episode').map((p) => p.mediaId)),
    ];
    const movies = [...new Set(plays.filter((p) => p.mediaType === 'movie').map((p) => p.mediaId))];
    if (series.length > 0 || movies.length > 0) deps.emit.changed(series, movies);
  };
  const stored = (seriesId: number): boolean =>
    (tracking.progress(seriesId)?.seasons.length ?? 0) > 0;

  return {
    tracking,
    async mark(target, options) {
      const seriesId = seriesOf(target);
      const bulk =
        target.scope === 'season' || target.scope === 'upTo' || target.scope === 'series';
      if (seriesId !== null && bulk && !stored(seriesId) && deps.online())
        await scheduler.refreshSeries(seriesId);
      const { added } = tracking.mark(target, options);
      changed(added);
      if (seriesId !== null && !stored(seriesId) && deps.online()) {
        // Marked from a page before Marquee kept the series: fetch it so progress can show.
        void scheduler.refreshSeries(seriesId).then((ok) => {
          if (ok) deps.emit.changed([seriesId], []);
        });
      }
      return { added, upNext: seriesId === null ? null : tracking.upNextFor(seriesId) };
    },
    unmark(target, options) {
      const { removed } = tracking.unmark(target, options);
      changed(removed);
      const seriesId =
        seriesOf(target) ?? (removed[0]?.mediaType === 'episode' ? removed[0].mediaId : null);
      return { removed, upNext: seriesId === null ? null : tracking.upNextFor(seriesId) };
    },
    restore(plays) {
      const { restored } = tracking.restore(plays);
      changed(restored);
      return { restored: restored.length };
    },
    async refresh(seriesId) {
      if (seriesId !== undefined) {
        const ok = await scheduler.refreshSeries(seriesId);
        if (ok) deps.emit.changed([seriesId], []);
        return { running: false, done: ok ? 1 : 0, total: 1, failed: ok ? 0 : 1 };
      }
      const result = await scheduler.run();
      return { running: false, done: result.done, total: result.total, failed: result.failed };
    },
    status: () => ({ refresh: progress, unread: tracking.unreadCount() }),
    exportIcs(window) {
      const resolved = calendarWindow(tracking.today(), window);
      return {
        filename: `marquee-${resolved.from}-to-${resolved.to}.ics`,
        text: tracking.calendarIcs(resolved),
      };
    },
    start: () => {
      scheduler.start();
      // Read every series' progress once, soon after start-up and off the first request's path,
      // so the first visit to Up Next finds it computed (see ProgressIndex).
      warm ??= setTimeout(() => {
        try {
          tracking.upNext();
        } catch (error) {
          deps.log.warn('tracking.warm_failed', { error });
        }
      }, WARM_AFTER_MS);
      warm.unref();
    },
    idle: () => scheduler.idle(),
    close: () => {
      if (warm) clearTimeout(warm);
      scheduler.stop();
    },
  };
}
