import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImportState } from './import.svelte';
import { ok, type FakeBridge } from './testing/fake-bridge';
import { bridgeWith, jobView, opened } from './testing/import-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('ImportState: applying, events and files', () => {
  it('applies with the chosen targets, follows progress events and reloads on state changes', async () => {
    let current = jobView();
    const bridge = bridgeWith({
      'import.open': () => opened(current),
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
        watched: true,
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

  it('does not poll: a running job is read again when an event says it changed', async () => {
    vi.useFakeTimers();
    let reads = 0;
    let current = jobView({
      state: 'analysing',
      progress: { phase: 'matching', done: 1, total: 3 },
    });
    const bridge = bridgeWith({
      'import.job': () => {
        reads += 1;
        return ok(current);
      },
    });
    const state = new ImportState(() => true);
    const stop = state.start(bridge);
    await state.openJob('job-1');
    expect(state.step).toBe('analysing');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(reads).toBe(1);
    current = jobView();
    bridge.emit('import.changed', { jobId: 'job-1', state: 'ready' });
    await vi.advanceTimersByTimeAsync(0);
    expect(state.step).toBe('preview');
    expect(reads).toBe(2);
    stop();
  });

  it('reads a job again when its state changed while it was being opened', async () => {
    let current = jobView({
      state: 'analysing',
      progress: { phase: 'matching', done: 0, total: 12 },
    });
    const analysing = current;
    const bridge: FakeBridge = bridgeWith({
      // The job is ready before the answer (still analysing) reaches the page.
      'import.open': () => {
        current = jobView();
        bridge.emit('import.changed', { jobId: 'job-1', state: 'ready' });
        return opened(analysing);
      },
      'import.job': () => ok(current),
    });
    const state = new ImportState(() => true);
    const stop = state.start(bridge);
    await state.stageSample('lb');
    await vi.waitFor(() => {
      expect(state.step).toBe('preview');
    });
    // A recent job opened the same way is read again too.
    current = analysing;
    bridge.replies['import.job'] = () => {
      const answer = ok(current);
      current = jobView();
      bridge.emit('import.changed', { jobId: 'job-1', state: 'ready' });
      return answer;
    };
    state.startOver();
    await state.openJob('job-1');
    await vi.waitFor(() => {
      expect(state.step).toBe('preview');
    });
    stop();
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
