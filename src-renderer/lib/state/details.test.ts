import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MarqueeApi } from '../../../src-shared/ipc/api';
import { MoviePage, SeriesPage } from './details.svelte';

const meta = { source: 'network', fetchedAt: 1, stale: false } as const;
const reply = (data: unknown) => Promise.resolve({ ok: true, value: { data, meta } });

function install(route: (channel: string, input: unknown) => Promise<unknown>) {
  const spy = vi.fn(route);
  vi.stubGlobal('window', {
    api: { invoke: spy, on: () => () => undefined } as unknown as MarqueeApi,
  });
  return spy;
}

describe('MoviePage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the recommendations that came with the details and asks only for page 2 on scroll', async () => {
    const spy = install((channel, input) => {
      if (channel === 'settings.get') return Promise.resolve({ ok: true, value: { region: 'DE' } });
      if (channel === 'movie.details')
        return reply({
          id: 7,
          recommendations: { page: 1, results: [{ id: 1 }], total_pages: 2, total_results: 2 },
        });
      if (channel === 'movie.recommendations')
        return reply({
          page: (input as { page: number }).page,
          results: [{ id: 2 }],
          total_pages: 2,
          total_results: 2,
        });
      return Promise.resolve({ ok: false, error: { code: 'internal', message: 'unexpected' } });
    });
    const page = new MoviePage(7);
    await page.load();
    expect(page.region).toBe('DE');
    expect(page.recommendations.items.map((r) => r.id)).toEqual([1]);
    await page.recommendations.loadMore();
    expect(spy).toHaveBeenCalledWith('movie.recommendations', { id: 7, page: 2 });
    expect(page.recommendations.items.map((r) => r.id)).toEqual([1, 2]);
  });
});

describe('SeriesPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('opens the first regular season, and asks for episode credits for that season', async () => {
    const spy = install((channel) => {
      if (channel === 'tv.details')
        return reply({
          id: 3,
          seasons: [
            { season_number: 0, episode_count: 1, id: 30, air_date: null, poster_path: null },
            { season_number: 1, episode_count: 8, id: 31, air_date: null, poster_path: null },
          ],
          similar: { page: 1, results: [], total_pages: 0, total_results: 0 },
        });
      if (channel === 'tv.season') return reply({ id: 31, season_number: 1, episodes: [] });
      if (channel === 'tv.episodeCredits') return reply({ cast: [], crew: [], guest_stars: [] });
      if (channel === 'tv.episodeGroups') return reply({ id: 3, results: [] });
      return Promise.resolve({ ok: true, value: { region: 'US' } });
    });
    const page = new SeriesPage(3);
    await page.load();
    expect(page.seasonNumber).toBe(1);
    expect(spy).toHaveBeenCalledWith('tv.season', { seriesId: 3, season: 1 });
    await page.creditsFor(4).ensure();
    expect(spy).toHaveBeenCalledWith('tv.episodeCredits', { seriesId: 3, season: 1, episode: 4 });
    expect(page.creditsFor(4)).toBe(page.creditsFor(4));
    expect(page.episodeActions(4).target).toEqual({
      mediaType: 'episode',
      mediaId: 3,
      season: 1,
      episode: 4,
    });
  });

  it('forgets the chosen language when another season is picked', () => {
    install((channel) =>
      channel === 'tv.season'
        ? reply({ id: 32, season_number: 2, episodes: [] })
        : reply({ id: 1, translations: [] }),
    );
    const page = new SeriesPage(3);
    page.selectSeason(1);
    page.chooseLanguage('fr-FR');
    page.selectSeason(2);
    expect(page.language).toBeNull();
    expect(page.translations.status).toBe('idle');
  });
});
