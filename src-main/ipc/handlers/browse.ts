import type { z } from 'zod';
import type { contract } from '../../src-shared/ipc/contract';
import type { Handlers } from '../ipc/guard';
import type { Read } from './reads';
import type { SettingsStore } from './settings';

export type CatalogueChannels =
  | 'reference.countries'
  | 'reference.jobs'
  | 'reference.genres'
  | 'reference.watchProviders'
  | 'browse.trendingTv'
  | 'browse.topRatedTv'
  | 'browse.popularPeople'
  | 'browse.latestPerson'
  | 'browse.discoverMovies'
  | 'search.collections'
  | 'movie.details'
  | 'movie.recommendations'
  | 'tv.details'
  | 'tv.similar'
  | 'tv.season'
  | 'tv.episodeCredits'
  | 'tv.seasonTranslations'
  | 'tv.episodeGroups'
  | 'tv.episodeGroup'
  | 'person.details'
  | 'person.taggedImages';

type DiscoverFilters = z.output<(typeof contract)['browse.discoverMovies']['input']>;

/** What each details page shows, fetched in one request. */
export const APPEND = {
  movie: 'release_dates,watch/providers,recommendations,credits',
  tv: 'credits,similar,watch/providers',
  person: 'combined_credits,images',
} as const;

/** The browse, search, details and reference channels: each one a cached read of one endpoint. */
export function catalogueHandlers(
  read: Read,
  settings: SettingsStore,
): Pick<Handlers, CatalogueChannels> {
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
          query: { watch_region: region ?? settings.get().region },
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
    'browse.discoverMovies': (filters) =>
      read(
        'GET /3/discover/movie',
        { query: discoverQuery(filters, settings) },
        { mediaType: 'movie' },
      ),
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
