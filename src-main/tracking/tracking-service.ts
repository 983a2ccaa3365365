import type { Logger } from '../base/log';
import type { Timers } from '../base/timers';
import type { ChangePath } from '../changes/change-path';
import type { TmdbClient } from '../tmdb/types';
import type { CalendarWindow } from './calendar';
import { titlesOf } from './changes';
import { RefreshScheduler } from './scheduler';
import type { TrackingSource } from './source';
import type { TrackingStore } from './store';
import { tmdbTrackingSource } from './tmdb-source';
import { createTracking, icsFile, type Tracking } from './tracking';
import type {
  FollowState,
  InboxItem,
  MarkOptions,
  Play,
  RefreshProgress,
  SeriesProgress,
  UnmarkScope,
  UpNextItem,
  WatchScope,
} from './types';

export interface TrackingServiceDeps {
  store: TrackingStore;
  /** The library's one write path of Marquee's own data; the service announces its changes. */
  changes: ChangePath;
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
    /**
     * Once per committed change, with its id; with no id when a refresh of TMDB's data changed
     * what is shown (that is no change of Marquee's own data).
     */
    changed(seriesIds: number[], movieIds: number[], changes: string[]): void;
  };
}

/** A series as a write left it (both null for a film), and the ids of the changes it recorded. */
export interface SeriesView {
  progress: SeriesProgress | null;
  upNext: UpNextItem | null;
  changes: string[];
}

/**
 * The tracking domain's writes as the IPC handlers and imports reach them, each replying with
 * what it changed, and its events: `tracking.changed` once per change, after it committed.
 */
export interface TrackingService {
  tracking: Tracking;
  /** Marks, refreshing a series first when a bulk scope needs its episodes and none are stored. */
  mark(
    target: WatchScope,
    options: MarkOptions & { airDate?: string | null },
  ): Promise<SeriesView & { added: Play[] }>;
  unmark(
    target: UnmarkScope,
    options: { includeSpecials?: boolean },
  ): SeriesView & { removed: Play[] };
  restore(plays: readonly Play[]): { restored: number; changes: string[] };
  setFollow(seriesId: number, follow: FollowState): SeriesView;
  setIncludeSpecials(seriesId: number, on: boolean): SeriesView;
  setHidden(seriesId: number, hidden: boolean): SeriesView;
  /** Hides the series from Up Next until `until` (ms); null ends the snooze. */
  snooze(seriesId: number, until: number | null): SeriesView;
  /** Reads inbox items; replies with how many stay unread. */
  markRead(ids: readonly number[] | 'all'): { unread: number; changes: string[] };
  /** Refreshes one series now, or runs what is due; resolves with the run's progress. */
  refresh(seriesId?: number): Promise<RefreshProgress>;
  status(): { refresh: RefreshProgress; unread: number };
  exportIcs(window: Partial<CalendarWindow>): { filename: string; text: string };
  /** Starts the scheduler: a run now (when online), then on its timer and when the network returns. */
  start(): void;
  /** Work for the scheduler after each run that went online (another domain's refresh). */
  afterRefresh(work: () => Promise<void>): void;
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
    changes: deps.changes,
  });
  const merged = mergedAnnouncer(deps.emit, () => tracking.unreadCount());
  // Each change of tracking data is announced once, after its transaction committed; changes
  // merged from another computer come in thousands, and are announced together (see below).
  const unsubscribe = deps.changes.onCommitted((change) => {
    if (change.domain !== 'tracking' && change.domain !== 'inbox') return;
    const { seriesIds, movieIds } = titlesOf(change);
    // A merged change wrote the library under the read model: it reads those series again.
    tracking.seriesChanged(seriesIds);
    if (change.device === deps.changes.device())
      deps.emit.changed(seriesIds, movieIds, [change.id]);
    else merged.add(change, seriesIds, movieIds);
  });
  let progress: RefreshProgress = { running: false, done: 0, total: 0, failed: 0 };
  let warm: ReturnType<typeof setTimeout> | undefined;
  let after: (() => Promise<void>) | undefined;
  const scheduler = new RefreshScheduler({
    after: () => after?.() ?? Promise.resolve(),
    target: tracking.refresh,
    source: deps.source ?? tmdbTrackingSource(deps.tmdb),
    clock: deps.clock,
    every: (ms, run) => deps.timers.every(ms, run),
    online: deps.online,
    onOnline: deps.onOnline,
    onProgress: (p) => {
      progress = p;
      deps.emit.refresh(p);
      if (!p.running && p.done > 0) deps.emit.changed([], [], []);
    },
    onInbox: (items, unread) => {
      deps.emit.inbox(items, unread);
    },
    unread: () => tracking.unreadCount(),
    log: deps.log,
    turn: () => deps.changes.turn(),
  });

  const view = (seriesId: number | null, changes: string[]): SeriesView => ({
    progress: seriesId === null ? null : tracking.progress(seriesId),
    upNext: seriesId === null ? null : tracking.upNextFor(seriesId),
    changes,
  });
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
      const { added, changes } = tracking.mark(target, options);
      if (seriesId !== null && !stored(seriesId) && deps.online()) {
        // Marked from a page before Marquee kept the series: fetch it so progress can show.
        void scheduler.refreshSeries(seriesId).then((ok) => {
          if (ok) deps.emit.changed([seriesId], [], []);
        });
      }
      return { added, ...view(seriesId, changes) };
    },
    unmark(target, options) {
      const { removed, changes } = tracking.unmark(target, options);
      const seriesId =
        seriesOf(target) ?? (removed[0]?.mediaType === 'episode' ? removed[0].mediaId : null);
      return { removed, ...view(seriesId, changes) };
    },
    restore(plays) {
      const { restored, changes } = tracking.restore(plays);
      return { restored: restored.length, changes };
    },
    setFollow: (seriesId, follow) => view(seriesId, tracking.setFollow(seriesId, follow).changes),
    setIncludeSpecials: (seriesId, on) =>
      view(seriesId, tracking.setIncludeSpecials(seriesId, on).changes),
    setHidden: (seriesId, hidden) => view(seriesId, tracking.setHidden(seriesId, hidden).changes),
    snooze: (seriesId, until) => view(seriesId, tracking.snooze(seriesId, until).changes),
    markRead(ids) {
      const { changes } = tracking.markRead(ids);
      return { unread: tracking.unreadCount(), changes };
    },
    async refresh(seriesId) {
      if (seriesId !== undefined) {
        const ok = await scheduler.refreshSeries(seriesId);
        if (ok) deps.emit.changed([seriesId], [], []);
        return { running: false, done: ok ? 1 : 0, total: 1, failed: ok ? 0 : 1 };
      }
      const result = await scheduler.run();
      return { running: false, done: result.done, total: result.total, failed: result.failed };
    },
    status: () => ({ refresh: progress, unread: tracking.unreadCount() }),
    exportIcs: (window) => icsFile(tracking, window),
    start: () => {
      scheduler.start();
      // Read every series' progress once, soon after start-up and off the first request's path,
      // so the first visit to Up Next finds it computed (see ProgressIndex).
      warm ??= setTimeout(() => {
        // A slice at a time: after an upgrade or a restore, no summary is stored.
        tracking.upNextInSlices().catch((error: unknown) => {
          deps.log.warn('tracking.warm_failed', { error });
        });
      }, WARM_AFTER_MS);
      warm.unref();
    },
    afterRefresh: (work) => {
      after = work;
    },
    idle: () => scheduler.idle(),
    close: () => {
      unsubscribe();
      if (warm) clearTimeout(warm);
      scheduler.stop();
      try {
        tracking.persist();
      } catch (error) {
        deps.log.warn('tracking.persist_failed', { error });
      }
    },
  };
}

/** The most change ids one `tracking.changed` carries (the contract's bound). */
const MAX_IDS = 10_000;

/**
 * Changes merged from other computers, announced together once the turn that committed them ends:
 * one `tracking.changed` per chunk of a merge rather than one per change, and the unread count
 * when another computer read inbox items.
 */
function mergedAnnouncer(
  emit: TrackingServiceDeps['emit'],
  unread: () => number,
): { add(change: { id: string; kind: string }, seriesIds: number[], movieIds: number[]): void } {
  let series = new Set<number>();
  let movies = new Set<number>();
  let ids: string[] = [];
  let inbox = false;
  let queued = false;
  const flush = (): void => {
    queued = false;
    const batch = { series: [...series], movies: [...movies], ids, inbox };
    series = new Set();
    movies = new Set();
    ids = [];
    inbox = false;
    for (let at = 0; at < batch.ids.length; at += MAX_IDS)
      emit.changed(
        at === 0 ? batch.series : [],
        at === 0 ? batch.movies : [],
        batch.ids.slice(at, at + MAX_IDS),
      );
    if (batch.inbox) emit.inbox([], unread());
  };
  return {
    add(change, seriesIds, movieIds) {
      for (const id of seriesIds) series.add(id);
      for (const id of movieIds) movies.add(id);
      ids.push(change.id);
      if (change.kind === 'inbox.read') inbox = true;
      if (!queued) {
        queued = true;
        queueMicrotask(flush);
      }
    },
  };
}
