import type { BrowseChannel } from '../../../src-shared/ipc/contract';
import type { HandlerInput, HandlersFor } from '../../../src-shared/ipc/handlers';
import type { MultiSearch } from '../../cache/multi-search';
import type { Read } from '../../cache/reads';
import type { SearchAhead } from '../../cache/search-ahead';
import type { SettingsStore } from '../../settings/settings-store';

export interface BrowseDeps {
  read: Read;
  search: MultiSearch;
  searchAhead: SearchAhead;
  settings: SettingsStore;
}

type DiscoverFilters = HandlerInput<'browse.discoverMovies'>;

/** What each details page shows, fetched in one request. */
export const APPEND = {
  movie: 'release_dates,watch/providers,recommendations,credits',
  tv: 'credits,similar,watch/providers,content_ratings',
  person: 'combined_credits,images',
} as const;

/**
 * The browse, search, details and reference channels: each one a cached read of one endpoint
 * (multi search adds the local index), once the cache is open.
 */
export function browseHandlers(use: () => Promise<BrowseDeps>): HandlersFor<BrowseChannel> {
  // Waits for start-up, then reads through the cache; keeps each call's endpoint types.
  const read: Read = async (key, args, context) => (await use()).read(key, args, context);
  const settings = async (): Promise<SettingsStore> => (await use()).settings;
  return {
    'reference.countries': async () => {
      const { data, meta } = await read('GET /3/configuration/countries');
      return { items: data, meta };
    },
    'reference.jobs': async () => {
      const { data, meta } = await read('GET /3/configuration/jobs');
      return { items: data, meta };
    },
    'reference.genres': ({ media }) =>
      media === 'movie' ? read('GET /3/genre/movie/list') : read('GET /3/genre/tv/list'),
    'reference.watchProviders': async ({ region }) => {
      const [providers, regions] = await Promise.all([
        read('GET /3/watch/providers/movie', {
          query: { watch_region: region ?? (await settings()).get().region },
        }),
        read('GET /3/watch/providers/regions'),
      ]);
      return { providers, regions };
    },
    'browse.trendingTv': ({ window, page }) =>
      read(
        'GET /3/trending/tv/{time_window}',
        { params: { time_window: window }, query: { page } },
        { mediaType: 'tv' },
      ),
    'browse.topRatedTv': ({ page }) =>
      read('GET /3/tv/top_rated', { query: { page } }, { mediaType: 'tv' }),
    'browse.popularPeople': ({ page }) => read('GET /3/person/popular', { query: { page } }),
    'browse.latestPerson': () => read('GET /3/person/latest', {}, { mediaType: 'person' }),
    'browse.discoverMovies': async (filters) =>
      read(
        'GET /3/discover/movie',
        { query: discoverQuery(filters, await settings()) },
        { mediaType: 'movie' },
      ),
    'search.multi': async (input) => (await use()).search(input),
    'search.ahead': async ({ text }) => (await use()).searchAhead(text),
    'search.collections': ({ query, page }) =>
      read('GET /3/search/collection', { query: { query, page } }),
    'movie.details': ({ id }) =>
      read(
        'GET /3/movie/{movie_id}',
        { params: { movie_id: id }, query: { append_to_response: APPEND.movie } },
        { mediaType: 'movie' },
      ),
    'movie.recommendations': ({ id, page }) =>
      read(
        'GET /3/movie/{movie_id}/recommendations',
        { params: { movie_id: id }, query: { page } },
        { mediaType: 'movie' },
      ),
    'tv.details': ({ id }) =>
      read(
        'GET /3/tv/{series_id}',
        { params: { series_id: id }, query: { append_to_response: APPEND.tv } },
        { mediaType: 'tv' },
      ),
    'tv.similar': ({ id, page }) =>
      read(
        'GET /3/tv/{series_id}/similar',
        { params: { series_id: id }, query: { page } },
        { mediaType: 'tv' },
      ),
    'tv.season': ({ seriesId, season }) =>
      read(
        'GET /3/tv/{series_id}/season/{season_number}',
        { params: { series_id: seriesId, season_number: season } },
        { seriesId },
      ),
    'tv.episodeCredits': ({ seriesId, season, episode }) =>
      read('GET /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/credits', {
        params: { series_id: seriesId, season_number: season, episode_number: episode },
      }),
    'tv.seasonTranslations': ({ seriesId, season }) =>
      read('GET /3/tv/{series_id}/season/{season_number}/translations', {
        params: { series_id: seriesId, season_number: season },
      }),
    'tv.episodeGroups': ({ seriesId }) =>
      read('GET /3/tv/{series_id}/episode_groups', { params: { series_id: seriesId } }),
    'tv.episodeGroup': ({ groupId }) =>
      read('GET /3/tv/episode_group/{group_id}', { params: { group_id: groupId } }),
    'person.details': ({ id }) =>
      read(
        'GET /3/person/{person_id}',
        { params: { person_id: id }, query: { append_to_response: APPEND.person } },
        { mediaType: 'person' },
      ),
    'person.taggedImages': ({ id, page }) =>
      read('GET /3/person/{person_id}/tagged_images', {
        params: { person_id: id },
        query: { page },
      }),
  };
}

/** The discover filters of the UI in TMDB's query words. Years become whole-year date bounds. */
export function discoverQuery(
  filters: DiscoverFilters,
  settings: SettingsStore,
): Record<string, string | number> {
  const query: Record<string, string | number> = { page: filters.page, sort_by: filters.sortBy };
  if (filters.genres.length > 0) query.with_genres = filters.genres.join(',');
  if (filters.yearFrom !== undefined)
    query['primary_release_date.gte'] = `${filters.yearFrom}-01-01`;
  if (filters.yearTo !== undefined) query['primary_release_date.lte'] = `${filters.yearTo}-12-31`;
  if (filters.ratingMin !== undefined) query['vote_average.gte'] = filters.ratingMin;
  if (filters.ratingMax !== undefined) query['vote_average.lte'] = filters.ratingMax;
  if (filters.originalLanguage !== undefined)
    query.with_original_language = filters.originalLanguage;
  if (filters.providers.length > 0) {
    // Any of the chosen services ("|"), in the user's region: a title on one of them is enough.
    query.with_watch_providers = filters.providers.join('|');
    query.watch_region = settings.get().region;
  }
  return query;
}
