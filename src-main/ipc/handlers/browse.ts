import type { BrowseChannel } from '../../../src-shared/ipc/contract';
import type { HandlerInput, HandlersFor } from '../../../src-shared/ipc/handlers';
import type { MultiSearch } from '../../cache/multi-search';
import type { Read } from '../../cache/reads';
import type { SearchAhead } from '../../cache/search-ahead';
import type { SettingsStore } from '../../settings/settings-store';
import type { MyServices } from '../../../src-shared/ipc/contract/services';
import { CodedError } from '../../../src-shared/ipc/errors';
import type { AvailabilityService } from '../../services/availability';

export interface BrowseDeps {
  read: Read;
  search: MultiSearch;
  searchAhead: SearchAhead;
  settings: SettingsStore;
  /** My services, for Discover's "On my services". */
  availability: Pick<AvailabilityService, 'mine'>;
}

type DiscoverFilters = HandlerInput<'browse.discoverMovies'>;

/**
 * The browse, search and reference channels that are more than a pass-through: a choice of
 * endpoint, a reshaped answer, settings in the query, or the local index (multi search), each
 * read through the cache once it is open.
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
    'browse.discoverMovies': async (filters) => {
      const deps = await use();
      const mine = filters.onMyServices ? deps.availability.mine() : null;
      if (mine?.providers.length === 0)
        throw new CodedError(
          'invalid_input',
          'No services chosen yet: choose yours in Settings to see the films on them.',
        );
      return read(
        'GET /3/discover/movie',
        { query: discoverQuery(filters, deps.settings, mine) },
        { mediaType: 'movie' },
      );
    },
    'search.multi': async (input) => (await use()).search(input),
    'search.ahead': async ({ text }) => (await use()).searchAhead(text),
  };
}

/** The discover filters of the UI in TMDB's query words. Years become whole-year date bounds. */
export function discoverQuery(
  filters: DiscoverFilters,
  settings: SettingsStore,
  mine: MyServices | null = null,
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
  if (mine) {
    // On any of my services, in my region, by the offers I count.
    query.with_watch_providers = mine.providers.map((p) => p.id).join('|');
    query.watch_region = mine.region;
    query.with_watch_monetization_types = mine.includeFree ? 'flatrate|free|ads' : 'flatrate';
  } else if (filters.providers.length > 0) {
    // Any of the chosen services ("|"), in the user's region: a title on one of them is enough.
    query.with_watch_providers = filters.providers.join('|');
    query.watch_region = filters.watchRegion ?? settings.get().region;
  }
  return query;
}
