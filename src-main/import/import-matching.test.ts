import { afterEach, describe, expect, it } from 'vitest';
import type { ImportJobView } from '../../src-shared/ipc/contract';
import type { TitleCore } from '../../catalogue';
import { PROBE_INTERVAL_MS } from '../base/network-status';
import { startTestCore, type TestCore } from '../core/testing/core';
import { RETRY_ON_VIEW_MS } from './import-service';
import { csv, diaryCsv, zipOf } from './read/testing/builders';

/**
 * Matching through the core against the demo catalogue, with Letterboxd exports shaped as
 * Letterboxd gives them: a row is matched the same whatever else the file held, and rows that
 * could not be matched while TMDB was unreachable wait for it rather than offer unrelated titles.
 */

let t: TestCore | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const year = (c: TitleCore): string => c.date.slice(0, 4);
const LB = ['Date', 'Name', 'Year', 'Letterboxd URI'];

async function until(
  core: TestCore,
  jobId: string,
  done: (job: ImportJobView) => boolean,
): Promise<ImportJobView> {
  for (let i = 0; i < 500; i++) {
    const job = await core.value('import.job', { jobId });
    if (done(job)) return job;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('the job never got there');
}

async function analyse(
  core: TestCore,
  bytes: Uint8Array,
  name = 'letterboxd.zip',
): Promise<ImportJobView> {
  const staged = await core.core.imports.stageBytes(name, bytes);
  const { jobId } = await core.value('import.analyse', { sourceId: staged.sourceId });
  return until(core, jobId, (j) => j.state === 'ready' || j.state === 'failed');
}

/** Films the catalogue holds under one title, with different years (as TMDB holds several Dunes). */
function sharedTitle(core: TestCore): TitleCore[] {
  const byTitle = new Map<string, TitleCore[]>();
  for (const m of core.catalogue.data.movies) {
    if (m.adult) continue;
    const list = byTitle.get(m.title) ?? [];
    list.push(m);
    byTitle.set(m.title, list);
  }
  const found = [...byTitle.values()].find(
    (list) => list.length >= 2 && new Set(list.map(year)).size === list.length,
  );
  if (!found) throw new Error('the catalogue has no shared title');
  return found;
}

function uniqueFilms(core: TestCore, n: number): TitleCore[] {
  const count = new Map<string, number>();
  for (const m of core.catalogue.data.movies)
    count.set(m.title.toLowerCase(), (count.get(m.title.toLowerCase()) ?? 0) + 1);
  return core.catalogue.data.movies
    .filter((m) => count.get(m.title.toLowerCase()) === 1 && !m.adult)
    .slice(0, n);
}

describe('a title without a year', () => {
  it('goes to review when TMDB knows several titles of that name, whatever the diary held', async () => {
    t = await startTestCore();
    const same = sharedTitle(t);
    const [first] = same as [TitleCore];
    const others = uniqueFilms(t, 20);
    // The diary names one of them with its year first (so the cache holds it), then other films,
    // so the watchlist's yearless row is matched after the diary's lookup has filled the cache.
    const bytes = zipOf({
      'diary.csv': diaryCsv([
        { name: first.title, year: year(first), watched: '2024-03-01' },
        ...others.map((f) => ({ name: f.title, year: year(f), watched: '2024-03-02' })),
      ]),
      'watchlist.csv': csv(LB, [['2024-01-01', first.title, '', 'https://boxd.it/d']]),
    });
    const job = await analyse(t, bytes);
    expect(job.counts.watched.matched).toBe(others.length + 1);
    expect(job.counts.watchlist).toMatchObject({ matched: 0, review: 1 });
    const row = job.review.find((r) => r.kind === 'watchlist');
    expect(row?.label).toBe(first.title);
    expect(row?.candidates.map((c) => c.id)).toEqual(
      expect.arrayContaining(same.slice(0, 5).map((f) => f.id)),
    );
  });
});

describe('an import analysed while TMDB is unreachable', () => {
  it('leaves its rows waiting for TMDB, offering nothing unrelated, and matches them when TMDB is back', async () => {
    t = await startTestCore();
    const films = uniqueFilms(t, 6);
    const bytes = zipOf({
      'diary.csv': diaryCsv(
        films.map((f) => ({ name: f.title, year: year(f), watched: '2024-06-01' })),
      ),
      'watchlist.csv': csv(LB, [['2024-01-01', 'Amélie', '2001', 'https://boxd.it/a']]),
    });
    t.catalogue.faults.set([{ kind: 'drop' }]);
    const job = await analyse(t, bytes);
    expect(job.state).toBe('ready');
    expect(job.counts.watched).toMatchObject({ waiting: films.length, review: 0, matched: 0 });
    expect(job.counts.watchlist).toMatchObject({ waiting: 1, review: 0 });
    expect(job.review).toEqual([]);
    expect(job.waiting).toHaveLength(films.length + 1);
    for (const row of job.waiting) {
      expect(row.state).toBe('waiting');
      expect(row.candidates).toEqual([]);
      expect(row.reason).toMatch(/matched when TMDB is reachable/);
    }

    // TMDB comes back: the network status announces it and the waiting rows are matched.
    t.catalogue.faults.clear();
    t.timers.tick(PROBE_INTERVAL_MS);
    const back = await until(t, job.jobId, (j) => j.waiting.length === 0);
    expect(back.counts.watched).toMatchObject({ matched: films.length, waiting: 0 });
    expect(back.counts.watchlist.waiting).toBe(0);
    expect(back.state).toBe('ready');
  });
});

describe('a preview opened while TMDB answers again', () => {
  it('matches the rows that waited, with no change of network state to announce it', async () => {
    t = await startTestCore();
    const films = uniqueFilms(t, 3);
    const bytes = zipOf({
      'diary.csv': diaryCsv(
        films.map((f) => ({ name: f.title, year: year(f), watched: '2024-06-01' })),
      ),
    });
    // TMDB answers, but not its searches: the network stays online and the rows wait.
    t.catalogue.faults.set([{ kind: 'server_error', status: 503, path: '/3/search' }]);
    const job = await analyse(t, bytes);
    expect(job.counts.watched).toMatchObject({ waiting: films.length, matched: 0 });
    expect(t.core.network.online).toBe(true);

    t.catalogue.faults.clear();
    t.clock.now += RETRY_ON_VIEW_MS;
    const matched = await until(t, job.jobId, (j) => j.counts.watched.matched === films.length);
    expect(matched.counts.watched.waiting).toBe(0);
    expect(matched.waiting).toEqual([]);
  });
});

describe('one staged upload', () => {
  it('starts one analysis: a second call answers the job the first one started', async () => {
    t = await startTestCore();
    const [a] = uniqueFilms(t, 1) as [TitleCore];
    const bytes = zipOf({
      'diary.csv': diaryCsv([{ name: a.title, year: year(a), watched: '2024-03-01' }]),
    });
    const staged = await t.core.imports.stageBytes('letterboxd.zip', bytes);
    const first = await t.value('import.analyse', { sourceId: staged.sourceId });
    const second = await t.value('import.analyse', { sourceId: staged.sourceId });
    expect(second.jobId).toBe(first.jobId);
    await until(t, first.jobId, (j) => j.state === 'ready');
    const third = await t.value('import.analyse', { sourceId: staged.sourceId });
    expect(third.jobId).toBe(first.jobId);
    expect((await t.value('import.jobs')).jobs).toHaveLength(1);
  });
});

describe('a row TMDB cannot hold', () => {
  it('is said once, and a second import of the same file says there is nothing new', async () => {
    t = await startTestCore();
    await t.signIn();
    const [film] = uniqueFilms(t, 1) as [TitleCore];
    const series = t.catalogue.data.tv[3] as TitleCore;
    const ids = (trakt: number, tmdb: number) => ({ trakt, slug: `s${trakt}`, tmdb, imdb: null });
    const bytes = zipOf({
      'lists-lists.json': JSON.stringify([
        { name: 'Mixed', description: '', type: 'personal', ids: { trakt: 77, slug: 'mixed' } },
      ]),
      'lists-mixed.json': JSON.stringify([
        {
          rank: 1,
          listed_at: '2024-01-01T00:00:00.000Z',
          type: 'movie',
          movie: { title: film.title, year: Number(year(film)), ids: ids(1, film.id) },
        },
        {
          rank: 2,
          listed_at: '2024-01-01T00:00:00.000Z',
          type: 'show',
          show: { title: series.title, year: Number(year(series)), ids: ids(2, series.id) },
        },
      ]),
    });
    const job = await analyse(t, bytes, 'trakt-export.zip');
    expect(job.counts.lists).toMatchObject({ total: 2, matched: 1, unmatched: 1 });
    expect(job.unmatched).toEqual([
      expect.objectContaining({ reason: 'TMDB lists hold films only; this is a series.' }),
    ]);
    // Choosing the series by hand is refused with the same plain reason.
    const refused = await t.call('import.resolve', {
      jobId: job.jobId,
      rowId: job.unmatched[0]?.rowId ?? 0,
      choice: { mediaType: 'tv', id: series.id },
    });
    expect(refused).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: 'TMDB lists hold films only; this is a series.' },
    });
    await t.value('import.apply', {
      jobId: job.jobId,
      targets: { watched: true, ratings: true, watchlist: true, favourites: true, lists: true },
    });
    const done = await until(t, job.jobId, (j) => j.state === 'done' || j.state === 'failed');
    expect(done.result?.lists).toEqual({ added: 1, alreadyPresent: 0, failed: 0 });

    const again = await analyse(t, bytes, 'trakt-export.zip');
    expect(again.counts.lists).toMatchObject({ matched: 1, alreadyPresent: 1, review: 0 });
  });
});
