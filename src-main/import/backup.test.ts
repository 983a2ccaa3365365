import { afterEach, describe, expect, it } from 'vitest';
import type { ImportJobView } from '../../src-shared/ipc/contract';
import { startTestCore, type TestCore } from '../core/testing/core';
import { parseBackup } from './backup';
import { withoutStamp } from './testing/restore';

const cores: TestCore[] = [];
afterEach(async () => {
  await Promise.all(cores.splice(0).map((c) => c.close()));
});
async function core(): Promise<TestCore> {
  const c = await startTestCore();
  cores.push(c);
  return c;
}

async function until(
  c: TestCore,
  jobId: string,
  states: ImportJobView['state'][],
): Promise<ImportJobView> {
  for (let i = 0; i < 400; i++) {
    const job = await c.value('import.job', { jobId });
    if (states.includes(job.state)) return job;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`the job never reached ${states.join(' or ')}`);
}

/** A profile with something of everything the backup holds. */
async function filledProfile(): Promise<{ c: TestCore; films: number[]; seriesId: number }> {
  const c = await core();
  await c.signIn();
  const films = c.catalogue.data.movies.slice(10, 14).map((m) => m.id);
  const seriesId = c.catalogue.data.tv[3]?.id ?? 0;
  const [f1, f2, f3, f4] = films as [number, number, number, number];
  await c.value('tracking.mark', {
    target: { scope: 'movie', movieId: f1 },
    when: { kind: 'date', date: '2024-01-02' },
  });
  await c.value('tracking.mark', {
    target: { scope: 'movie', movieId: f1 },
    when: { kind: 'date', date: '2024-06-02' },
  });
  await c.value('tracking.mark', {
    target: { scope: 'movie', movieId: f2 },
    when: { kind: 'unknown' },
  });
  await c.value('tracking.mark', {
    target: { scope: 'episode', seriesId, season: 1, episode: 2 },
    when: { kind: 'date', date: '2024-02-03' },
  });
  await c.value('tracking.setFollow', { seriesId, follow: 'follow' });
  await c.value('tracking.setIncludeSpecials', { seriesId, includeSpecials: true });
  await c.value('library.rate', { target: { mediaType: 'movie', mediaId: f1 }, value: 8.5 });
  await c.value('library.setWatchlist', { mediaType: 'movie', mediaId: f3, on: true });
  await c.value('library.setFavorite', { mediaType: 'tv', mediaId: seriesId, on: true });
  const { list } = await c.value('lists.create', {
    name: 'Rainy, "cosy" days',
    description: 'Line one\nline two',
  });
  await c.value('lists.addItem', { listId: list.id, movieId: f4 });
  await c.value('lists.addItem', { listId: list.id, movieId: f2 });
  await c.value('settings.set', { theme: 'dark', region: 'FR' });
  await c.value('sync.now');
  return { c, films, seriesId };
}

describe('backup and restore', () => {
  it('holds every part of the profile and never a token or session id', async () => {
    const { c, films, seriesId } = await filledProfile();
    const { fileName, text } = await c.value('backup.create');
    expect(fileName).toMatch(/^marquee-backup-\d{4}-\d{2}-\d{2}\.json$/);
    const backup = parseBackup(JSON.parse(text));
    expect(backup.history.filter((p) => p.mediaId === films[0])).toHaveLength(2);
    expect(backup.library.ratings).toContainEqual({
      target: { mediaType: 'movie', mediaId: films[0] },
      value: 8.5,
    });
    expect(
      backup.library.lists.find((l) => l.name === 'Rainy, "cosy" days')?.movieIds,
    ).toHaveLength(2);
    expect(backup.series).toContainEqual(
      expect.objectContaining({ seriesId, follow: 'follow', includeSpecials: true }),
    );
    expect(backup.settings).toMatchObject({ theme: 'dark', region: 'FR' });

    const secrets = [c.catalogue.accessToken, ...c.catalogue.state.sessions.keys()];
    expect(secrets.length).toBeGreaterThan(1);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/session_id|access_token|api_key|sessionId|accessToken/i);
  });

  it('restored into an empty profile, reproduces the same backup', async () => {
    const { c: a } = await filledProfile();
    const first = await a.value('backup.create');

    const b = await core();
    const staged = await b.core.imports.stageBytes(
      first.fileName,
      new TextEncoder().encode(first.text),
    );
    expect(staged.format).toBe('marquee-backup');
    const { jobId } = await b.value('import.analyse', { sourceId: staged.sourceId });
    const preview = await until(b, jobId, ['ready', 'failed']);
    const doc = parseBackup(JSON.parse(first.text));
    // The preview says what the merge will do before anything is written.
    expect(preview.restore?.plays).toEqual({ add: doc.history.length, alreadyPresent: 0 });
    expect(preview.restore?.lists.create).toBe(doc.library.lists.length);
    expect(preview.restore?.settings.change).toEqual(['region', 'theme']);
    expect((await b.value('tracking.history', { limit: 10 })).total).toBe(0);

    await b.value('import.apply', {
      jobId,
      targets: { watched: true, ratings: true, watchlist: true, favourites: true, lists: true },
    });
    const done = await until(b, jobId, ['done', 'failed']);
    expect(done.state).toBe('done');
    const second = await b.value('backup.create');
    expect(withoutStamp(second.text)).toEqual(withoutStamp(first.text));

    // Restoring the same backup again merges to nothing new.
    const again = await b.core.imports.stageBytes(
      first.fileName,
      new TextEncoder().encode(first.text),
    );
    const job2 = await b.value('import.analyse', { sourceId: again.sourceId });
    const plan = await until(b, job2.jobId, ['ready']);
    expect(plan.restore?.plays).toEqual({ add: 0, alreadyPresent: doc.history.length });
    expect(plan.restore?.library.add).toBe(0);
    expect(plan.restore?.lists).toMatchObject({ create: 0, addItems: 0 });
  }, 30_000);

  it('restored over existing data, says what the merge will add and change, then does it', async () => {
    const { c, films } = await filledProfile();
    const first = await c.value('backup.create');
    const [f1] = films as [number];
    // Since the backup: one viewing undone, a rating changed, a film added to the watchlist.
    const plays = await c.value('tracking.plays', { target: { scope: 'movie', movieId: f1 } });
    await c.value('tracking.unmark', { target: { scope: 'play', uid: plays.plays[0]?.uid ?? '' } });
    await c.value('library.rate', { target: { mediaType: 'movie', mediaId: f1 }, value: 3 });
    const extra = c.catalogue.data.movies[40]?.id ?? 0;
    await c.value('library.setWatchlist', { mediaType: 'movie', mediaId: extra, on: true });

    const staged = await c.core.imports.stageBytes(
      first.fileName,
      new TextEncoder().encode(first.text),
    );
    const { jobId } = await c.value('import.analyse', { sourceId: staged.sourceId });
    const plan = (await until(c, jobId, ['ready'])).restore;
    const doc = parseBackup(JSON.parse(first.text));
    expect(plan?.plays).toEqual({ add: 1, alreadyPresent: doc.history.length - 1 });
    expect(plan?.library.change).toBe(1);
    expect(plan?.library.add).toBe(0);
    expect(plan?.lists).toMatchObject({ create: 0, addItems: 0 });

    await c.value('import.apply', {
      jobId,
      targets: { watched: true, ratings: true, watchlist: true, favourites: true, lists: true },
    });
    expect((await until(c, jobId, ['done', 'failed'])).state).toBe('done');
    // A merge: the backup's state is back, and what was added since stays.
    const state = await c.value('library.state', { target: { mediaType: 'movie', mediaId: f1 } });
    expect(state.rating).toBe(8.5);
    expect(
      (await c.value('tracking.plays', { target: { scope: 'movie', movieId: f1 } })).plays,
    ).toHaveLength(2);
    const kept = await c.value('library.state', { target: { mediaType: 'movie', mediaId: extra } });
    expect(kept.watchlist).toBe(true);
  }, 30_000);

  it('refuses a damaged or newer backup with a clear message, changing nothing', async () => {
    const c = await core();
    const damaged = {
      format: 'marquee-backup',
      version: 1,
      createdAt: 1,
      app: { version: '1' },
      history: 'x',
    };
    const staged = await c.core.imports.stageBytes(
      'b.json',
      new TextEncoder().encode(JSON.stringify(damaged)),
    );
    const { jobId } = await c.value('import.analyse', { sourceId: staged.sourceId });
    const job = await c.value('import.job', { jobId });
    expect(job.state).toBe('failed');
    expect(job.error).toMatch(/damaged/);
    expect(() => parseBackup({ ...damaged, version: 2 })).toThrow(/newer Marquee/);
  });
});
