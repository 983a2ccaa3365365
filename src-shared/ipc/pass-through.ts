import type { PathParamNames, RoutePath } from '../tmdb/define';
import type { EndpointKey } from '../tmdb/endpoints';

/**
 * The input fields a pass-through channel may take. A field means the same thing on every channel
 * that takes it, so the contract gives each one schema (`contract/pass-through.ts`).
 */
export type PassThroughField =
  'id' | 'page' | 'seriesId' | 'season' | 'episode' | 'window' | 'query' | 'groupId';

/** What a pass-through channel asks the cache to index in its normalized tables, besides the body. */
export interface PassThroughIngest {
  /** The kind of the title or person the body describes, when its fields do not say it. */
  readonly mediaType?: 'movie' | 'tv' | 'person';
  /** The input field holding the series a season body belongs to. */
  readonly seriesId?: PassThroughField;
}

/**
 * One pass-through channel: one cached read of one TMDB endpoint, its answer TMDB's body as is with
 * its provenance. The endpoint's entry in the endpoint table gives the rest: the response schema
 * the answer is checked with (`responseOf(route)`) and the cache family its freshness follows.
 */
export interface PassThroughSpec<R extends EndpointKey = EndpointKey> {
  /** The endpoint, as the endpoint table keys it: method and path template. */
  readonly route: R;
  /** The channel's input, in order; no fields: the channel takes no input. */
  readonly input: readonly PassThroughField[];
  /** The input field that fills each `{placeholder}` of the path. Other fields go in the query, by name. */
  readonly params?: Readonly<Record<string, PassThroughField>>;
  /** Query parameters sent on every call, e.g. what a details page appends to the response. */
  readonly query?: Readonly<Record<string, string>>;
  readonly ingest?: PassThroughIngest;
}

/**
 * The checks `definePassThrough` puts on a row: its params fill every placeholder of the route,
 * each from one of the row's input fields (a test checks that they fill nothing else).
 */
type CheckedRows<T> = {
  readonly [C in keyof T]: T[C] extends {
    readonly route: infer R extends EndpointKey;
    readonly input: readonly (infer F)[];
  }
    ? [PathParamNames<RoutePath<R>>] extends [never]
      ? { readonly params?: never }
      : { readonly params: Readonly<Record<PathParamNames<RoutePath<R>>, F>> }
    : never;
};

function definePassThrough<const T extends Readonly<Record<string, PassThroughSpec>>>(
  rows: T & CheckedRows<T>,
): T {
  return rows;
}

/** What each details page shows, fetched in one request (the stats' fact source asks the same). */
export const APPEND = {
  movie: 'release_dates,watch/providers,recommendations,credits',
  tv: 'credits,similar,watch/providers,content_ratings',
  person: 'combined_credits,images',
} as const;

/**
 * The pass-through channels, as data. The channel list (`channels.ts`), the contract
 * (`contract/pass-through.ts`) and main's handlers (`src-main/ipc/handlers/pass-through.ts`) are
 * all read from this table, so a new one is a row here (its endpoint in the endpoint table first).
 * Zod-free on purpose: the sandboxed preload imports the names.
 */
export const passThrough = definePassThrough({
  'browse.trendingTv': {
    route: 'GET /3/trending/tv/{time_window}',
    input: ['window', 'page'],
    params: { time_window: 'window' },
    ingest: { mediaType: 'tv' },
  },
  'browse.topRatedTv': {
    route: 'GET /3/tv/top_rated',
    input: ['page'],
    ingest: { mediaType: 'tv' },
  },
  'browse.popularPeople': { route: 'GET /3/person/popular', input: ['page'] },
  'browse.latestPerson': {
    route: 'GET /3/person/latest',
    input: [],
    ingest: { mediaType: 'person' },
  },
  'search.collections': { route: 'GET /3/search/collection', input: ['query', 'page'] },
  'movie.details': {
    route: 'GET /3/movie/{movie_id}',
    input: ['id'],
    params: { movie_id: 'id' },
    query: { append_to_response: APPEND.movie },
    ingest: { mediaType: 'movie' },
  },
  'movie.recommendations': {
    route: 'GET /3/movie/{movie_id}/recommendations',
    input: ['id', 'page'],
    params: { movie_id: 'id' },
    ingest: { mediaType: 'movie' },
  },
  'movie.similar': {
    route: 'GET /3/movie/{movie_id}/similar',
    input: ['id', 'page'],
    params: { movie_id: 'id' },
    ingest: { mediaType: 'movie' },
  },
  'tv.details': {
    route: 'GET /3/tv/{series_id}',
    input: ['id'],
    params: { series_id: 'id' },
    query: { append_to_response: APPEND.tv },
    ingest: { mediaType: 'tv' },
  },
  'tv.similar': {
    route: 'GET /3/tv/{series_id}/similar',
    input: ['id', 'page'],
    params: { series_id: 'id' },
    ingest: { mediaType: 'tv' },
  },
  'tv.season': {
    route: 'GET /3/tv/{series_id}/season/{season_number}',
    input: ['seriesId', 'season'],
    params: { series_id: 'seriesId', season_number: 'season' },
    ingest: { seriesId: 'seriesId' },
  },
  'tv.episodeCredits': {
    route: 'GET /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/credits',
    input: ['seriesId', 'season', 'episode'],
    params: { series_id: 'seriesId', season_number: 'season', episode_number: 'episode' },
  },
  'tv.seasonTranslations': {
    route: 'GET /3/tv/{series_id}/season/{season_number}/translations',
    input: ['seriesId', 'season'],
    params: { series_id: 'seriesId', season_number: 'season' },
  },
  'tv.episodeGroups': {
    route: 'GET /3/tv/{series_id}/episode_groups',
    input: ['seriesId'],
    params: { series_id: 'seriesId' },
  },
  'tv.episodeGroup': {
    route: 'GET /3/tv/episode_group/{group_id}',
    input: ['groupId'],
    params: { group_id: 'groupId' },
  },
  'person.details': {
    route: 'GET /3/person/{person_id}',
    input: ['id'],
    params: { person_id: 'id' },
    query: { append_to_response: APPEND.person },
    ingest: { mediaType: 'person' },
  },
  'person.taggedImages': {
    route: 'GET /3/person/{person_id}/tagged_images',
    input: ['id', 'page'],
    params: { person_id: 'id' },
  },
});

export type PassThrough = typeof passThrough;
export type PassThroughChannel = keyof PassThrough;

/** The pass-through channels' names, for the zod-free channel list. */
export const passThroughChannels = Object.keys(passThrough) as PassThroughChannel[];
