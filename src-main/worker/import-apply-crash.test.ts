import { describe, expect, it } from 'vitest';
import { createImportJobStore } from '../import/store/jobs';
import { STOPPED_MESSAGE } from './protocol';
import { useTestWorker } from './testing/worker-fixture';

/**
 * An import's apply whose worker dies between chunks leaves whole chunks: every row marked
 * applied has its plays, and no play is there without its row's marker; applied again in the
 * next worker, it adds the rest and nothing twice.
 */
const NOW = Date.UTC(2026, 0, 15, 12);
const ROWS = 1_000;

const w = useTestWorker({ prefix: 'marquee-apply-crash-', now: NOW });

describe('an import’s apply whose worker dies', () => {
  it('leaves whole chunks, each row’s plays with its marker, and resumes where they say', async () => {
    const library = w.dbs.library;
    if (!library) throw new Error('no library');
    const jobs = createImportJobStore(library);
    jobs.create({
      id: 'job',
      format: 'trakt',
      sourceName: 'watched-history.json',
      files: ['watched-history.json'],
      problems: [],
      backup: null,
      now: NOW,
    });
    jobs.insertRows(
      'job',
      Array.from({ length: ROWS }, (_, i) => ({
        rowId: i + 1,
        kind: 'watched' as const,
        row: {
          kind: 'watched',
          line: i + 1,
          file: 'watched-history.json',
          ref: { mediaType: 'movie', tmdbId: 100 + (i % 50) },
          watchedAt: Date.UTC(2020, 0, 1) + i * 60_000,
          rewatch: false,
        },
        state: 'matched' as const,
        reason: null,
        candidates: [],
        chosen: { mediaType: 'movie', id: 100 + (i % 50), title: 'A film', year: 2001 },
      })),
    );
    const input = { jobId: 'job', format: 'trakt', kinds: ['watched' as const], now: NOW };
    await expect(
      w.runner.run('test.applyThenDie', { ...input, timeZone: 'UTC', dieAfter: 500 }),
    ).rejects.toThrow(STOPPED_MESSAGE);

    const applied = jobs.rows('job').filter((r) => r.appliedAt !== null);
    const marked = applied.flatMap((r) => (r.undo as { plays: string[] }).plays);
    const uids = library.prepare('SELECT uid FROM watch_plays ORDER BY uid').pluck().all();
    expect(applied.length).toBeGreaterThanOrEqual(500);
    expect(applied.length).toBeLessThan(ROWS);
    expect(applied.length % 200).toBe(0);
    expect(applied.every((r) => r.outcome === 'added')).toBe(true);
    expect(uids).toEqual([...marked].sort());

    // The next worker applies the rest.
    await expect(
      w.runner.run('import.applyWatched', { ...input, timeZone: 'UTC' }),
    ).resolves.toEqual({ newSeries: [] });
    expect(jobs.rows('job').filter((r) => r.appliedAt === null)).toEqual([]);
    expect(library.prepare('SELECT count(*) FROM watch_plays').pluck().get()).toBe(ROWS);
    expect(w.runner.starts()).toBe(2);
  }, 60_000);
});
