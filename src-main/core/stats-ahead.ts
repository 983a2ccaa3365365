import type { EventBus } from '../base/events';
import type { Logger } from '../base/log';
import type { StatsService } from '../stats/stats-service';

/**
 * The Stats view's first answers (the overview of everything and the years), kept stored so the
 * first Stats view after a start reads them rather than the whole history:
 * - computed in the worker a second after start-up, unless stored already;
 * - computed again once the library has been quiet for a while after something the stats read
 *   changed (a play, a fact, a rating: the library's triggers dropped the stored ones);
 * - at a clean shutdown, computed one last time when they are not stored, bounded in time.
 * The handlers store what they compute; this only asks them when nothing is stored.
 */
export interface StatsAheadDeps {
  /** Whether both answers are stored for today's questions. */
  stored: () => boolean;
  /** Asks the handlers for both answers (computed in the worker and stored when missing). */
  ask: () => Promise<unknown>;
  /**
   * Whether the worker is free. Closing computes only then: behind a job left running (which
   * closing stops), the answers would wait, and that job may change them anyway.
   */
  free: () => boolean;
  /** Resolves once the work that may still change them has stopped (the facts fill's last fetch). */
  settled: () => Promise<void>;
  /** Subscribes to what may change them (plays, facts, ratings); returns the unsubscribe. */
  onChange: (listener: () => void) => () => void;
  /** Runs `run` after `ms`; returns the cancel. It must not keep the process alive. */
  later: (ms: number, run: () => void) => () => void;
  log: Logger;
  /** After start-up, when the answers are first computed (ms). */
  firstMs?: number;
  /** Quiet time after the last change before they are computed again (ms). */
  quietMs?: number;
}

export interface StatsAhead {
  /** Starts: the first run after `firstMs`, then after each change once quiet. */
  start(): void;
  /**
   * Closing: no more runs; when the answers are not stored, they are computed now, waiting at
   * most `ms` (the worker is stopped after this, which ends a computation left running).
   */
  flush(ms: number): Promise<void>;
}

const FIRST_MS = 1_000;
const QUIET_MS = 5_000;

export function createStatsAhead(deps: StatsAheadDeps): StatsAhead {
  let cancel: (() => void) | null = null;
  let unsubscribe: (() => void) | null = null;
  let running: Promise<void> | null = null;
  let closed = false;

  /** Computes both answers unless stored (one computation at a time). */
  const run = (): Promise<void> => {
    if (running !== null) return running;
    let missing: boolean;
    try {
      missing = !deps.stored();
    } catch (error) {
      deps.log.debug('stats.ahead_failed', { error });
      return Promise.resolve();
    }
    if (!missing) return Promise.resolve();
    const now = deps
      .ask()
      .then(() => undefined)
      .catch((error: unknown) => {
        deps.log.debug('stats.ahead_failed', { error });
      })
      .finally(() => {
        running = null;
      });
    running = now;
    return now;
  };

  const schedule = (ms: number): void => {
    if (closed) return;
    cancel?.();
    cancel = deps.later(ms, () => {
      cancel = null;
      if (!closed) void run();
    });
  };

  return {
    start() {
      if (closed || unsubscribe !== null) return;
      schedule(deps.firstMs ?? FIRST_MS);
      // Each change puts the run off again: a burst (an import, the facts fill) ends first.
      unsubscribe = deps.onChange(() => {
        schedule(deps.quietMs ?? QUIET_MS);
      });
    },
    async flush(ms) {
      closed = true;
      cancel?.();
      cancel = null;
      unsubscribe?.();
      unsubscribe = null;
      let timer: (() => void) | undefined;
      const late = new Promise<void>((resolve) => {
        timer = deps.later(ms, resolve);
      });
      // A run under way counts; one more makes sure they are stored as the library is now.
      await Promise.race([
        (async () => {
          await deps.settled().catch(() => undefined);
          await running;
          if (deps.free()) await run();
        })(),
        late,
      ]);
      timer?.();
    },
  };
}

/** What may drop the stored answers: plays, facts, ratings, an import that ended. */
const CHANGES = ['tracking.changed', 'stats.changed', 'library.changed', 'import.changed'] as const;

/**
 * The deps as the core has them: the stats handlers (which store what they compute) and the
 * stats service, when there is a worker to compute in (`stats` returns null otherwise).
 */
export function statsAheadDeps(core: {
  handlers: {
    'stats.overview': (input: { media: 'all' }) => unknown;
    'stats.years': (input: Record<string, never>) => unknown;
  };
  events: EventBus;
  stats: () => StatsService | null;
  /** Whether the worker runs nothing now. */
  free: () => boolean;
  log: Logger;
}): StatsAheadDeps {
  const { handlers, events } = core;
  return {
    stored: () => {
      const stats = core.stats();
      return (
        stats === null ||
        (stats.has(stats.answerKey('stats.overview', { media: 'all' })) &&
          stats.has(stats.answerKey('stats.years', null)))
      );
    },
    ask: () =>
      core.stats() === null
        ? Promise.resolve()
        : Promise.all([handlers['stats.overview']({ media: 'all' }), handlers['stats.years']({})]),
    onChange: (listener) => {
      const offs = CHANGES.map((name) => events.on(name, listener));
      return () => {
        for (const off of offs) off();
      };
    },
    later: (ms, run) => {
      const timer = setTimeout(run, ms);
      timer.unref();
      return () => {
        clearTimeout(timer);
      };
    },
    free: core.free,
    settled: async () => {
      await core.stats()?.idle();
    },
    log: core.log,
  };
}
