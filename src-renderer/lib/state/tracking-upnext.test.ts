import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeBridge, ok } from './testing/fake-bridge';
import { play, upNextItem } from './testing/tracking-fixtures';
import { nextAirDay, UpNextState } from './tracking-upnext.svelte';

function install(bridge: FakeBridge): void {
  vi.stubGlobal('window', { api: bridge });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UpNextState', () => {
  it('marking a row replaces it in place with the next episode, keeping the order', async () => {
    const bridge = new FakeBridge({
      'tracking.upNext': () => ok([upNextItem(1, 1, 3), upNextItem(2, 2, 1)]),
      'tracking.mark': () => ok({ added: [play('p1', 2, 1)], upNext: upNextItem(2, 2, 2) }),
    });
    install(bridge);
    const state = new UpNextState();
    await state.load();
    const second = state.items[1];
    if (!second) throw new Error('no second row');
    const reply = await state.markWatched(second);
    expect(reply).toEqual({ added: [play('p1', 2, 1)] });
    expect(state.items.map((i) => [i.progress.seriesId, i.episode.episode])).toEqual([
      [1, 3],
      [2, 2],
    ]);
  });

  it('drops the row when the series is caught up, and its own change event does not reload', async () => {
    const bridge = new FakeBridge({
      'tracking.upNext': () => ok([upNextItem(1, 1, 3)]),
      'tracking.mark': () => ok({ added: [], upNext: null }),
    });
    install(bridge);
    const state = new UpNextState();
    const stop = state.start(bridge);
    await state.load();
    const row = state.items[0];
    if (!row) throw new Error('no row');
    await state.markWatched(row);
    bridge.emit('tracking.changed', { seriesIds: [1], movieIds: [] });
    expect(state.items).toEqual([]);
    expect(bridge.channels().filter((c) => c === 'tracking.upNext')).toHaveLength(1);
    // A change made elsewhere does reload.
    bridge.emit('tracking.changed', { seriesIds: [9], movieIds: [] });
    await vi.waitFor(() => {
      expect(bridge.channels().filter((c) => c === 'tracking.upNext')).toHaveLength(2);
    });
    stop();
  });

  it('snoozes until the next announced episode airs, else for a week', async () => {
    const progress = {
      ...upNextItem(1, 1, 1).progress,
      follow: 'none' as const,
      followed: true,
      hidden: false,
      snoozedUntil: null,
      refreshedAt: null,
      refreshError: null,
      seasons: [
        {
          season: 1,
          name: null,
          watched: 1,
          aired: 1,
          percent: 100,
          completed: true,
          episodes: [
            {
              season: 1,
              episode: 1,
              name: 'a',
              airDate: '2026-01-01',
              aired: true,
              counts: true,
              plays: 1,
              lastWatchedAt: 1,
              stillPath: null,
              runtime: null,
            },
            {
              season: 1,
              episode: 2,
              name: 'b',
              airDate: '2026-12-03',
              aired: false,
              counts: false,
              plays: 0,
              lastWatchedAt: null,
              stillPath: null,
              runtime: null,
            },
          ],
        },
      ],
    };
    expect(nextAirDay(progress)).toBe('2026-12-03');
    const bridge = new FakeBridge({
      'tracking.upNext': () => ok([upNextItem(1, 1, 2)]),
      'tracking.progress': () => ok(null),
      'tracking.snooze': () => ok(null),
    });
    install(bridge);
    const state = new UpNextState();
    await state.load();
    const reply = await state.snooze(1, 'next-episode', 1_000);
    expect(reply).toEqual({ until: 1_000 + 7 * 86_400_000 });
    expect(state.items).toEqual([]);
    expect(bridge.calls.at(-1)).toEqual({
      channel: 'tracking.snooze',
      input: { seriesId: 1, until: 1_000 + 7 * 86_400_000 },
    });
  });

  it('says why when Up Next cannot be read, and reset empties it', async () => {
    install(new FakeBridge({}));
    const state = new UpNextState();
    await state.load();
    expect(state.status).toBe('error');
    expect(state.error?.code).toBe('internal');
    state.reset();
    expect(state.status).toBe('idle');
  });
});
