import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChannelInput, PlayView } from '../../../src-shared/ipc/contract';
import { HISTORY_PAGE, HistoryState } from './history.svelte';
import { FakeBridge, ok, settle } from './testing/fake-bridge';
import { changed } from './testing/tracking-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const T0 = Date.UTC(2026, 0, 10, 20, 0, 0);

/** Newest first: every third play is a film, the others episodes of series 9. */
function plays(count: number): PlayView[] {
  return Array.from({ length: count }, (_, i) => ({
    uid: `p${String(i).padStart(4, '0')}`,
    mediaType: i % 3 === 0 ? 'movie' : 'episode',
    mediaId: i % 3 === 0 ? 100 + (i % 5) : 9,
    season: i % 3 === 0 ? null : 1,
    episode: i % 3 === 0 ? null : i,
    watchedAt: T0 - i * 60_000,
    source: 'marquee',
    createdAt: T0,
  }));
}

/** The core's history over `all`, by cursor only, as the channel answers it. */
function served(all: PlayView[]) {
  return (input: ChannelInput<'tracking.history'> | undefined) => {
    const kind = input?.mediaType;
    const list = kind === undefined ? all : all.filter((p) => p.mediaType === kind);
    const after = input?.after;
    const start = after === undefined ? 0 : list.findIndex((p) => p.uid === after.uid) + 1;
    const page = list.slice(start, start + (input?.limit ?? 100));
    const last = page.at(-1);
    const more = start + page.length < list.length && last !== undefined;
    return ok({
      plays: page,
      total: list.length,
      next: more ? { watchedAt: last.watchedAt, createdAt: last.createdAt, uid: last.uid } : null,
    });
  };
}

function bridgeOver(all: PlayView[]): FakeBridge {
  return new FakeBridge({
    'tracking.history': served(all),
    'history.titles': (input) =>
      ok({
        titles: [
          ...(input?.movieIds ?? []).map((id) => ({
            mediaType: 'movie' as const,
            id,
            title: `Film ${id}`,
            posterPath: null,
            gone: false,
          })),
          ...(input?.seriesIds ?? []).map((id) => ({
            mediaType: 'tv' as const,
            id,
            title: 'Dark',
            posterPath: null,
            gone: false,
          })),
        ],
        episodes: [],
      }),
  });
}

const historyCalls = (bridge: FakeBridge): ChannelInput<'tracking.history'>[] =>
  bridge.calls
    .filter((c) => c.channel === 'tracking.history')
    .map((c) => c.input as ChannelInput<'tracking.history'>);

describe('HistoryState', () => {
  it('pages by cursor only, with one title lookup per page', async () => {
    const bridge = bridgeOver(plays(HISTORY_PAGE + 20));
    vi.stubGlobal('window', { api: bridge });
    const state = new HistoryState();
    await state.load();
    expect(state.plays).toHaveLength(HISTORY_PAGE);
    expect(state.total).toBe(HISTORY_PAGE + 20);
    expect(state.hasMore).toBe(true);
    await state.loadMore();
    expect(state.plays).toHaveLength(HISTORY_PAGE + 20);
    expect(state.hasMore).toBe(false);
    const calls = historyCalls(bridge);
    expect(calls.every((input) => !('offset' in input))).toBe(true);
    expect(calls[1]?.after?.uid).toBe(`p${String(HISTORY_PAGE - 1).padStart(4, '0')}`);
    // Two pages, two lookups; the second asks only for what the first did not know.
    expect(bridge.channels().filter((c) => c === 'history.titles')).toHaveLength(2);
    const second = bridge.calls.filter((c) => c.channel === 'history.titles')[1]?.input as
      ChannelInput<'history.titles'> | undefined;
    expect(second?.seriesIds).toEqual([]);
    expect(state.lookup(state.plays[1] as PlayView)).toMatchObject({ title: { title: 'Dark' } });
  });

  it('starts from the first page when the filter changes', async () => {
    const bridge = bridgeOver(plays(HISTORY_PAGE * 4));
    vi.stubGlobal('window', { api: bridge });
    const state = new HistoryState();
    await state.load();
    await state.loadMore();
    await state.setFilter('movie');
    expect(state.plays.every((p) => p.mediaType === 'movie')).toBe(true);
    expect(state.plays).toHaveLength(HISTORY_PAGE);
    const last = historyCalls(bridge).at(-1);
    expect(last).toMatchObject({ mediaType: 'movie' });
    expect(last?.after).toBeUndefined();
  });

  it('keeps every row when a page fails, and loads it on retry', async () => {
    const all = plays(HISTORY_PAGE + 5);
    let fail = false;
    const serve = served(all);
    const bridge = bridgeOver(all);
    bridge.replies['tracking.history'] = (input) =>
      fail ? { ok: false, error: { code: 'storage_io', message: 'EIO' } } : serve(input);
    vi.stubGlobal('window', { api: bridge });
    const state = new HistoryState();
    await state.load();
    fail = true;
    await state.loadMore();
    expect(state.moreError?.code).toBe('storage_io');
    expect(state.plays).toHaveLength(HISTORY_PAGE);
    expect(state.status).toBe('ready');
    fail = false;
    await state.loadMore();
    expect(state.moreError).toBeNull();
    expect(state.plays).toHaveLength(HISTORY_PAGE + 5);
  });

  it('shows a row whose title lookup failed, and says so', async () => {
    const bridge = bridgeOver(plays(3));
    bridge.replies['history.titles'] = () => ({
      ok: false,
      error: { code: 'storage_io', message: 'EIO' },
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new HistoryState();
    await state.load();
    expect(state.plays).toHaveLength(3);
    expect(state.lookup(state.plays[0] as PlayView)).toEqual({ state: 'failed' });
  });

  it('reads again from the top when tracking changes elsewhere, not for its own removal', async () => {
    const all = plays(10);
    const bridge = bridgeOver(all);
    bridge.replies['tracking.unmark'] = () =>
      ok({
        removed: [all[0] as PlayView],
        changes: ['c-own'],
        progress: null,
        upNext: null,
      });
    vi.stubGlobal('window', { api: bridge });
    const state = new HistoryState();
    const stop = state.start(bridge);
    await state.load();
    const reads = (): number => historyCalls(bridge).length;
    expect(reads()).toBe(1);
    const reply = await state.remove(all[0] as PlayView);
    expect('removed' in reply).toBe(true);
    expect(state.plays).toHaveLength(9);
    expect(state.total).toBe(9);
    bridge.emit('tracking.changed', changed(['c-own']));
    await settle();
    expect(reads()).toBe(1);
    bridge.emit('tracking.changed', changed(['c-other']));
    await settle();
    expect(reads()).toBe(2);
    expect(historyCalls(bridge)[1]?.after).toBeUndefined();
    stop();
  });
});
