import { afterEach, describe, expect, it } from 'vitest';
import type { ImportJobView, PlayView } from '../../src-shared/ipc/contract';
import { startTestCore, type TestCore } from '../core/testing/core';
import { diaryCsv } from './read/testing/builders';

/**
 * A play's time is checked where it enters (undo's restore, a backup, an import): a date in the
 * future, before 1870 or no real date at all is refused for that play alone and never stored,
 * so no later export or backup meets it. The clock is fixed, so no test depends on today.
 */

const NOW = Date.UTC(2026, 5, 15, 9, 30);

let t: TestCore | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function fixedCore(): Promise<TestCore> {
  const c = await startTestCore();
  c.clock.now = NOW;
  await c.signIn();
  return c;
}

async function until(c: TestCore, jobId: string, states: ImportJobView['state'][]) {
  for (let i = 0; i < 400; i++) {
    const job = await c.value('import.job', { jobId });
    if (states.includes(job.state)) return job;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`the job never reached ${states.join(' or ')}`);
}

const play = (uid: string, movieId: number, watchedAt: number | null): PlayView => ({
  uid,
  mediaType: 'movie',
  mediaId: movieId,
  season: null,
  episode: null,
  watchedAt,
  source: 'marquee',
  createdAt: NOW,
});

const ALL = { watched: true, ratings: true, watchlist: true, favourites: true, lists: true };

describe('a play’s date where it enters', () => {
  it('restore refuses a time past any date and a day in 2100, stores nothing, and exports still work', async () => {
    t = await fixedCore();
    const film = t.catalogue.data.movies[5]?.id ?? 0;
    for (const [watchedAt, reason] of [
      [9e15, /plays.1.watchedAt: a play time must be a real date/],
      [Date.UTC(2100, 0, 1), /2100-01-01 is in the future/],
      [Date.UTC(1869, 0, 1), /before 1870/],
    ] as const) {
      const reply = await t.call('tracking.restore', {
        plays: [play('good', film, Date.UTC(2024, 0, 2, 12)), play('bad', film, watchedAt)],
      });
      expect(reply.ok).toBe(false);
      if (!reply.ok) {
        expect(reply.error.code).toBe('invalid_input');
        expect(reply.error.message).toMatch(reason);
      }
    }
    // All or nothing: the good play of a refused undo is not half-restored.
    expect((await t.value('tracking.history', { limit: 10 })).total).toBe(0);

    // A viewing before 1970 (and one within the clock-skew allowance) restores.
    const { restored } = await t.value('tracking.restore', {
      plays: [play('old', film, Date.UTC(1965, 3, 1, 12)), play('now', film, NOW + 60_000)],
    });
    expect(restored).toBe(2);
    const file = await t.value('export.file', { kind: 'letterboxd' });
    expect(file.text).toContain('1965-04-01');
    expect(file.notes).toEqual([]);
  });

  it('a backup restores its good plays and names each bad one, which it leaves out', async () => {
    t = await fixedCore();
    const [a, b] = [t.catalogue.data.movies[6]?.id ?? 0, t.catalogue.data.movies[7]?.id ?? 0];
    await t.value('tracking.mark', {
      target: { scope: 'movie', movieId: a },
      when: { kind: 'date', date: '2024-01-02' },
    });
    const made = await t.value('backup.create');
    const doc = JSON.parse(made.text) as { history: PlayView[] };
    doc.history.push(play('future', b, Date.UTC(2100, 0, 1)), play('past-dates', b, 9e15));
    const good = doc.history[0];
    // Restore into an empty profile.
    await t.close();
    t = await fixedCore();
    const staged = await t.core.imports.stageBytes(
      'marquee-backup.json',
      new TextEncoder().encode(JSON.stringify(doc)),
    );
    const { jobId } = await t.value('import.analyse', { sourceId: staged.sourceId });
    const preview = await until(t, jobId, ['ready', 'failed']);
    expect(preview.state).toBe('ready');
    expect(preview.restore?.plays).toEqual({ add: 1, alreadyPresent: 0 });
    expect(preview.problems.map((p) => [p.line, p.message])).toEqual([
      [2, expect.stringMatching(/2100-01-01 is in the future/) as unknown],
      [3, expect.stringMatching(/not a real date/) as unknown],
    ]);

    await t.value('import.apply', { jobId, targets: ALL });
    const done = await until(t, jobId, ['done', 'failed']);
    expect(done.state).toBe('done');
    expect(done.result?.watched).toEqual({ added: 1, alreadyPresent: 0, failed: 2 });
    const history = await t.value('tracking.history', { limit: 10 });
    expect(history.plays.map((p) => p.uid)).toEqual([good?.uid]);
    // Nothing bad was stored, so the next backup and export are clean.
    expect((await t.value('backup.create')).text).not.toContain('9000000000000000');
    expect((await t.value('export.file', { kind: 'letterboxd' })).notes).toEqual([]);
  }, 30_000);

  it('an import leaves out a viewing dated in the future, as a problem of its line', async () => {
    t = await fixedCore();
    const [a, b] = t.catalogue.data.movies.slice(8, 10);
    if (!a || !b) throw new Error('the catalogue is too small');
    const bytes = new TextEncoder().encode(
      diaryCsv([
        { name: a.title, year: a.date.slice(0, 4), watched: '2024-03-01' },
        { name: b.title, year: b.date.slice(0, 4), watched: '2100-01-01' },
      ]),
    );
    const staged = await t.core.imports.stageBytes('diary.csv', bytes);
    const { jobId } = await t.value('import.analyse', { sourceId: staged.sourceId });
    const job = await until(t, jobId, ['ready', 'failed']);
    expect(job.problems).toEqual([
      {
        file: 'diary.csv',
        line: 3,
        message: 'the viewing date 2100-01-01 is in the future: this viewing is left out',
      },
    ]);
    expect(job.counts.watched.total).toBe(1);
  }, 30_000);

  it('an import applied after the clock was set back leaves out only the viewing now in the future', async () => {
    t = await fixedCore();
    const [a, b] = t.catalogue.data.movies.slice(8, 10);
    if (!a || !b) throw new Error('the catalogue is too small');
    const bytes = new TextEncoder().encode(
      diaryCsv([
        { name: a.title, year: a.date.slice(0, 4), watched: '2024-03-01' },
        // Today, as the clock says when the file is read.
        { name: b.title, year: b.date.slice(0, 4), watched: '2026-06-15' },
      ]),
    );
    const staged = await t.core.imports.stageBytes('diary.csv', bytes);
    const { jobId } = await t.value('import.analyse', { sourceId: staged.sourceId });
    const job = await until(t, jobId, ['ready', 'failed']);
    expect(job.problems).toEqual([]);
    expect(job.counts.watched).toMatchObject({ total: 2, matched: 2 });

    // The computer's clock is corrected by three days before the import is applied.
    t.clock.now = NOW - 3 * 86_400_000;
    await t.value('import.apply', { jobId, targets: ALL });
    const done = await until(t, jobId, ['done', 'failed']);
    expect(done.state).toBe('done');
    expect(done.result?.watched).toEqual({ added: 1, alreadyPresent: 0, failed: 1 });
    const history = await t.value('tracking.history', { limit: 10 });
    expect(history.plays.map((p) => p.mediaId)).toEqual([a.id]);
  }, 30_000);
});
