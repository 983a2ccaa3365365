import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CapturedPlayView, ReviewItemView } from '../../../src-shared/ipc/contract/capture';
import { CAPTURED_PAGE, CapturedState } from './captured.svelte';
import { FakeBridge, ok, settle } from './testing/fake-bridge';
import { changed, play } from './testing/tracking-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const T0 = Date.UTC(2026, 0, 10, 20, 0, 0);

function captured(n: number): CapturedPlayView {
  return {
    playUid: `p${n}`,
    server: 'jellyfin',
    serverName: 'Living room',
    account: 'Ann',
    mediaType: 'episode',
    mediaId: 100,
    season: 1,
    episode: n,
    title: `Series ${n}`,
    episodeTitle: null,
    watchedAt: T0 - n * 60_000,
    capturedAt: T0 - n * 60_000 + 5_000,
  };
}

function waiting(id: number): ReviewItemView {
  return {
    id,
    server: 'plex',
    serverName: 'Den',
    mediaType: 'movie',
    title: `Home video ${id}`,
    year: 2001,
    season: null,
    episode: null,
    watchedAt: T0,
    reason: 'No TMDB title matches this name and year.',
  };
}

/** A history of `count` captured plays, served in pages like the core. */
function history(count: number): { plays: CapturedPlayView[] } {
  return { plays: Array.from({ length: count }, (_, i) => captured(i + 1)) };
}

describe('CapturedState', () => {
  it('loads the newest plays and the review list, then pages with Load more', async () => {
    const all = history(CAPTURED_PAGE + 3);
    const bridge = new FakeBridge({
      'capture.captured': (input) => {
        const offset = input?.offset ?? 0;
        const limit = input?.limit ?? 100;
        return ok({ plays: all.plays.slice(offset, offset + limit), total: all.plays.length });
      },
      'capture.review': () => ok({ items: [waiting(1)] }),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new CapturedState();
    expect(state.status).toBe('idle');
    await state.load();
    expect(state.status).toBe('ready');
    expect(state.plays).toHaveLength(CAPTURED_PAGE);
    expect(state.review.map((r) => r.id)).toEqual([1]);
    expect(state.hasMore).toBe(true);
    expect(state.empty).toBe(false);
    expect(await state.loadMore()).toBeNull();
    expect(state.plays.map((p) => p.playUid).slice(-3)).toEqual(['p51', 'p52', 'p53']);
    expect(state.hasMore).toBe(false);
    // A reload keeps every row shown so far.
    await state.load();
    expect(state.plays).toHaveLength(CAPTURED_PAGE + 3);
  });

  it('is empty when nothing was captured, and says why when it cannot read', async () => {
    let fail = true;
    const bridge = new FakeBridge({
      'capture.captured': () =>
        fail
          ? { ok: false, error: { code: 'storage_io', message: 'EIO' } }
          : ok({ plays: [], total: 0 }),
      'capture.review': () => ok({ items: [] }),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new CapturedState();
    await state.load();
    expect(state.status).toBe('error');
    expect(state.error?.code).toBe('storage_io');
    fail = false;
    await state.load();
    expect(state.empty).toBe(true);
    expect(state.error).toBeNull();
  });

  it('undoes a captured play in place, skips its own echo and reads others’ changes', async () => {
    let plays = history(3).plays;
    const bridge = new FakeBridge({
      'capture.captured': () => ok({ plays, total: plays.length }),
      'capture.review': () => ok({ items: [] }),
      'tracking.unmark': (input) => {
        const uid = input?.target.scope === 'play' ? input.target.uid : '';
        plays = plays.filter((p) => p.playUid !== uid);
        return ok({ removed: [play(uid, 100, 2)], progress: null, upNext: null, changes: ['u1'] });
      },
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new CapturedState();
    const stop = state.start(bridge);
    await state.load();
    const second = state.plays[1];
    if (!second) throw new Error('no second play');
    const reply = await state.undo(second);
    expect(reply).toEqual({ removed: [play('p2', 100, 2)] });
    expect(bridge.calls.at(-1)?.input).toEqual({ target: { scope: 'play', uid: 'p2' } });
    expect(state.plays.map((p) => p.playUid)).toEqual(['p1', 'p3']);
    expect(state.total).toBe(2);

    bridge.emit('tracking.changed', changed(['u1']));
    await settle();
    expect(bridge.channels().filter((c) => c === 'capture.captured')).toHaveLength(1);

    // Undo's restore (from the toast) is not this view's write: it reads again.
    plays = history(3).plays;
    bridge.emit('tracking.changed', changed(['r1']));
    await settle();
    await state.settled();
    expect(state.plays.map((p) => p.playUid)).toEqual(['p1', 'p2', 'p3']);
    stop();
  });

  it('keeps the row and returns the failure when the core refuses the undo', async () => {
    const bridge = new FakeBridge({
      'capture.captured': () => ok({ plays: history(2).plays, total: 2 }),
      'capture.review': () => ok({ items: [] }),
      'tracking.unmark': () => ({ ok: false, error: { code: 'disk_full', message: 'ENOSPC' } }),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new CapturedState();
    await state.load();
    const first = state.plays[0];
    if (!first) throw new Error('no play');
    expect(await state.undo(first)).toEqual({
      error: { code: 'disk_full', message: 'ENOSPC' },
    });
    expect(state.plays).toHaveLength(2);
  });

  it('coalesces a burst of capture and tracking events into one reload', async () => {
    const bridge = new FakeBridge({
      'capture.captured': () => ok({ plays: history(1).plays, total: 1 }),
      'capture.review': () => ok({ items: [] }),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new CapturedState();
    const stop = state.start(bridge);
    // Not opened yet: nothing is read.
    bridge.emit('capture.changed', { serverIds: ['a'] });
    await settle();
    expect(bridge.channels()).toEqual([]);
    await state.load();
    for (let i = 0; i < 4; i += 1) bridge.emit('capture.changed', { serverIds: ['a'] });
    bridge.emit('tracking.changed', changed(['x1']));
    bridge.emit('tracking.changed', changed(['x2']));
    await settle();
    await state.settled();
    expect(bridge.channels().filter((c) => c === 'capture.captured')).toHaveLength(2);
    stop();
  });

  it('resolves a waiting viewing with a chosen title, or skips it', async () => {
    let items = [waiting(1), waiting(2)];
    const bridge = new FakeBridge({
      'capture.captured': () => ok({ plays: [], total: 0 }),
      'capture.review': () => ok({ items }),
      'capture.resolve': (input) => {
        items = items.filter((item) => item.id !== input?.reviewId);
        return ok({ items });
      },
      'search.multi': () =>
        ok({
          data: {
            page: 1,
            total_pages: 1,
            total_results: 2,
            results: [
              {
                media_type: 'movie',
                id: 7,
                title: 'Home Video',
                original_title: 'Home Video',
                original_language: 'en',
                video: false,
                adult: false,
                release_date: '2001-05-01',
                overview: '',
                poster_path: null,
                backdrop_path: null,
                genre_ids: [],
                popularity: 1,
                vote_average: 7,
                vote_count: 10,
              },
              {
                media_type: 'tv',
                id: 8,
                name: 'Home Video: The Series',
                original_name: 'Home Video: The Series',
                original_language: 'en',
                adult: false,
                first_air_date: '2003-01-01',
                overview: '',
                poster_path: null,
                backdrop_path: null,
                genre_ids: [],
                popularity: 1,
                vote_average: 7,
                vote_count: 10,
                origin_country: [],
              },
            ],
          },
          meta: { source: 'network', fetchedAt: T0, stale: false },
        }),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new CapturedState();
    await state.load();
    const [first, second] = state.review;
    if (!first || !second) throw new Error('no review items');
    const found = await state.search(first, '  home video ');
    expect(found).toEqual({
      found: [{ mediaType: 'movie', id: 7, title: 'Home Video', year: '2001' }],
    });
    expect(bridge.calls.at(-1)?.input).toEqual({ query: 'home video', page: 1 });
    if (!('found' in found) || !found.found[0]) throw new Error('nothing found');
    expect(await state.resolve(first, found.found[0])).toBeNull();
    expect(bridge.calls.find((c) => c.channel === 'capture.resolve')?.input).toEqual({
      reviewId: 1,
      choice: { mediaType: 'movie', id: 7 },
    });
    expect(state.review.map((r) => r.id)).toEqual([2]);
    // The match became a play: the list is read again.
    await state.settled();
    expect(bridge.channels().filter((c) => c === 'capture.captured')).toHaveLength(2);

    expect(await state.resolve(second, 'skip')).toBeNull();
    expect(bridge.calls.at(-1)?.input).toEqual({ reviewId: 2, choice: { skip: true } });
    expect(state.review).toEqual([]);
  });

  it('keeps the waiting viewing and the pages shown when the core refuses', async () => {
    const bridge = new FakeBridge({
      'capture.captured': (input) =>
        (input?.offset ?? 0) > 0
          ? { ok: false, error: { code: 'storage_busy', message: 'busy' } }
          : ok({ plays: history(CAPTURED_PAGE).plays, total: CAPTURED_PAGE + 1 }),
      'capture.review': () => ok({ items: [waiting(1)] }),
      'capture.resolve': () => ({ ok: false, error: { code: 'not_found', message: 'gone' } }),
    });
    vi.stubGlobal('window', { api: bridge });
    const state = new CapturedState();
    await state.load();
    expect((await state.loadMore())?.code).toBe('storage_busy');
    expect(state.plays).toHaveLength(CAPTURED_PAGE);
    expect(state.loadingMore).toBe(false);
    const [item] = state.review;
    if (!item) throw new Error('no review item');
    expect((await state.resolve(item, 'skip'))?.code).toBe('not_found');
    expect(state.review.map((r) => r.id)).toEqual([1]);
    state.reset();
    expect(state.status).toBe('idle');
    expect(state.plays).toEqual([]);
  });
});
