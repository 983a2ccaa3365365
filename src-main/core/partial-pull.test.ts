import { afterEach, describe, expect, it } from 'vitest';
import { startCatalogue, type Catalogue } from '../../catalogue';
import { readTmdbConfig } from './config';
import { startTestCore, type TestCore } from './testing/core';

/** Issue 12, defect 10: one part of the account that fails to load keeps its mirror and is reported. */
describe('an account pull with one failing part', () => {
  let t: TestCore | undefined;
  let catalogue: Catalogue | undefined;
  afterEach(async () => {
    await t?.close();
    await catalogue?.close();
  });

  it('keeps every part that was read, keeps the failed part as it was, and names it', async () => {
    catalogue = await startCatalogue({ titles: 200, messy: false });
    const broken = { tvWatchlist: false };
    // TMDB answers 404 for the series watchlist while `broken` says so.
    const fetchWith404: typeof fetch = (input, init) => {
      const url = input instanceof Request ? input.url : String(input);
      if (broken.tvWatchlist && url.includes('/watchlist/tv'))
        return Promise.resolve(
          new Response(
            JSON.stringify({ success: false, status_code: 34, status_message: 'Not found.' }),
            { status: 404, headers: { 'content-type': 'application/json' } },
          ),
        );
      return fetch(input, init);
    };
    t = await startTestCore({
      useCatalogue: catalogue,
      core: {
        tmdb: {
          ...readTmdbConfig({
            TMDB_API_BASE: catalogue.apiBase,
            TMDB_IMAGE_BASE: catalogue.imageBase,
            TMDB_ACCESS_TOKEN: catalogue.accessToken,
          }),
          demo: true,
          fetch: fetchWith404,
        },
      },
    });
    await t.signIn();
    await t.value('library.setWatchlist', { mediaType: 'movie', mediaId: 109, on: true });
    await t.value('library.setWatchlist', { mediaType: 'tv', mediaId: 1004, on: true });
    await t.value('library.setFavorite', { mediaType: 'movie', mediaId: 133, on: true });
    await t.value('sync.now');
    const core = t;
    const watchlistOf = async (mediaType: 'movie' | 'tv'): Promise<number[]> =>
      (await core.value('library.collection', { collection: 'watchlist', mediaType })).items.map(
        (i) => i.mediaId,
      );
    const before = { movie: await watchlistOf('movie'), tv: await watchlistOf('tv') };
    expect(before).toEqual({ movie: [109], tv: [1004] });

    broken.tvWatchlist = true;
    const status = await t.value('sync.now');
    expect(status.pullFailures.map((f) => f.part)).toEqual(['watchlist:tv']);
    expect(status.pullFailures[0]?.message).toMatch(/404|not find/i);
    expect(await watchlistOf('movie')).toEqual(before.movie);
    expect(await watchlistOf('tv')).toEqual(before.tv);
    const favourites = await t.value('library.collection', {
      collection: 'favorites',
      mediaType: 'movie',
    });
    expect(favourites.items.map((i) => i.mediaId)).toContain(133);

    // Once TMDB answers again, the failure list empties.
    broken.tvWatchlist = false;
    expect((await t.value('sync.now')).pullFailures).toEqual([]);
  });
});
