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

/**
 * Imports applying one after another in the background: each a 20,000-play history of its own
 * (other plays, other days), staged and analysed up front, so that a keystroke typed at any point
 * of the measure shares the machine with an apply.
 */
export interface BackgroundImports {
  /** Starts the first apply (after the page's warm-up). */
  start(): void;
  /** Whether an apply runs now; when one has ended, the next starts. */
  running(): boolean;
  /** Waits for the apply that runs now; how many plays all of them added. */
  finish(): Promise<number>;
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
  let current: Promise<number> | null = null;
  let live = false;
  let added = 0;
  const next = (): void => {
    const jobId = jobs.shift();
    if (jobId === undefined) return;
    live = true;
    current = call(core, 'import.apply', { jobId, targets: TARGETS })
      .then(() => untilJob(core, jobId, ['done'], 50))
      .then((job) => {
        live = false;
        added += job.result?.watched.added ?? 0;
        return added;
      });
  };
  return {
    start: next,
    running: () => {
      if (!live) next();
      return live;
    },
    finish: async () => {
      jobs.length = 0;
      await current;
      return added;
    },
  };
}
