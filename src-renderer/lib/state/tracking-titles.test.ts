import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlayView } from '../../../src-shared/ipc/contract';
import { FakeBridge, ok } from './testing/fake-bridge';
import { play } from './testing/tracking-fixtures';
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
  it('lists viewings newest first, unknown dates last, and reloads after a change', async () => {
    let plays = [filmPlay('a', 10), filmPlay('b', null), filmPlay('c', 30)];
    const bridge = new FakeBridge({
      'tracking.plays': () => ok({ plays }),
      'tracking.mark': () => {
        plays = [...plays, filmPlay('d', 40)];
        return ok({ added: [filmPlay('d', 40)], upNext: null });
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
  });
});

describe('SeriesTracking', () => {
  it('looks episodes up by season and number, and marks through the core', async () => {
    const bridge = new FakeBridge({
      'tracking.progress': () => ok(null),
      'tracking.mark': () => ok({ added: [play('p', 5, 3)], upNext: null }),
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
});

describe('offerUndo', () => {
  it('offers Undo, which restores exactly the removed plays', async () => {
    const bridge = new FakeBridge({ 'tracking.restore': () => ok({ restored: 1 }) });
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
