import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCatalogue, type Catalogue, type TitleCore } from '../../catalogue';
import type { ImportJobView } from '../../src-shared/ipc/contract';
import { startTestCore, type TestCore } from '../core/testing/core';
import { until } from '../import/testing/restore';
import {
  IMDB_RATINGS,
  csv,
  diaryCsv,
  encode,
  imdbRating,
  traktIds,
  zipOf,
} from '../import/read/testing/builders';
import type { JobRun } from './runner';
import { buildWorker, type BuiltWorker } from './testing/build-worker';

/**
 * A file's import is read, matched and stored in the worker: the preview is the one the main
 * process makes of the same file (the cache's names matched there, TMDB's lookups asked of the
 * main process), and Cancel stops it between rows with nothing stored.
 */
const NOW = Date.UTC(2026, 0, 15, 12);

let built: BuiltWorker;
let catalogue: Catalogue;
const ran: JobRun[] = [];

const core = async (worker: boolean): Promise<TestCore> => {
  const t = await startTestCore({
    useCatalogue: catalogue,
    ...(worker ? { core: { worker: { entry: built.file, observe: (r) => ran.push(r) } } } : {}),
  });
  t.clock.now = NOW;
  await t.signIn();
  return t;
};

const year = (c: TitleCore): string => c.date.slice(0, 4);
const imdbOf = (c: TitleCore): string => `tt${String(1_000_000 + c.index * 37)}`;

/** Three exports naming the catalogue's films by name and year, by IMDb id and by TMDB id. */
function files(): [string, Uint8Array][] {
  const films = catalogue.data.movies.filter((m) => !m.adult).slice(0, 40);
  const letterboxd = zipOf({
    'diary.csv': diaryCsv([
      ...films.slice(0, 20).map((f, i) => ({
        name: f.title,
        year: i % 5 === 0 ? String(Number(year(f)) + 1) : year(f),
        watched: `2024-03-${String((i % 28) + 1).padStart(2, '0')}`,
      })),
      { name: 'No Such Film Anywhere', year: '1999', watched: '2024-04-01' },
      // A name without a year: the cache alone never decides.
      { name: films[3]?.title ?? '', year: '', watched: '2024-04-02' },
    ]),
  });
  const imdb = encode(
    csv(IMDB_RATINGS, [
      ...films.slice(20, 30).map((f) => imdbRating(imdbOf(f), '8', f.title, year(f))),
      imdbRating('tt0000001', '6', 'Nothing Known', '1990'),
    ]),
  );
  const trakt = encode(
    JSON.stringify(
      films.slice(30, 40).map((f, i) => ({
        id: 7_000 + i,
        watched_at: `2023-0${String((i % 9) + 1)}-10T20:00:00.000Z`,
        action: 'watch',
        type: 'movie',
        movie: { title: f.title, year: Number(year(f)), ids: traktIds(100 + i, f.id) },
      })),
    ),
  );
  return [
    ['letterboxd.zip', letterboxd],
    ['ratings.csv', imdb],
    ['watched-history.json', trakt],
  ];
}

/**
 * A job's preview without what differs between two profiles (its id and times) or between two
 * reads of it (the last progress report, there until the finished analysis is let go).
 */
const preview = (job: ImportJobView): unknown => {
  const {
    jobId: _id,
    createdAt: _c,
    updatedAt: _u,
    progress: _p,
    ...rest
  } = job as ImportJobView & { createdAt?: number; updatedAt?: number };
  return rest;
};

async function analyse(t: TestCore, name: string, bytes: Uint8Array): Promise<ImportJobView> {
  const staged = await t.core.imports.stageBytes(name, bytes);
  const { jobId } = await t.value('import.analyse', { sourceId: staged.sourceId });
  return until(t, jobId, ['ready', 'failed', 'cancelled']);
}

beforeAll(async () => {
  built = await buildWorker(path.join(import.meta.dirname, 'entry.ts'));
  catalogue = await startCatalogue({ titles: 200, messy: false });
}, 60_000);
afterAll(async () => {
  await catalogue.close();
  built.remove();
});

describe('an import’s analysis in the worker', () => {
  it('previews what the main process previews, analysed in the worker thread', async () => {
    const previews: unknown[][] = [];
    for (const worker of [false, true]) {
      const t = await core(worker);
      try {
        // A few films in the cache: those rows are matched from it, the rest ask TMDB.
        for (const film of catalogue.data.movies.slice(0, 8))
          await t.value('movie.details', { id: film.id });
        const jobs: unknown[] = [];
        for (const [name, bytes] of files()) jobs.push(preview(await analyse(t, name, bytes)));
        previews.push(jobs);
      } finally {
        await t.close();
      }
    }
    const [onMain, inWorker] = previews;
    expect(inWorker).toEqual(onMain);
    // The previews hold matches, rows to review or unmatched, and rows read from each file.
    const counts = (onMain ?? []).map((j) => (j as ImportJobView).counts);
    expect(counts[0]?.watched).toMatchObject({ total: 22 });
    expect(counts[0]?.watched.matched).toBeGreaterThan(10);
    expect(counts[0]?.watched.unmatched).toBeGreaterThan(0);
    expect(counts[1]?.ratings).toMatchObject({ total: 11, matched: 10, unmatched: 1 });
    expect(counts[2]?.watched).toMatchObject({ total: 10, matched: 10 });
    // (Closing computes the Stats view's first answers there too, when they are not stored.)
    expect(ran.filter((r) => r.kind.startsWith('import.')).map((r) => r.kind)).toEqual([
      'import.read',
      'import.analyse',
      'import.read',
      'import.analyse',
      'import.read',
      'import.analyse',
    ]);
    expect(ran.every((r) => !r.isMainThread && r.threadId > 0)).toBe(true);
  }, 120_000);

  it('says why a file cannot be read in the words the main process uses', async () => {
    const errors: unknown[] = [];
    for (const worker of [false, true]) {
      const t = await core(worker);
      try {
        await t.core.imports.stageBytes('ratings.csv', encode('Const,Nothing\n')).then(
          () => errors.push(null),
          (error: unknown) => errors.push(error),
        );
      } finally {
        await t.close();
      }
    }
    expect(errors[0]).toMatchObject({ code: 'invalid_input' });
    expect(errors[1]).toMatchObject({
      code: (errors[0] as { code: string }).code,
      message: (errors[0] as { message: string }).message,
    });
  }, 60_000);

  it('stops between rows on Cancel, storing no row', async () => {
    const t = await core(true);
    try {
      // Rows no cache holds: each asks TMDB through the main process, one after another.
      const rows = Array.from({ length: 2_000 }, (_, i) => ({
        name: `Unknown Picture ${String(i)}`,
        year: '1990',
        watched: '2024-03-01',
      }));
      const staged = await t.core.imports.stageBytes(
        'letterboxd.zip',
        zipOf({ 'diary.csv': diaryCsv(rows) }),
      );
      const cancelled = new Promise<void>((resolve) => {
        const off = t.core.events.on('import.progress', (p) => {
          if (p.phase !== 'matching' || p.done === 0) return;
          off();
          void t.value('import.cancel', { jobId: p.jobId }).then(() => {
            resolve();
          });
        });
      });
      const { jobId } = await t.value('import.analyse', { sourceId: staged.sourceId });
      await cancelled;
      const job = await until(t, jobId, ['cancelled', 'ready', 'failed']);
      expect(job.state).toBe('cancelled');
      expect(job.counts.watched.total).toBe(0);
    } finally {
      await t.close();
    }
  }, 60_000);
});
