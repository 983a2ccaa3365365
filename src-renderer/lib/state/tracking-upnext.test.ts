import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeBridge, ok, settle } from './testing/fake-bridge';
import { changed, play, seriesReply, summary, upNextItem } from './testing/tracking-fixtures';
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
      'tracking.mark': () =>
        ok({ added: [play('p1', 2, 1)], ...seriesReply(['c1'], null, upNextItem(2, 2, 2)) }),
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
    // The reply was enough: nothing was read again.
    expect(bridge.channels()).toEqual(['tracking.upNext', 'tracking.mark']);
  });

  it('drops the row when the series is caught up, and its own change event does not reload', async () => {
    const bridge = new FakeBridge({
      'tracking.upNext': () => ok([upNextItem(1, 1, 3)]),
      'tracking.mark': () => ok({ added: [], ...seriesReply(['c1']) }),
    });
    install(bridge);
    const state = new UpNextState();
    const stop = state.start(bridge);
    await state.load();
    const row = state.items[0];
    if (!row) throw new Error('no row');
    await state.markWatched(row);
    bridge.emit('tracking.changed', changed(['c1'], { seriesIds: [1] }));
    await settle();
    expect(state.items).toEqual([]);
    expect(bridge.channels()).toEqual(['tracking.upNext', 'tracking.mark']);
    // A change made elsewhere does reload.
    bridge.emit('tracking.changed', changed(['c9'], { seriesIds: [9] }));
    await settle();
    expect(bridge.channels().filter((c) => c === 'tracking.upNext')).toHaveLength(2);
    stop();
  });

  it('ignores its own change event that arrives before the reply', async () => {
    const bridge = new FakeBridge({
      'tracking.upNext': () => ok([upNextItem(1, 1, 3), upNextItem(2, 1, 1)]),
      'tracking.mark': () => {
        bridge.emit('tracking.changed', changed(['c1'], { seriesIds: [2] }));
        return ok({ added: [play('p1', 2, 1)], ...seriesReply(['c1'], null, upNextItem(2, 1, 2)) });
      },
    });
    install(bridge);
    const state = new UpNextState();
    const stop = state.start(bridge);
    await state.load();
    const row = state.items[1];
    if (!row) throw new Error('no row');
    await state.markWatched(row);
    await settle();
    expect(state.items.map((i) => [i.progress.seriesId, i.episode.episode])).toEqual([
      [1, 3],
      [2, 2],
    ]);
    expect(bridge.channels()).toEqual(['tracking.upNext', 'tracking.mark']);
    stop();
  });

  it('Undo puts the row back from the replies, without reading Up Next again', async () => {
    const bridge = new FakeBridge({
      'tracking.upNext': () => ok([upNextItem(1, 1, 3), upNextItem(2, 1, 1)]),
      'tracking.mark': () =>
        ok({ added: [play('p1', 2, 1)], ...seriesReply(['c1'], null, upNextItem(2, 1, 2)) }),
      'tracking.unmark': () =>
        ok({ removed: [play('p1', 2, 1)], ...seriesReply(['c2'], null, upNextItem(2, 1, 1)) }),
    });
    install(bridge);
    const state = new UpNextState();
    const stop = state.start(bridge);
    await state.load();
    const row = state.items[1];
    if (!row) throw new Error('no row');
    const reply = await state.markWatched(row);
    if ('error' in reply) throw new Error('mark failed');
    expect(await state.undo(2, reply.added)).toBeNull();
    bridge.emit('tracking.changed', changed(['c1'], { seriesIds: [2] }));
    bridge.emit('tracking.changed', changed(['c2'], { seriesIds: [2] }));
    await settle();
    expect(state.items.map((i) => [i.progress.seriesId, i.episode.episode])).toEqual([
      [1, 3],
      [2, 1],
    ]);
    expect(bridge.channels()).toEqual(['tracking.upNext', 'tracking.mark', 'tracking.unmark']);
    stop();
  });

  it('hides a row, and Undo puts it back where the core lists it, from the reply', async () => {
    const rows = [
      { ...upNextItem(1, 1, 3), progress: summary(1, { lastWatchedAt: 30 }) },
      { ...upNextItem(2, 1, 5), progress: summary(2, { lastWatchedAt: 20 }) },
      { ...upNextItem(3, 1, 1), progress: summary(3, { lastWatchedAt: 10 }) },
    ];
    const second = rows[1];
    if (!second) throw new Error('no second row');
    let hidden = true;
    const bridge = new FakeBridge({
      'tracking.upNext': () => ok(rows),
      'tracking.setHidden': () =>
        ok(seriesReply([hidden ? 'c1' : 'c2'], null, hidden ? null : second)),
      'tracking.snooze': () => ok(seriesReply(['c3'], null, second)),
    });
    install(bridge);
    const state = new UpNextState();
    const stop = state.start(bridge);
    await state.load();
    expect(await state.hide(2)).toBeNull();
    expect(state.items.map((i) => i.progress.seriesId)).toEqual([1, 3]);
    hidden = false;
    expect(await state.unhide(2)).toBeNull();
    expect(state.items.map((i) => i.progress.seriesId)).toEqual([1, 2, 3]);
    // Ending a snooze of a row on show leaves one row for the series.
    expect(await state.unsnooze(2)).toBeNull();
    expect(state.items.map((i) => i.progress.seriesId)).toEqual([1, 2, 3]);
    for (const id of ['c1', 'c2', 'c3'])
      bridge.emit('tracking.changed', changed([id], { seriesIds: [2] }));
    await settle();
    expect(bridge.channels().filter((c) => c === 'tracking.upNext')).toHaveLength(1);
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
      'tracking.snooze': () => ok(seriesReply(['c1'])),
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
