import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayView } from '../../../src-shared/ipc/contract';
import { FakeBridge, ok, settle } from './testing/fake-bridge';
import { changed, play, seriesProgress, seriesReply } from './testing/tracking-fixtures';
import { toasts } from './toasts.svelte';
import { MovieTracking } from './tracking-movie.svelte';
import { SeriesTracking } from './tracking-series.svelte';
import { offerUndo } from '../tracking-undo';

afterEach(() => {
  vi.unstubAllGlobals();
  toasts.reset();
});

const filmPlay = (uid: string, watchedAt: number | null): PlayView => ({
  ...play(uid, 7, 0),
  mediaType: 'movie',
  season: null,
  episode: null,
  watchedAt,
});

describe('MovieTracking', () => {
  it('lists viewings newest first, unknown dates last, and shows a change from its reply', async () => {
    let plays = [filmPlay('a', 10), filmPlay('b', null), filmPlay('c', 30)];
    const bridge = new FakeBridge({
      'tracking.plays': () => ok({ plays }),
      'tracking.mark': () => {
        plays = [...plays, filmPlay('d', 40)];
        return ok({ added: [filmPlay('d', 40)], ...seriesReply(['c1']) });
      },
    });
    vi.stubGlobal('window', { api: bridge });
    const film = new MovieTracking(7);
    await film.load();
    expect(film.sorted.map((p) => p.uid)).toEqual(['c', 'a', 'b']);
    expect(await film.mark({ kind: 'date', date: '2026-01-02' })).toBeNull();
    expect(bridge.calls.find((c) => c.channel === 'tracking.mark')?.input).toMatchObject({
      target: { scope: 'movie', movieId: 7 },
      when: { kind: 'date', date: '2026-01-02' },
      rewatch: true,
    });
    expect(film.sorted[0]?.uid).toBe('d');
    expect(bridge.channels()).toEqual(['tracking.plays', 'tracking.mark']);
  });

  it('removes a play from the reply; only others’ changes to the film reload it', async () => {
    const bridge = new FakeBridge({
      'tracking.plays': () => ok({ plays: [filmPlay('a', 10), filmPlay('b', 20)] }),
      'tracking.unmark': () => ok({ removed: [filmPlay('a', 10)], ...seriesReply(['c1']) }),
    });
    vi.stubGlobal('window', { api: bridge });
    const film = new MovieTracking(7);
    const stop = film.start(bridge);
    await film.load();
    expect(await film.remove('a')).toEqual({ removed: [filmPlay('a', 10)] });
    expect(film.sorted.map((p) => p.uid)).toEqual(['b']);
    bridge.emit('tracking.changed', changed(['c1'], { movieIds: [7] }));
    bridge.emit('tracking.changed', changed(['c2'], { movieIds: [8] }));
    await settle();
    expect(bridge.channels()).toEqual(['tracking.plays', 'tracking.unmark']);
    // An Undo from the toast, or another window: read again.
    bridge.emit('tracking.changed', changed(['c3'], { movieIds: [7] }));
    await settle();
    expect(bridge.channels()).toEqual(['tracking.plays', 'tracking.unmark', 'tracking.plays']);
    expect(film.sorted.map((p) => p.uid)).toEqual(['b', 'a']);
    stop();
  });
});

describe('SeriesTracking', () => {
  it('looks episodes up by season and number, and marks through the core', async () => {
    const bridge = new FakeBridge({
      'tracking.progress': () => ok(null),
      'tracking.mark': () => ok({ added: [play('p', 5, 3)], ...seriesReply(['c1']) }),
    });
    vi.stubGlobal('window', { api: bridge });
    const series = new SeriesTracking(5);
    await series.load();
    expect(series.loaded).toBe(true);
    expect(series.episode(1, 3)).toBeNull();
    const reply = await series.mark(
      { scope: 'upTo', seriesId: 5, season: 1, episode: 3 },
      { airDate: '2026-01-01' },
    );
    expect(reply).toEqual({ added: [play('p', 5, 3)] });
    expect(bridge.calls.find((c) => c.channel === 'tracking.mark')?.input).toMatchObject({
      airDate: '2026-01-01',
      when: { kind: 'now' },
    });
    expect(series.busy).toBeNull();
  });

  it('shows the progress a change replies with, without reading it again', async () => {
    const bridge = new FakeBridge({
      'tracking.progress': () => ok(seriesProgress(5, 1)),
      'tracking.mark': () =>
        ok({ added: [play('p', 5, 2)], ...seriesReply(['c1'], seriesProgress(5, 2)) }),
      'tracking.unmark': () =>
        ok({ removed: [play('p', 5, 2)], ...seriesReply(['c2'], seriesProgress(5, 1)) }),
      'tracking.setFollow': () =>
        ok(seriesReply(['c3'], seriesProgress(5, 1, 3, { follow: 'unfollow', followed: false }))),
      'tracking.setIncludeSpecials': () =>
        ok(seriesReply(['c4'], seriesProgress(5, 1, 3, { includeSpecials: true }))),
    });
    vi.stubGlobal('window', { api: bridge });
    const series = new SeriesTracking(5);
    const stop = series.start(bridge);
    await series.load();
    expect(series.episode(1, 2)?.plays).toBe(0);
    await series.mark({ scope: 'episode', seriesId: 5, season: 1, episode: 2 });
    expect(series.episode(1, 2)?.plays).toBe(1);
    expect(series.season(1)?.watched).toBe(2);
    await series.unmark({ scope: 'episode', seriesId: 5, season: 1, episode: 2 });
    expect(series.episode(1, 2)?.plays).toBe(0);
    expect(await series.setFollow(false)).toBeNull();
    expect(series.progress?.followed).toBe(false);
    expect(await series.setIncludeSpecials(true)).toBeNull();
    expect(series.progress?.includeSpecials).toBe(true);
    // Its own changes' events come back: none reads the progress again.
    for (const id of ['c1', 'c2', 'c3', 'c4'])
      bridge.emit('tracking.changed', changed([id], { seriesIds: [5] }));
    await settle();
    expect(bridge.channels().filter((c) => c === 'tracking.progress')).toHaveLength(1);
    stop();
  });

  it('reads again for another’s change or a refresh of the series, not for other series', async () => {
    let watched = 0;
    const bridge = new FakeBridge({
      'tracking.progress': () => ok(seriesProgress(5, watched)),
      'tracking.setFollow': () => ({
        ok: false,
        error: { code: 'internal', message: 'disk full' },
      }),
    });
    vi.stubGlobal('window', { api: bridge });
    const series = new SeriesTracking(5);
    const stop = series.start(bridge);
    await series.load();
    bridge.emit('tracking.changed', changed(['x'], { seriesIds: [6] }));
    await settle();
    expect(bridge.channels()).toEqual(['tracking.progress']);
    watched = 2;
    for (let i = 0; i < 50; i += 1)
      bridge.emit('tracking.changed', changed([`import-${i}`], { seriesIds: [5] }));
    await settle();
    expect(bridge.channels()).toEqual(['tracking.progress', 'tracking.progress']);
    expect(series.season(1)?.watched).toBe(2);
    watched = 3;
    bridge.emit('tracking.changed', changed([], { seriesIds: [5] }));
    await settle();
    expect(series.season(1)?.watched).toBe(3);
    // A failed change keeps what is shown and says why.
    expect((await series.setFollow(true))?.message).toBe('disk full');
    expect(series.season(1)?.watched).toBe(3);
    expect(series.busy).toBeNull();
    stop();
  });
});

describe('offerUndo', () => {
  it('offers Undo, which restores exactly the removed plays', async () => {
    const bridge = new FakeBridge({
      'tracking.restore': () => ok({ restored: 1, changes: ['c1'] }),
    });
    vi.stubGlobal('window', { api: bridge });
    offerUndo('Unmarked Episode 3', [play('p', 5, 3)]);
    const toast = toasts.items[0];
    expect(toast?.action?.label).toBe('Undo');
    toast?.action?.run();
    await vi.waitFor(() => {
      expect(bridge.calls).toEqual([
        { channel: 'tracking.restore', input: { plays: [play('p', 5, 3)] } },
      ]);
    });
  });
});
