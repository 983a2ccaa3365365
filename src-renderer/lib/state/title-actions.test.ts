import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarqueeApi } from '../../../src-shared/ipc/api';
import { TitleActions } from './title-actions.svelte';

type Invoke = (channel: string, input?: unknown) => Promise<unknown>;

function install(invoke: Invoke): ReturnType<typeof vi.fn> {
  const spy = vi.fn(invoke);
  const api = { invoke: spy, on: () => () => undefined } as unknown as MarqueeApi;
  vi.stubGlobal('window', { api });
  return spy;
}

const state = (over: Record<string, unknown> = {}) => ({
  ok: true,
  value: { watchlist: false, favorite: false, rating: null, lists: [], pending: false, ...over },
});

describe('TitleActions', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('puts a film on the watchlist and shows that the change waits to be synced', async () => {
    let stored = state();
    const spy = install((channel) => {
      if (channel === 'library.setWatchlist') {
        stored = state({ watchlist: true, pending: true });
        return Promise.resolve({ ok: true, value: { queued: 1 } });
      }
      return Promise.resolve(stored);
    });
    const actions = new TitleActions({ mediaType: 'movie', mediaId: 7 });
    await actions.load();
    await actions.toggleWatchlist();
    expect(spy).toHaveBeenCalledWith('library.setWatchlist', {
      mediaType: 'movie',
      mediaId: 7,
      on: true,
    });
    expect(actions.watchlist).toBe(true);
    expect(actions.pending).toBe(true);
  });

  it('undoes the change on screen and says why when the core refuses it', async () => {
    install((channel) =>
      channel === 'library.setFavorite'
        ? Promise.resolve({
            ok: false,
            error: { code: 'unauthorized', message: 'Sign in to TMDB to keep favourites.' },
          })
        : Promise.resolve(state()),
    );
    const actions = new TitleActions({ mediaType: 'tv', mediaId: 3 });
    await actions.load();
    await actions.toggleFavorite();
    expect(actions.favorite).toBe(false);
    expect(actions.error?.message).toBe('Sign in to TMDB to keep favourites.');
  });

  it('rates an episode and clears the rating', async () => {
    let stored = state();
    const spy = install((channel, input) => {
      if (channel !== 'library.rate') return Promise.resolve(stored);
      stored = state({ rating: (input as { value: number | null }).value, pending: true });
      return Promise.resolve({ ok: true, value: { queued: 1 } });
    });
    const target = { mediaType: 'episode', mediaId: 3, season: 1, episode: 2 } as const;
    const actions = new TitleActions(target);
    await actions.rate(8.5);
    expect(spy).toHaveBeenCalledWith('library.rate', { target, value: 8.5 });
    expect(actions.rating).toBe(8.5);
    await actions.rate(null);
    expect(spy).toHaveBeenCalledWith('library.rate', { target, value: null });
    expect(actions.rating).toBeNull();
  });

  it('does not offer lists for a series (TMDB lists hold films only)', async () => {
    const spy = install(() => Promise.resolve(state()));
    const actions = new TitleActions({ mediaType: 'tv', mediaId: 3 });
    await actions.addToList({
      id: '12',
      name: 'Weekend',
      description: '',
      itemCount: 0,
      pending: false,
    });
    expect(spy).not.toHaveBeenCalledWith('lists.addItem', expect.anything());
  });
});
