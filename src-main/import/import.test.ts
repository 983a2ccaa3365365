import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { ImportJobView } from '../../src-shared/ipc/contract';
import type { TitleCore } from '../../catalogue';
import { PROBE_INTERVAL_MS } from '../base/network-status';
import { startTestCore, type TestCore } from '../core/testing/core';
import { csv, diaryCsv, encode, IMDB_RATINGS, imdbRating, zipOf } from './read/testing/builders';

/**
 * Import end to end against the demo catalogue: a Letterboxd export is staged (as the harness's
 * upload does), analysed, previewed, resolved and applied; the plays land in tracking and the
 * ratings and watchlist go to TMDB through the outbox.
 */

let t: TestCore | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const year = (c: TitleCore): string => c.date.slice(0, 4);

/** Films whose title and year no other film shares (so each matches on its own). */
function uniqueFilms(core: TestCore, n: number): TitleCore[] {
  const movies = core.catalogue.data.movies;
  const count = new Map<string, number>();
  for (const m of movies)
    count.set(m.title.toLowerCase(), (count.get(m.title.toLowerCase()) ?? 0) + 1);
  return movies.filter((m) => count.get(m.title.toLowerCase()) === 1 && !m.adult).slice(0, n);
}

async function until(
  core: TestCore,
  jobId: string,
  states: ImportJobView['state'][],
): Promise<ImportJobView> {
  for (let i = 0; i < 400; i++) {
    const job = await core.value('import.job', { jobId });
    if (states.includes(job.state)) return job;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`the job never reached ${states.join(' or ')}`);
}

const ALL = { watched: true, ratings: true, watchlist: true, favourites: true, lists: true };

function letterboxdExport(films: TitleCore[]): Uint8Array {
  const [a, b, c] = films;
  if (!a || !b || !c) throw new Error('need three films');
  return zipOf({
    'diary.csv': diaryCsv([
      { name: a.title, year: year(a), watched: '2024-03-01', rating: '4' },
      { name: a.title, year: year(a), watched: '2024-05-02', rewatch: true },
      { name: b.title, year: year(b), watched: '2024-04-10' },
    ]),
    'ratings.csv': csv(
      ['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating'],
      [['2024-03-01', a.title, year(a), 'https://boxd.it/a', '3.5']],
    ),
    'watchlist.csv': csv(
      ['Date', 'Name', 'Year', 'Letterboxd URI'],
      [['2024-01-01', c.title, year(c), 'https://boxd.it/c']],
    ),
  });
}

async function analyse(core: TestCore, name: string, bytes: Uint8Array): Promise<ImportJobView> {
  const staged = await core.core.imports.stageBytes(name, bytes);
  expect(staged.format).toBe('letterboxd');
  const { jobId } = await core.value('import.analyse', { sourceId: staged.sourceId });
  return until(core, jobId, ['ready', 'failed']);
}

describe('importing a Letterboxd export', () => {
  it('previews, applies into history and the library, and adds nothing the second time', async () => {
    t = await startTestCore();
    await t.signIn();
    const films = uniqueFilms(t, 3);
    const [a, b, c] = films as [TitleCore, TitleCore, TitleCore];
    const bytes = letterboxdExport(films);

    const job = await analyse(t, 'letterboxd.zip', bytes);
    expect(job.state).toBe('ready');
    expect(job.counts.watched).toMatchObject({ total: 3, matched: 3, alreadyPresent: 0 });
    expect(job.counts.ratings).toMatchObject({ total: 1, matched: 1 });
    expect(job.counts.watchlist).toMatchObject({ total: 1, matched: 1 });
    expect(job.ratingConversion).toMatch(/×2/);

    await t.value('import.apply', { jobId: job.jobId, targets: ALL });
    const done = await until(t, job.jobId, ['done', 'failed']);
    expect(done.state).toBe('done');
    expect(done.result?.watched).toEqual({ added: 3, alreadyPresent: 0, failed: 0 });
    expect(done.result?.ratings.added).toBe(1);
    expect(done.result?.watchlist.added).toBe(1);

    const history = await t.value('tracking.history', { limit: 100 });
    const imported = history.plays.filter((p) => p.source === 'letterboxd');
    expect(imported.map((p) => p.mediaId).sort()).toEqual([a.id, a.id, b.id].sort());
    const stateA = await t.value('library.state', {
      target: { mediaType: 'movie', mediaId: a.id },
    });
    expect(stateA.rating).toBe(7);
    const stateC = await t.value('library.state', {
      target: { mediaType: 'movie', mediaId: c.id },
    });
    expect(stateC.watchlist).toBe(true);

    // The outbox reaches the catalogue's account.
    await t.value('sync.now');
    const account = [...t.catalogue.state.accounts.values()].find(
      (acc) => acc.username === t?.catalogue.demoUser,
    );
    expect(account?.ratings.movie.get(a.id)).toBeDefined();
    expect(account?.watchlist.movie.has(c.id)).toBe(true);

    // Importing the same file again: everything is already there, and applying adds nothing.
    const again = await analyse(t, 'letterboxd.zip', bytes);
    expect(again.counts.watched.alreadyPresent).toBe(3);
    expect(again.counts.ratings.alreadyPresent).toBe(1);
    expect(again.counts.watchlist.alreadyPresent).toBe(1);
    await t.value('import.apply', { jobId: again.jobId, targets: ALL });
    const second = await until(t, again.jobId, ['done', 'failed']);
    expect(second.result?.watched).toEqual({ added: 0, alreadyPresent: 3, failed: 0 });
    expect((await t.value('tracking.history', { limit: 100 })).total).toBe(history.total);
    const jobs = await t.value('import.jobs');
    expect(jobs.jobs.map((j) => j.jobId)).toEqual([again.jobId, job.jobId]);
  });

  it('lets the user resolve a row that needs review, or skip it', async () => {
    t = await startTestCore();
    await t.signIn();
    const [a, b] = uniqueFilms(t, 2) as [TitleCore, TitleCore];
    const bytes = encode(
      diaryCsv([
        // The year is far off: the title is found, but not from that year.
        { name: a.title, year: String(Number(year(a)) - 7), watched: '2024-03-01' },
        { name: `${b.title} Zzyzx Qqq`, year: year(b), watched: '2024-03-02' },
      ]),
    );
    const job = await analyse(t, 'diary.csv', bytes);
    expect(job.counts.watched.total).toBe(2);
    const review = job.review.find((r) => r.label.startsWith(a.title));
    expect(review?.state).toBe('review');
    expect(review?.candidates.some((c) => c.id === a.id)).toBe(true);
    const other = [...job.review, ...job.unmatched].find((r) => r.label.includes('Zzyzx'));
    expect(other).toBeDefined();

    const resolved = await t.value('import.resolve', {
      jobId: job.jobId,
      rowId: review?.rowId ?? 0,
      choice: { mediaType: 'movie', id: a.id },
    });
    expect(resolved.counts.watched.matched).toBe(1);
    const skipped = await t.value('import.resolve', {
      jobId: job.jobId,
      rowId: other?.rowId ?? 0,
      choice: { skip: true },
    });
    expect(skipped.counts.watched.skipped).toBe(1);

    await t.value('import.apply', { jobId: job.jobId, targets: ALL });
    const done = await until(t, job.jobId, ['done', 'failed']);
    expect(done.result?.watched.added).toBe(1);
    const plays = await t.value('tracking.plays', { target: { scope: 'movie', movieId: a.id } });
    expect(plays.plays).toHaveLength(1);
    // A finished job can no longer be changed.
    const late = await t.call('import.resolve', {
      jobId: job.jobId,
      rowId: review?.rowId ?? 0,
      choice: { skip: true },
    });
    expect(late.ok).toBe(false);
  });

  it('stops after the current chunk on Cancel, keeping whole chunks', async () => {
    const hold: { cancel?: () => Promise<unknown> } = {};
    t = await startTestCore({
      core: {
        imports: {
          chunkRows: 2,
          afterChunk: async (_jobId, chunk) => {
            if (chunk === 1) await hold.cancel?.();
          },
        },
      },
    });
    await t.signIn();
    const films = uniqueFilms(t, 6);
    const bytes = encode(
      diaryCsv(
        films.map((f, i) => ({ name: f.title, year: year(f), watched: `2024-02-0${i + 1}` })),
      ),
    );
    const job = await analyse(t, 'diary.csv', bytes);
    const core = t;
    hold.cancel = () => core.value('import.cancel', { jobId: job.jobId });
    await t.value('import.apply', { jobId: job.jobId, targets: ALL });
    const cancelled = await until(t, job.jobId, ['cancelled', 'done', 'failed']);
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.result?.watched.added).toBe(2);
    expect(
      (await t.value('tracking.history', { limit: 100 })).plays.filter(
        (p) => p.source === 'letterboxd',
      ),
    ).toHaveLength(2);

    // Applying again goes on with the rest.
    hold.cancel = undefined;
    await t.value('import.apply', { jobId: job.jobId, targets: ALL });
    const done = await until(t, job.jobId, ['done', 'failed']);
    expect(done.result?.watched.added).toBe(6);
  });
});

describe('importing IMDb ratings', () => {
  it('finds films and series by their IMDb ids and rates them on TMDB’s scale', async () => {
    t = await startTestCore();
    await t.signIn();
    const film = t.catalogue.data.movies[5];
    const series = t.catalogue.data.tv[7];
    if (!film || !series) throw new Error('the catalogue is too small');
    const imdbId = (c: TitleCore): string =>
      `tt${String((c.kind === 'movie' ? 1_000_000 : 5_000_000) + c.index * 37).padStart(7, '0')}`;
    const bytes = encode(
      csv(IMDB_RATINGS, [
        imdbRating(imdbId(film), '9', 'Another Name Entirely', year(film)),
        imdbRating(imdbId(series), '6', 'Some Series', year(series), 'TV Series'),
      ]),
    );
    const staged = await t.core.imports.stageBytes('ratings.csv', bytes);
    expect(staged.format).toBe('imdb');
    const { jobId } = await t.value('import.analyse', { sourceId: staged.sourceId });
    const job = await until(t, jobId, ['ready', 'failed']);
    expect(job.counts.ratings).toMatchObject({ total: 2, matched: 2 });
    expect(job.ratingConversion).toMatch(/unchanged/);
    await t.value('import.apply', { jobId, targets: ALL });
    await until(t, jobId, ['done']);
    const rated = await t.value('library.state', {
      target: { mediaType: 'tv', mediaId: series.id },
    });
    expect(rated.rating).toBe(6);
    const ratedFilm = await t.value('library.state', {
      target: { mediaType: 'movie', mediaId: film.id },
    });
    expect(ratedFilm.rating).toBe(9);
  });
});

describe('an import interrupted by a crash', () => {
  it('resumes at the next start and ends with every row applied once', async () => {
    const crash = { at: 2 as number | null };
    t = await startTestCore({
      core: {
        imports: {
          chunkRows: 2,
          // A crash: the process stops after this chunk committed, nothing after it runs.
          afterChunk: (_jobId, chunk) =>
            crash.at !== null && chunk === crash.at
              ? new Promise<void>(() => undefined)
              : undefined,
        },
      },
    });
    await t.signIn();
    const films = uniqueFilms(t, 7);
    const bytes = encode(
      diaryCsv(
        films.map((f, i) => ({ name: f.title, year: year(f), watched: `2024-02-0${i + 1}` })),
      ),
    );
    const job = await analyse(t, 'diary.csv', bytes);
    await t.value('import.apply', { jobId: job.jobId, targets: ALL });
    for (let i = 0; i < 200; i++) {
      const plays = (await t.value('tracking.history', { limit: 100 })).plays;
      if (plays.length >= 4) break;
      await new Promise((r) => setTimeout(r, 10));
    }
    expect((await t.value('import.job', { jobId: job.jobId })).state).toBe('applying');

    crash.at = null;
    await t.restart();
    const resumed = await until(t, job.jobId, ['done', 'failed', 'rolledBack']);
    expect(resumed.state).toBe('done');
    expect(resumed.note).toMatch(/resumed/);
    expect(resumed.result?.watched).toEqual({ added: 7, alreadyPresent: 0, failed: 0 });
    const plays = (await t.value('tracking.history', { limit: 100 })).plays;
    expect(plays.filter((p) => p.source === 'letterboxd')).toHaveLength(7);
  }, 30_000);

  it('when it stopped while reading, says so at the next start instead of hanging', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-import-'));
    try {
      const first = await startTestCore({ dataDir });
      await first.close();
      const db = new Database(path.join(dataDir, 'library.db'));
      db.prepare(
        `INSERT INTO import_jobs (id, format, source_name, state, created_at, updated_at)
         VALUES ('stuck', 'trakt', 'trakt.zip', 'analysing', 1, 1)`,
      ).run();
      db.close();
      t = await startTestCore({ dataDir });
      const job = await t.value('import.job', { jobId: 'stuck' });
      expect(job.state).toBe('failed');
      expect(job.note).toMatch(/Choose it again/);
    } finally {
      await t?.close();
      t = undefined;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('is rolled back when it keeps stopping Marquee, removing the viewings it added', async () => {
    t = await startTestCore({
      core: {
        imports: { chunkRows: 2, afterChunk: () => new Promise<void>(() => undefined) },
      },
    });
    await t.signIn();
    const films = uniqueFilms(t, 5);
    const bytes = encode(
      diaryCsv(
        films.map((f, i) => ({ name: f.title, year: year(f), watched: `2024-02-0${i + 1}` })),
      ),
    );
    const job = await analyse(t, 'diary.csv', bytes);
    await t.value('import.apply', { jobId: job.jobId, targets: ALL });
    // Three starts, each stopped after its first chunk; the fourth start rolls the job back.
    for (let attempt = 0; attempt < 3; attempt++) {
      for (let i = 0; i < 200; i++) {
        if ((await t.value('tracking.history', { limit: 100 })).total >= 2 * (attempt + 1)) break;
        await new Promise((r) => setTimeout(r, 10));
      }
      await t.restart();
    }
    const rolled = await t.value('import.job', { jobId: job.jobId });
    expect(rolled.state).toBe('rolledBack');
    expect(rolled.note).toMatch(/rolled back/);
    expect((await t.value('tracking.history', { limit: 100 })).total).toBe(0);
    // The viewings left as one recorded change.
    const log = new Database(path.join(t.dataDir, 'library.db'), { readonly: true });
    const kinds = log.prepare('SELECT kind FROM changes ORDER BY seq').pluck().all();
    log.close();
    expect(kinds.filter((k) => k === 'plays.remove')).toHaveLength(1);
  }, 30_000);
});

describe('an import made offline', () => {
  it('lands in history at once and reaches TMDB later, in the order of the file', async () => {
    t = await startTestCore();
    await t.signIn();
    await t.value('sync.now');
    const films = uniqueFilms(t, 8).slice(3);
    const account = [...t.catalogue.state.accounts.values()].find(
      (acc) => acc.username === t?.catalogue.demoUser,
    );
    const fresh = films.filter((f) => !account?.watchlist.movie.has(f.id));
    const bytes = zipOf({
      'diary.csv': diaryCsv(
        fresh.map((f) => ({ name: f.title, year: year(f), watched: '2024-06-01' })),
      ),
      'watchlist.csv': csv(
        ['Date', 'Name', 'Year', 'Letterboxd URI'],
        fresh.map((f, i) => ['2024-01-01', f.title, year(f), `https://boxd.it/w${i}`]),
      ),
    });
    const job = await analyse(t, 'letterboxd.zip', bytes);

    // TMDB goes away before applying.
    t.catalogue.faults.set([{ kind: 'drop' }]);
    await t.value('import.apply', { jobId: job.jobId, targets: ALL });
    const done = await until(t, job.jobId, ['done', 'failed']);
    expect(done.result?.watched.added).toBe(fresh.length);
    expect(done.result?.watchlist.added).toBe(fresh.length);
    await t.call('sync.now');
    const pending = await t.value('sync.outbox');
    expect(
      pending.entries.filter((e) => e.status === 'pending' || e.status === 'in_flight').length,
    ).toBeGreaterThanOrEqual(fresh.length);
    expect(
      [...(account?.watchlist.movie.keys() ?? [])].filter((id) => fresh.some((f) => f.id === id)),
    ).toEqual([]);

    // Back online: the outbox goes out, in the order the file listed the films.
    t.catalogue.faults.clear();
    if (!t.core.network.online) {
      t.timers.tick(PROBE_INTERVAL_MS);
      await expect.poll(() => t?.core.network.online).toBe(true);
    }
    await t.value('sync.now');
    const order = [...(account?.watchlist.movie.keys() ?? [])].filter((id) =>
      fresh.some((f) => f.id === id),
    );
    expect(order).toEqual(fresh.map((f) => f.id));
  });
});
