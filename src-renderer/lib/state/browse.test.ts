import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarqueeApi } from '../../../src-shared/ipc/api';
import { BrowseState, DEFAULT_FILTERS, activeFilterCount, filterProblem } from './browse.svelte';

const meta = { source: 'network', fetchedAt: 1, stale: false } as const;
const page = (ids: number[]) => ({
  ok: true,
  value: {
    data: {
      page: 1,
      results: ids.map((id) => ({ id })),
      total_pages: 1,
      total_results: ids.length,
    },
    meta,
  },
});

function install(invoke: (channel: string, input?: unknown) => Promise<unknown>) {
  const spy = vi.fn(invoke);
  vi.stubGlobal('window', {
    api: { invoke: spy, on: () => () => undefined } as unknown as MarqueeApi,
  });
  return spy;
}

describe('discover filters', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refuses a year range that runs backwards, and does not ask TMDB', () => {
    const spy = install(() => Promise.resolve(page([1])));
    const state = new BrowseState();
    state.setFilters({ yearFrom: 2020, yearTo: 1990 });
    expect(state.problem).toBe('The “from” year is after the “to” year.');
    expect(spy).not.toHaveBeenCalled();
  });

  it('sends the chosen filters and starts the results over', async () => {
    const spy = install(() => Promise.resolve(page([5])));
    const state = new BrowseState();
    state.toggleGenre(18);
    state.setFilters({ ratingMin: 7, sortBy: 'vote_average.desc', originalLanguage: 'fr' });
    await vi.waitFor(() => {
      expect(state.discover.items).toHaveLength(1);
    });
    expect(spy).toHaveBeenLastCalledWith('browse.discoverMovies', {
      page: 1,
      sortBy: 'vote_average.desc',
      genres: [18],
      providers: [],
      ratingMin: 7,
      originalLanguage: 'fr',
    });
    expect(state.activeFilters).toBe(3);
  });

  it('reads the marks of a page on my services afresh, as the page told the core', async () => {
    const spy = install((channel) =>
      Promise.resolve(
        channel === 'services.availability'
          ? { ok: true, value: { region: 'US', items: [] } }
          : page([5, 6]),
      ),
    );
    const state = new BrowseState();
    state.setFilters({ onMine: true });
    await vi.waitFor(() => {
      expect(spy).toHaveBeenCalledWith('services.availability', {
        items: [
          { mediaType: 'movie', id: 5 },
          { mediaType: 'movie', id: 6 },
        ],
      });
    });
  });

  it('toggles a genre off again and resets everything', () => {
    install(() => Promise.resolve(page([])));
    const state = new BrowseState();
    state.toggleGenre(18);
    state.toggleGenre(18);
    expect(state.filters.genres).toEqual([]);
    state.toggleProvider(8);
    state.resetFilters();
    expect(state.filters).toEqual(DEFAULT_FILTERS);
  });

  it('counts filters and spots contradictions', () => {
    expect(
      activeFilterCount({ ...DEFAULT_FILTERS, yearFrom: 2000, yearTo: 2010, providers: [8] }),
    ).toBe(2);
    expect(filterProblem({ ...DEFAULT_FILTERS, ratingMin: 8, ratingMax: 6 })).toBe(
      'The minimum rating is above the maximum.',
    );
  });

  it('reloads trending series for the week when the window changes', async () => {
    const spy = install(() => Promise.resolve(page([1])));
    const state = new BrowseState();
    state.setTrendingWindow('week');
    await vi.waitFor(() => {
      expect(spy).toHaveBeenCalledWith('browse.trendingTv', { window: 'week', page: 1 });
    });
  });
});
