import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportJobView } from '../../../src-shared/ipc/contract/import';
import { ImportState } from './import.svelte';
import { ok } from './testing/fake-bridge';
import { bridgeWith, jobView, none, opened, staged } from './testing/import-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ImportState: choosing a source and its preview', () => {
  it('stages a sample, analyses it and opens the preview with the targets the file holds', async () => {
    const bridge = bridgeWith({
      'import.open': () => opened(),
    });
    const state = new ImportState(() => true);
    await state.load();
    expect(state.samples.map((s) => s.id)).toEqual(['lb']);
    expect(state.step).toBe('choose');

    await state.stageSample('lb');
    // One call stages the sample, analyses it and answers the job.
    expect(bridge.calls.find((c) => c.channel === 'import.open')?.input).toEqual({
      from: { sample: 'lb' },
    });
    expect(bridge.channels()).not.toContain('import.analyse');
    expect(bridge.channels()).not.toContain('import.job');
    expect(state.step).toBe('preview');
    expect(state.targets).toEqual({
      watched: true,
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
      'import.open': () => opened(),
      'import.apply': () => ok({ jobId: 'job-1' }),
    });
    const state = new ImportState(() => false);
    await state.stageSample('lb');
    expect(state.available('watched')).toBe(true);
    // Follows stay in Marquee too.
    expect(state.available('follows')).toBe(true);
    expect(state.available('ratings')).toBe(false);
    // Only the 5 new watched rows: the 4 ratings wait for a sign-in.
    expect(state.toApply).toBe(5);
    await state.apply();
    expect(bridge.calls.find((c) => c.channel === 'import.apply')?.input).toMatchObject({
      targets: { watched: true, ratings: false },
    });
  });

  it('says a file it cannot read is refused, and starts over cleanly', async () => {
    bridgeWith({
      'import.open': () => ({
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
    const bridge = bridgeWith({ 'import.open': () => ok({ source: null, job: null }) });
    const state = new ImportState(() => true);
    await state.pick('folder');
    expect(state.step).toBe('choose');
    expect(bridge.calls.find((c) => c.channel === 'import.open')?.input).toEqual({
      from: { dialog: 'folder' },
    });
    expect(bridge.channels()).not.toContain('import.job');
  });

  it('uploads through the harness bridge and takes the staged source it answers', async () => {
    const bridge = bridgeWith({ 'import.open': () => opened() });
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
    expect(bridge.calls.find((c) => c.channel === 'import.open')?.input).toEqual({
      from: { sourceId: 'src-1' },
    });
    expect(state.source?.sourceId).toBe('src-1');
    expect(state.step).toBe('preview');
  });

  it('reads the staged source again in another zone and opens the fresh job in one call', async () => {
    const bridge = bridgeWith({
      'import.open': () => opened(),
    });
    const state = new ImportState(() => true);
    await state.stageSample('lb');
    expect(state.source?.sourceId).toBe('src-1');
    expect(await state.readInZone('src-1', 'Europe/Paris')).toBeNull();
    expect(bridge.calls.at(-1)).toEqual({
      channel: 'import.open',
      input: { from: { sourceId: 'src-1' }, timeZone: 'Europe/Paris' },
    });
    // The fresh preview is a job without its staged source.
    expect(state.source).toBeNull();
    expect(state.step).toBe('preview');
    bridge.replies['import.open'] = () => ({
      ok: false,
      error: { code: 'invalid_input', message: 'No such zone.' },
    });
    expect(await state.readInZone('src-1', 'Mars/Olympus')).toEqual({
      code: 'invalid_input',
      message: 'No such zone.',
    });
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
      'import.open': () => opened(),
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
      'import.open': () =>
        opened(
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
      'import.open': () =>
        opened(
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
      'import.open': () =>
        opened(jobView({ format: 'marquee-backup', review: [], restore }), {
          ...staged,
          format: 'marquee-backup',
        }),
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
});
