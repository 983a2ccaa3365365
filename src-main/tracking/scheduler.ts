import { filmDue, missingSeasons, seasonPlan, seriesDue, airingSoon } from './refresh-policy';
import { errorCode } from '../base/errors';
import { errorMessage, type TrackingSource } from './source';
import type { FilmRow } from './store/films';
import type { SeriesRow } from './store/series';
import type { RefreshTarget } from './tracking';
import type { InboxItem, RefreshProgress } from './types';

/** How often the scheduler looks for due titles; the policy decides what is due. */
export const TICK_MS = 15 * 60_000;
/** Refresh writes are committed together at most this often, or this many at once. */
const WRITE_WINDOW_MS = 250;
const WRITE_BATCH = 40;

export interface SchedulerLog {
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
}

export interface SchedulerDeps {
  target: RefreshTarget;
  source: TrackingSource;
  clock: () => number;
  /** Repeating timers (the core's, or manual ones in tests); returns the stop function. */
  every: (ms: number, run: () => void) => () => void;
  online: () => boolean;
  /** Subscribes to the network coming back; returns the unsubscribe function. */
  onOnline: (listener: () => void) => () => void;
  onProgress: (progress: RefreshProgress) => void;
  /** New inbox items after a run, with the unread count. */
  onInbox: (items: InboxItem[], unread: number) => void;
  unread: () => number;
  log: SchedulerLog;
  /** Requests in flight at once; the client's limiter paces them. */
  concurrency?: number;
  /** More refresh work after each run that went online (watch providers of watched titles). */
  after?: () => Promise<void>;
  /** Resolves when a write would not wait for the worker's transaction (see db/write-turn.ts). */
  turn?: () => Promise<void>;
}

export interface RunResult {
  /** `offline`: nothing was asked. `stopped`: the network went away or the scheduler stopped. */
  outcome: 'done' | 'offline' | 'stopped';
  done: number;
  total: number;
  failed: number;
  requests: number;
}

type Job = { kind: 'series'; row: SeriesRow } | { kind: 'film'; row: FilmRow };

/**
 * Keeps followed series and watchlist films fresh: at start-up, every tick and when the network
 * returns, it refreshes what the policy says is due, a few requests at a time inside the client's
 * rate limit (which also retries 429s with backoff). Offline it asks nothing. One failing title is
 * recorded on its row and never stops the run; a 404 marks it gone, its history kept. After each
 * run, what aired or came out becomes inbox items.
 */
export class RefreshScheduler {
  readonly #deps: SchedulerDeps;
  #running: Promise<RunResult> | undefined;
  #again = false;
  #stopTimer: (() => void) | undefined;
  #stopOnline: (() => void) | undefined;
  #abort = new AbortController();
  readonly #pending: Array<{ apply: () => void; failed: (message: string) => void }> = [];
  #flushTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(deps: SchedulerDeps) {
    this.#deps = deps;
  }

  /** Runs now (when online), then every tick and whenever the network returns. */
  start(): void {
    if (this.#stopTimer) return;
    this.#stopTimer = this.#deps.every(TICK_MS, () => void this.run());
    this.#stopOnline = this.#deps.onOnline(() => void this.run());
    void this.run();
  }

  stop(): void {
    this.#flush();
    this.#stopTimer?.();
    this.#stopOnline?.();
    this.#stopTimer = undefined;
    this.#stopOnline = undefined;
    this.#abort.abort(new Error('tracking refresh stopped'));
  }

  /** Resolves when no run is in progress. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running.catch(() => undefined);
  }

  /**
   * One run over what is due. A call during a run makes one more run after it (work that became
   * due meanwhile), never two at once.
   */
  run(): Promise<RunResult> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    const running = this.#runOnce()
      .catch((error: unknown): RunResult => {
        // A run that cannot even start (the library failed) waits for the next trigger.
        this.#deps.log.warn('tracking.run_failed', { error: errorMessage(error) });
        return { outcome: 'stopped', done: 0, total: 0, failed: 0, requests: 0 };
      })
      .finally(() => {
        this.#running = undefined;
        if (this.#again && !this.#abort.signal.aborted) {
          this.#again = false;
          void this.run();
        }
      });
    this.#running = running;
    return running;
  }

  /**
   * Refreshes one series now, due or not, followed or not: a series marked from its page before
   * it was ever refreshed, so its progress can show.
   */
  async refreshSeries(seriesId: number): Promise<boolean> {
    if (!this.#deps.online()) return false;
    const row = this.#deps.target.seriesRow(seriesId);
    const counter = { requests: 0 };
    const result = await this.#refreshSeries(row, counter);
    await this.#flushInTurn();
    return result === 'ok';
  }

  async #runOnce(): Promise<RunResult> {
    const { target, clock } = this.#deps;
    if (!this.#deps.online())
      return { outcome: 'offline', done: 0, total: 0, failed: 0, requests: 0 };
    await this.#turn();
    target.adoptCollections();
    const now = clock();
    const today = target.today();
    const series = target
      .series()
      .filter((r) => seriesDue(r, now, today))
      // Never-refreshed series first (they show nothing yet), then those airing soon.
      .sort((a, b) => rank(a, today) - rank(b, today));
    const films = target.films().filter((r) => filmDue(r, now));
    const jobs: Job[] = [
      ...series.map((row) => ({ kind: 'series' as const, row })),
      ...films.map((row) => ({ kind: 'film' as const, row })),
    ];
    const state = { done: 0, failed: 0, requests: 0, stopped: false };
    const total = jobs.length;
    const every = Math.max(1, Math.ceil(total / 50));
    if (total > 0) this.#deps.onProgress({ running: true, done: 0, total, failed: 0 });
    let next = 0;
    const worker = async (): Promise<void> => {
      while (!state.stopped && next < jobs.length) {
        const job = jobs[next++];
        if (!job) break;
        if (!this.#deps.online() || this.#abort.signal.aborted) {
          state.stopped = true;
          break;
        }
        const result =
          job.kind === 'series'
            ? await this.#refreshSeries(job.row, state)
            : await this.#refreshFilm(job.row, state);
        if (result === 'network') {
          state.stopped = true;
          break;
        }
        if (result === 'failed') state.failed += 1;
        state.done += 1;
        if (state.done % every === 0 && state.done < total)
          this.#deps.onProgress({ running: true, done: state.done, total, failed: state.failed });
      }
    };
    const workers = Math.max(1, Math.min(this.#deps.concurrency ?? 8, jobs.length));
    await Promise.all(Array.from({ length: workers }, worker));
    await this.#flushInTurn();
    this.#notify();
    if (!state.stopped && this.#deps.after)
      await this.#deps.after().catch((error: unknown) => {
        this.#deps.log.warn('tracking.after_failed', { error: errorMessage(error) });
      });
    if (total > 0)
      this.#deps.onProgress({ running: false, done: state.done, total, failed: state.failed });
    if (total > 0)
      this.#deps.log.info('tracking.refreshed', {
        done: state.done,
        total,
        failed: state.failed,
        requests: state.requests,
      });
    return {
      outcome: state.stopped ? 'stopped' : 'done',
      done: state.done,
      total,
      failed: state.failed,
      requests: state.requests,
    };
  }

  /** Waits until a write here would not wait in SQLite for the worker's transaction. */
  #turn(): Promise<void> {
    return this.#deps.turn?.() ?? Promise.resolve();
  }

  /** Writes what is queued once this thread's turn comes (nothing else runs in between). */
  async #flushInTurn(): Promise<void> {
    await this.#turn();
    this.#flush();
  }

  /**
   * Queues a refresh's write. Writes are committed together, at most every WRITE_WINDOW_MS or
   * WRITE_BATCH of them, because each commit of the library waits for the disk (synchronous=FULL):
   * one per series would cost a disk flush per answer. A refresh is fetched again if a crash loses
   * it, so this trades nothing of the user's. Each write keeps its own savepoint: one that fails is
   * rolled back and recorded on its title, the others commit.
   */
  #write(apply: () => void, failed: (message: string) => void): void {
    this.#pending.push({ apply, failed });
    if (this.#pending.length >= WRITE_BATCH) void this.#flushInTurn();
    else
      this.#flushTimer ??= setTimeout(() => {
        void this.#flushInTurn();
      }, WRITE_WINDOW_MS);
  }

  #flush(): void {
    if (this.#flushTimer) clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    const writes = this.#pending.splice(0);
    if (writes.length === 0) return;
    try {
      this.#deps.target.batch(() => {
        for (const write of writes) {
          try {
            write.apply();
          } catch (error) {
            this.#deps.log.warn('tracking.write_failed', { error: errorMessage(error) });
            write.failed(errorMessage(error));
          }
        }
      });
    } catch (error) {
      this.#deps.log.warn('tracking.batch_failed', { error: errorMessage(error) });
    }
  }

  #notify(): void {
    try {
      const items = this.#deps.target.collectNotifications();
      if (items.length > 0) this.#deps.onInbox(items, this.#deps.unread());
    } catch (error) {
      this.#deps.log.warn('tracking.notify_failed', { error: errorMessage(error) });
    }
  }

  async #refreshSeries(
    row: SeriesRow,
    counter: { requests: number },
  ): Promise<'ok' | 'failed' | 'network'> {
    const { target, source, clock } = this.#deps;
    const signal = this.#abort.signal;
    try {
      const stored = target.seasons(row.seriesId);
      const plan = seasonPlan(row, stored, clock());
      counter.requests += 1;
      const first = await source.series(row.seriesId, plan.chunks[0] ?? [], signal);
      if (first.kind === 'gone') {
        await this.#turn();
        target.seriesFailed(row.seriesId, 'Removed from TMDB', true);
        return 'ok';
      }
      const fetched = new Set(first.value.episodes.keys());
      const more = [
        ...plan.chunks.slice(1),
        ...missingSeasons(
          first.value.seasons.filter((s) => s.episodeCount > 0).map((s) => s.season),
          new Set([...fetched, ...plan.chunks.slice(1).flat()]),
          stored,
        ),
      ];
      const episodes = new Map(first.value.episodes);
      for (const seasons of more) {
        counter.requests += 1;
        const extra = await source.series(row.seriesId, seasons, signal);
        if (extra.kind === 'gone') break;
        for (const [season, list] of extra.value.episodes) episodes.set(season, list);
      }
      this.#write(
        () => {
          target.applySeries({ ...first.value, episodes }, plan.full);
        },
        (message) => {
          target.seriesFailed(row.seriesId, message, false);
        },
      );
      return 'ok';
    } catch (error) {
      await this.#turn();
      return this.#failure(
        error,
        (message) => {
          target.seriesFailed(row.seriesId, message, false);
        },
        { series: row.seriesId },
      );
    }
  }

  async #refreshFilm(
    row: FilmRow,
    counter: { requests: number },
  ): Promise<'ok' | 'failed' | 'network'> {
    const { target, source } = this.#deps;
    try {
      counter.requests += 1;
      const answer = await source.film(row.movieId, this.#abort.signal);
      if (answer.kind === 'gone') {
        await this.#turn();
        target.filmFailed(row.movieId, 'Removed from TMDB', true);
      } else
        this.#write(
          () => {
            target.applyFilm(answer.value);
          },
          (message) => {
            target.filmFailed(row.movieId, message, false);
          },
        );
      return 'ok';
    } catch (error) {
      await this.#turn();
      return this.#failure(
        error,
        (message) => {
          target.filmFailed(row.movieId, message, false);
        },
        { movie: row.movieId },
      );
    }
  }

  /** A network failure stops the run (and is not the title's fault); anything else is recorded. */
  #failure(
    error: unknown,
    record: (message: string) => void,
    fields: Record<string, unknown>,
  ): 'failed' | 'network' {
    const code = errorCode(error);
    if (code === 'offline' || code === 'timeout' || this.#abort.signal.aborted) return 'network';
    const message = errorMessage(error);
    this.#deps.log.warn('tracking.refresh_failed', { ...fields, code, error: message });
    try {
      record(message);
    } catch (writeError) {
      this.#deps.log.warn('tracking.record_failed', { ...fields, error: errorMessage(writeError) });
    }
    return 'failed';
  }
}

function rank(row: SeriesRow, today: string): number {
  if (row.attemptedAt === null) return 0;
  return airingSoon(row, today) ? 1 : 2;
}
