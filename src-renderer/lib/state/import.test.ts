import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  ImportJobView,
  KindCounts,
  StagedSource,
} from '../../../src-shared/ipc/contract/import';
import { ImportState } from './import.svelte';
import { FakeBridge, ok, type FakeReplies } from './testing/fake-bridge';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const none: KindCounts = {
  total: 0,
  matched: 0,
  review: 0,
  unmatched: 0,
  skipped: 0,
  waiting: 0,
  alreadyPresent: 0,
};

const staged: StagedSource = {
  sourceId: 'src-1',
  name: 'letterboxd-export.zip',
  format: 'letterboxd',
  files: ['diary.csv', 'ratings.csv'],
  sizeBytes: 2048,
};

function jobView(overrides: Partial<ImportJobView> = {}): ImportJobView {
  return {
    jobId: 'job-1',
    format: 'letterboxd',
    sourceName: 'letterboxd-export.zip',
    state: 'ready',
    createdAt: 1,
    updatedAt: 2,
    rows: 12,
    note: null,
    problems: [],
    files: ['diary.csv', 'ratings.csv'],
    counts: {
      watched: { ...none, total: 8, matched: 7, review: 1, alreadyPresent: 2 },
      ratings: { ...none, total: 4, matched: 4 },
      watchlist: none,
      favourites: none,
      lists: none,
      follows: none,
    },
    lists: [],
    ratingConversion: 'Letterboxd ★ 0.5–5 → TMDB 1–10: ×2',
    review: [
      {
        rowId: 5,
        kind: 'watched',
        file: 'diary.csv',
        line: 6,
        label: 'Heat (1995)',
        sourceType: 'movie',
        state: 'review',
        reason: 'Two films share this title and year.',
        candidates: [
          { mediaType: 'movie', id: 949, title: 'Heat', year: 1995, posterPath: null },
          { mediaType: 'movie', id: 950, title: 'Heat', year: 1995, posterPath: null },
        ],
        chosen: null,
      },
    ],
    unmatched: [],
    waiting: [],
    targets: null,
    progress: null,
    result: null,
    restore: null,
    error: null,
    ...overrides,
  };
}

function bridgeWith(replies: FakeReplies): FakeBridge {
  const bridge = new FakeBridge({
    'import.samples': () =>
      ok({ samples: [{ id: 'lb', label: 'Letterboxd', format: 'letterboxd', fileName: 'a.zip' }] }),
    'import.jobs': () => ok({ jobs: [] }),
    ...replies,
  });
  vi.stubGlobal('window', { api: bridge });
  return bridge;
}

describe('ImportState', () => {
  it('stages a sample, analyses it and opens the preview with the targets the file holds', async () => {
    const bridge = bridgeWith({
      'import.stageSample': () => ok(staged),
      'import.analyse': () => ok({ jobId: 'job-1' }),
      'import.job': () => ok(jobView()),
    });
    const state = new ImportState(() => true);
    await state.load();
    expect(state.samples.map((s) => s.id)).toEqual(['lb']);
    expect(state.step).toBe('choose');

    await state.stageSample('lb');
    expect(bridge.calls.find((c) => c.channel === 'import.analyse')?.input).toEqual({
      sourceId: 'src-1',
    });
    expect(state.step).toBe('preview');
    expect(state.targets).toEqual({
      history: true,
      ratings: true,
      watchlist: false,
      favourites: false,
      lists: false,
      follows: false,
    });
    // 7 matched watched rows, 2 already there; 4 ratings: 9 new in all, 1 row waits for review.
    expect(state.toApply).toBe(9);
    expect(state.reviewLeft).toBe(1);
    expect(state.nothingNew).toBe(false);

    state.setTarget('ratings', false);
    expect(state.toApply).toBe(5);
  });

  it('leaves TMDB-bound targets out while no account is signed in; history still imports', async () => {
    const bridge = bridgeWith({
      'import.stageSample': () => ok(staged),
      'import.analyse': () => ok({ jobId: 'job-1' }),
      'import.job': () => ok(jobView()),
      'import.apply': () => ok({ jobId: 'job-1' }),
    });
    const state = new ImportState(() => false);
    await state.stageSample('lb');
    expect(state.available('history')).toBe(true);
    // Follows stay in Marquee too.
    expect(state.available('follows')).toBe(true);
    expect(state.available('ratings')).toBe(false);
    // Only the 5 new watched rows: the 4 ratings wait for a sign-in.
    expect(state.toApply).toBe(5);
    await state.apply();
    expect(bridge.calls.find((c) => c.channel === 'import.apply')?.input).toMatchObject({
      targets: { history: true, ratings: false },
    });
  });

  it('says a file it cannot read is refused, and starts over cleanly', async () => {
    bridgeWith({
      'import.pick': () => ({
        ok: false,
        error: {
          code: 'invalid_input',
          message: 'cover.csv is not a CSV file: it is a PNG image.',
        },
      }),
    });
    const state = new ImportState(() => true);
    await state.pick('file');
    expect(state.step).toBe('failed');
    expect(state.error?.message).toContain('PNG image');
    state.startOver();
    expect(state.step).toBe('choose');
    expect(state.error).toBeNull();
  });

  it('changes nothing when the open dialog is closed', async () => {
    const bridge = bridgeWith({ 'import.pick': () => ok({ source: null }) });
    const state = new ImportState(() => true);
    await state.pick('folder');
    expect(state.step).toBe('choose');
    expect(bridge.channels()).not.toContain('import.analyse');
  });

  it('uploads through the harness bridge and takes the staged source it answers', async () => {
    bridgeWith({
      'import.analyse': () => ok({ jobId: 'job-1' }),
      'import.job': () => ok(jobView()),
    });
    const uploaded: string[] = [];
    vi.stubGlobal('window', {
      api: (globalThis as { window: { api: unknown } }).window.api,
      marqueeUpload: {
        upload: (file: File) => {
          uploaded.push(file.name);
          return Promise.resolve({ ok: true, value: staged });
        },
      },
    });
    const state = new ImportState(() => true);
    expect(state.uploads).toBe(true);
    await state.upload(new File(['Date,Name'], 'diary.csv'));
    expect(uploaded).toEqual(['diary.csv']);
    expect(state.source?.sourceId).toBe('src-1');
    expect(state.step).toBe('preview');
  });

  it('resolves a review row and keeps the targets the user chose', async () => {
    const resolved = jobView({
      counts: {
        ...jobView().counts,
        watched: { ...none, total: 8, matched: 8, alreadyPresent: 2 },
      },
      review: [
        {
          ...(jobView().review[0] as ImportJobView['review'][number]),
          state: 'matched',
          chosen: { mediaType: 'movie', id: 950, title: 'Heat', year: 1995, posterPath: null },
        },
      ],
    });
    const bridge = bridgeWith({
      'import.stageSample': () => ok(staged),
      'import.analyse': () => ok({ jobId: 'job-1' }),
      'import.job': () => ok(jobView()),
      'import.resolve': () => ok(resolved),
    });
    const state = new ImportState(() => true);
    await state.stageSample('lb');
    state.setTarget('ratings', false);
    expect(await state.resolve(5, { mediaType: 'movie', id: 950 })).toBeNull();
    expect(bridge.calls.at(-1)?.input).toEqual({
      jobId: 'job-1',
      rowId: 5,
      choice: { mediaType: 'movie', id: 950 },
    });
    expect(state.reviewLeft).toBe(0);
    expect(state.targets.ratings).toBe(false);
    expect(state.toApply).toBe(6);
  });

  it('says "nothing new" when every matched row is already there', async () => {
    bridgeWith({
      'import.stageSample': () => ok(staged),
      'import.analyse': () => ok({ jobId: 'job-1' }),
      'import.job': () =>
        ok(
          jobView({
            counts: {
              watched: { ...none, total: 8, matched: 8, alreadyPresent: 8 },
              ratings: { ...none, total: 4, matched: 4, alreadyPresent: 4 },
              watchlist: none,
              favourites: none,
              lists: none,
              follows: none,
            },
            review: [],
          }),
        ),
    });
    const state = new ImportState(() => true);
    await state.stageSample('lb');
    expect(state.nothingNew).toBe(true);
    expect(state.toApply).toBe(0);
  });

  it('never says "nothing new" while rows wait for TMDB, and counts them', async () => {
    const waitingRow = {
      rowId: 9,
      kind: 'watched' as const,
      file: 'diary.csv',
      line: 10,
      label: 'Amélie (2001)',
      sourceType: 'movie' as const,
      state: 'waiting' as const,
      reason: 'Marquee could not reach TMDB; this row will be matched when TMDB is reachable.',
      candidates: [],
      chosen: null,
    };
    bridgeWith({
      'import.stageSample': () => ok(staged),
      'import.analyse': () => ok({ jobId: 'job-1' }),
      'import.job': () =>
        ok(
          jobView({
            counts: {
              watched: { ...none, total: 9, matched: 8, alreadyPresent: 8, waiting: 1 },
              ratings: none,
              watchlist: none,
              favourites: none,
              lists: none,
              follows: none,
            },
            review: [],
            waiting: [waitingRow],
          }),
        ),
    });
    const state = new ImportState(() => true);
    await state.stageSample('lb');
    expect(state.waitingLeft).toBe(1);
    expect(state.nothingNew).toBe(false);
  });

  it('reads a backup restore plan: nothing new only when the merge changes nothing', async () => {
    const plan = {
      plays: { add: 0, alreadyPresent: 40 },
      library: { add: 0, change: 0, alreadyPresent: 12 },
      lists: { create: 0, addItems: 0, alreadyPresent: 3 },
      follows: { change: 0 },
      inboxRead: 0,
      settings: { change: [] },
      createdAt: 1_700_000_000_000,
      appVersion: '0.1.0',
    };
    let restore = plan;
    bridgeWith({
      'import.stageSample': () => ok({ ...staged, format: 'marquee-backup' }),
      'import.analyse': () => ok({ jobId: 'job-1' }),
      'import.job': () => ok(jobView({ format: 'marquee-backup', review: [], restore })),
    });
    const state = new ImportState(() => true);
    await state.stageSample('backup');
    expect(state.nothingNew).toBe(true);
    restore = { ...plan, plays: { add: 5, alreadyPresent: 35 } };
    state.startOver();
    await state.stageSample('backup');
    expect(state.nothingNew).toBe(false);
    expect(state.toApply).toBe(5);
    expect(Object.values(state.targets).every(Boolean)).toBe(true);
  });

  it('applies with the chosen targets, follows progress events and reloads on state changes', async () => {
    let current = jobView();
    const bridge = bridgeWith({
      'import.stageSample': () => ok(staged),
      'import.analyse': () => ok({ jobId: 'job-1' }),
      'import.job': () => ok(current),
      'import.apply': () => {
        current = jobView({
          state: 'applying',
          progress: { phase: 'applying', done: 0, total: 9 },
        });
        return ok({ jobId: 'job-1' });
      },
    });
    const state = new ImportState(() => true);
    const stop = state.start(bridge);
    await state.stageSample('lb');
    await state.apply();
    expect(bridge.calls.find((c) => c.channel === 'import.apply')?.input).toEqual({
      jobId: 'job-1',
      targets: {
        history: true,
        ratings: true,
        watchlist: false,
        favourites: false,
        lists: false,
        follows: false,
      },
    });
    expect(state.step).toBe('applying');

    bridge.emit('import.progress', { jobId: 'job-1', phase: 'applying', done: 4, total: 9 });
    expect(state.job?.progress).toEqual({ phase: 'applying', done: 4, total: 9 });
    // Another job's progress is not this one's.
    bridge.emit('import.progress', { jobId: 'job-2', phase: 'applying', done: 1, total: 2 });
    expect(state.job?.progress?.done).toBe(4);

    const added = { added: 5, alreadyPresent: 2, failed: 0 };
    const zero = { added: 0, alreadyPresent: 0, failed: 0 };
    current = jobView({
      state: 'done',
      result: {
        watched: added,
        ratings: zero,
        watchlist: zero,
        favourites: zero,
        lists: zero,
        follows: zero,
      },
    });
    bridge.emit('import.changed', { jobId: 'job-1', state: 'done' });
    await vi.waitFor(() => {
      expect(state.step).toBe('finished');
    });
    expect(state.job?.result?.watched.added).toBe(5);
    stop();
  });

  it('cancels a running job and shows it stopped', async () => {
    let current = jobView({
      state: 'applying',
      progress: { phase: 'applying', done: 100, total: 1000 },
    });
    bridgeWith({
      'import.job': () => ok(current),
      'import.cancel': () => {
        current = jobView({ state: 'cancelled' });
        return ok({ ok: true as const });
      },
    });
    const state = new ImportState(() => true);
    await state.openJob('job-1');
    expect(state.step).toBe('applying');
    expect(await state.cancel()).toBeNull();
    expect(state.step).toBe('finished');
    expect(state.job?.state).toBe('cancelled');
    expect(state.cancelRequested).toBe(false);
  });

  it('reads the open job again on return to the page, as events may have passed meanwhile', async () => {
    let current = jobView({
      state: 'applying',
      progress: { phase: 'applying', done: 1, total: 9 },
    });
    const bridge = bridgeWith({ 'import.job': () => ok(current) });
    const state = new ImportState(() => true);
    await state.openJob('job-1');
    const zero = { added: 0, alreadyPresent: 0, failed: 0 };
    current = jobView({
      state: 'done',
      result: {
        watched: zero,
        ratings: zero,
        watchlist: zero,
        favourites: zero,
        lists: zero,
        follows: zero,
      },
    });
    const stop = state.start(bridge);
    await vi.waitFor(() => {
      expect(state.step).toBe('finished');
    });
    stop();
  });

  it('polls a running job so a missed event cannot leave the bar stuck', async () => {
    vi.useFakeTimers();
    let reads = 0;
    bridgeWith({
      'import.job': () => {
        reads += 1;
        return ok(
          reads < 3
            ? jobView({
                state: 'analysing',
                progress: { phase: 'matching', done: reads, total: 3 },
              })
            : jobView(),
        );
      },
    });
    const state = new ImportState(() => true);
    await state.openJob('job-1');
    expect(state.step).toBe('analysing');
    await vi.advanceTimersByTimeAsync(1600);
    expect(state.job?.progress?.done).toBe(2);
    await vi.advanceTimersByTimeAsync(1600);
    expect(state.step).toBe('preview');
    await vi.advanceTimersByTimeAsync(5000);
    // Once ready, polling stops.
    expect(reads).toBe(3);
  });

  it('hands backup and export files to the view, and their failures as errors', async () => {
    bridgeWith({
      'backup.create': () => ok({ fileName: 'marquee-backup-2026-11-22.json', text: '{}' }),
      'export.file': (input) =>
        input?.kind === 'listCsv'
          ? { ok: false, error: { code: 'not_found', message: 'No such list.' } }
          : ok({ fileName: 'letterboxd.csv', mimeType: 'text/csv', text: 'Title,Year' }),
    });
    const state = new ImportState(() => true);
    expect(await state.createBackup()).toEqual({
      fileName: 'marquee-backup-2026-11-22.json',
      mimeType: 'application/json',
      text: '{}',
    });
    expect(await state.exportFile('letterboxd')).toMatchObject({ fileName: 'letterboxd.csv' });
    expect(await state.exportFile('listCsv', 'local-1')).toEqual({
      error: { code: 'not_found', message: 'No such list.' },
    });
  });
});
