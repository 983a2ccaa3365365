/**
 * An import applying in the background while someone types in the search box: a 20,000-play
 * Trakt history of titles the cache holds, staged and analysed first, then applied without
 * waiting, so the keystrokes measured meanwhile share the machine with the apply.
 */
import type { CatalogueData } from '../catalogue';
import type { RunningCore } from '../src-main/core/core';
import { call, untilJob } from './heavy-core';

export const BACKGROUND_IMPORT_ROWS = 20_000;

/** Trakt's `watched-history.json` for `rows` plays of the catalogue's films, one a day back. */
function traktHistory(data: CatalogueData, rows: number, now: number, batch: number): string {
  const films = data.movies;
  const day = 86_400_000;
  return JSON.stringify(
    Array.from({ length: rows }, (_, n) => {
      const film = films[(n * 7919) % films.length];
      if (!film) throw new Error('the catalogue has no films');
      return {
        id: 9_000_000_000 + batch * 1_000_000 + n,
        watched_at: new Date(now - (n + 1) * (day / 7)).toISOString(),
        action: 'watch',
        type: 'movie',
        movie: {
          title: film.title,
          year: Number(film.date.slice(0, 4)),
          ids: {
            trakt: batch * 1_000_000 + n + 1,
            slug: `film-${String(film.id)}`,
            imdb: null,
            tmdb: film.id,
          },
        },
      };
    }),
  );
}

/** Milliseconds since the epoch, on the clock a page's `performance.timeOrigin` is on too. */
export const epochNow = (): number => performance.timeOrigin + performance.now();

/**
 * Imports applying one after another in the background: each a 20,000-play history of its own
 * (other plays, other days), staged and analysed up front. The next apply starts as soon as the
 * last one ends (its `import.changed` event), and each apply's window is kept, from the event
 * that says it is applying to the one that says it is done, so a keystroke can be counted only
 * when its letter was painted inside one.
 */
export interface BackgroundImports {
  /** Starts the first apply (after the page's warm-up). */
  start(): void;
  /** Whether `at` (ms since the epoch) lies inside an apply's window. */
  within(at: number): boolean;
  /** Whether an apply runs now or one is left to start. */
  active(): boolean;
  /** Starts no more; waits for the apply that runs now; what all of them did. */
  finish(): Promise<AppliedImports>;
}

export interface AppliedImports {
  /** Applies started and finished. */
  applies: number;
  /** Prepared imports whose apply was refused (passed over). */
  refused: number;
  /** Plays they added. */
  plays: number;
  /** Each apply's window, in ms. */
  windows: number[];
}

const TARGETS = { watched: true, ratings: true, watchlist: true, favourites: true, lists: true };

export async function prepareBackgroundImports(
  core: RunningCore,
  data: CatalogueData,
  count: number,
): Promise<BackgroundImports> {
  const jobs: string[] = [];
  for (let i = 0; i < count; i++) {
    const now = Date.now() - i * 10 * 365 * 86_400_000;
    const text = traktHistory(data, BACKGROUND_IMPORT_ROWS, now, i);
    const staged = await core.imports.stageBytes(
      `watched-history-${String(i)}.json`,
      new TextEncoder().encode(text),
    );
    const { jobId } = await call(core, 'import.analyse', { sourceId: staged.sourceId });
    await untilJob(core, jobId, ['ready'], 50);
    jobs.push(jobId);
  }
  const windows: Array<{ jobId: string; start: number; end: number | null }> = [];
  let failure: Error | null = null;
  let refused = 0;
  let stopped = false;
  let ended: (() => void) | null = null;
  let current: Promise<void> = Promise.resolve();
  const next = (): void => {
    const jobId = stopped ? undefined : jobs.shift();
    if (jobId === undefined) return;
    current = new Promise<void>((resolve) => {
      ended = resolve;
    });
    // One that cannot be applied is counted and passed over for the next.
    call(core, 'import.apply', { jobId, targets: TARGETS }).catch(() => {
      refused += 1;
      ended?.();
      setImmediate(() => {
        next();
      });
    });
  };
  const off = core.events.on('import.changed', ({ jobId, state }) => {
    const open = windows.at(-1);
    if (state === 'applying') {
      windows.push({ jobId, start: epochNow(), end: null });
      return;
    }
    if (open?.jobId !== jobId || open.end !== null) return;
    open.end = epochNow();
    if (state !== 'done') failure = new Error(`a background import ended ${state}`);
    ended?.();
    // The next apply starts on the next turn, outside the event's own dispatch.
    if (failure === null)
      setImmediate(() => {
        next();
      });
  });
  return {
    start: next,
    within: (at) => windows.some((w) => at >= w.start && at <= (w.end ?? epochNow())),
    active: () => failure === null && (jobs.length > 0 || windows.at(-1)?.end === null),
    finish: async () => {
      stopped = true;
      await current;
      off();
      if (failure !== null) throw failure;
      let plays = 0;
      for (const { jobId } of windows) {
        const job = await call(core, 'import.job', { jobId });
        plays += job.result?.watched.added ?? 0;
      }
      return {
        applies: windows.length,
        refused,
        plays,
        windows: windows.map((w) => (w.end ?? w.start) - w.start),
      };
    },
  };
}
