import { z } from 'zod';
import { endpoints } from '../tmdb/endpoints';
import { account } from '../tmdb/schemas/account';
import { country, departmentJobs } from '../tmdb/schemas/reference';
import type { ChannelName, EventName } from './channels';

/** Where a result came from and how old it is; every data-bearing reply carries it. */
export const provenance = z.object({
  source: z.enum(['network', 'cache']),
  /** When the data was fetched from TMDB, in ms since the epoch. */
  fetchedAt: z.number(),
  /** True when the cached copy is past its freshness window (served while revalidating, or offline). */
  stale: z.boolean(),
});
export type Provenance = z.infer<typeof provenance>;

const noInput = z.union([z.undefined(), z.null(), z.object({}).strict()]);
const id = z.number().int().positive();
const page = z.number().int().min(1).max(500).default(1);
const media = z.enum(['movie', 'tv']);
/** A list id: TMDB's numeric id, or a local id for a list created offline and not yet synced. */
const listId = z.string().regex(/^(local-[A-Za-z0-9-]{1,64}|\d{1,12})$/, 'expected a list id');
const rating = z
  .number()
  .min(0.5)
  .max(10)
  .refine((v) => Number.isInteger(v * 2), 'a rating is a multiple of 0.5');
const searchText = z.string().trim().min(1, 'type something to search').max(200);

/** A TMDB response with its provenance. */
function fetched<T extends z.ZodType>(data: T) {
  return z.object({ data, meta: provenance });
}
const responseOf = <K extends keyof typeof endpoints>(key: K): (typeof endpoints)[K]['response'] =>
  endpoints[key].response;

export const ratingTarget = z.discriminatedUnion('mediaType', [
  z.object({ mediaType: media, mediaId: id }),
  z.object({
    mediaType: z.literal('episode'),
    mediaId: id,
    season: z.number().int().nonnegative(),
    episode: z.number().int().positive(),
  }),
]);
export type RatingTarget = z.infer<typeof ratingTarget>;

export const settings = z.object({
  /** Content language, e.g. `en-US`. */
  language: z.string().regex(/^[a-z]{2}(-[A-Z]{2})?$/, 'expected a language like en-US'),
  /** Content and watch-provider region, ISO 3166-1. */
  region: z.string().regex(/^[A-Z]{2}$/, 'expected a country code like US'),
  includeAdult: z.boolean(),
  theme: z.enum(['system', 'light', 'dark']),
  /** Image cache size cap in megabytes. */
  imageCacheMb: z.number().int().min(50).max(20_000),
});
export type Settings = z.infer<typeof settings>;

/** A title as the library shows it, offline included. */
export const libraryItem = z.object({
  mediaType: z.enum(['movie', 'tv', 'episode']),
  mediaId: id,
  season: z.number().int().optional(),
  episode: z.number().int().optional(),
  title: z.string().nullable(),
  posterPath: z.string().nullable(),
  releaseDate: z.string().nullable(),
  voteAverage: z.number().nullable(),
  popularity: z.number().nullable(),
  addedAt: z.number().nullable(),
  rating: z.number().nullable(),
  /** A local change to this item waits in the outbox. */
  pending: z.boolean(),
});
export type LibraryItem = z.infer<typeof libraryItem>;

export const userList = z.object({
  id: listId,
  name: z.string(),
  description: z.string(),
  itemCount: z.number().int(),
  /** Created or changed locally and not yet synced. */
  pending: z.boolean(),
});
export type UserList = z.infer<typeof userList>;

export const outboxEntry = z.object({
  seq: z.number().int(),
  /** A sentence for the UI, e.g. "Add “Arrival” to the watchlist". */
  label: z.string(),
  status: z.enum([
    'pending',
    'in_flight',
    'failed',
    'sent',
    'collapsed',
    'superseded',
    'cancelled',
  ]),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  queuedAt: z.number(),
  nextAttemptAt: z.number().nullable(),
});
export type OutboxEntryView = z.infer<typeof outboxEntry>;

export const syncStatus = z.object({
  running: z.boolean(),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  lastSyncedAt: z.number().nullable(),
  lastError: z.string().nullable(),
});
export type SyncStatus = z.infer<typeof syncStatus>;

export const credentialStorage = z.object({
  kind: z.enum(['keychain', 'encrypted-file', 'memory']),
  persistent: z.boolean(),
  reason: z.string().optional(),
});

/** What the renderer may know about the session: never the session id itself. */
export const authStatus = z.object({
  state: z.enum(['signed_out', 'user', 'guest']),
  account: z.object({ id: z.number().int(), username: z.string(), name: z.string() }).nullable(),
  guestExpiresAt: z.number().nullable(),
  storage: credentialStorage,
  /** The app-level TMDB credentials in use. */
  appCredentials: z.enum(['user-token', 'environment', 'demo', 'none']),
  /** A sign-in through the browser is waiting for approval. */
  approvalPending: z.boolean(),
});
export type AuthStatus = z.infer<typeof authStatus>;

export const networkStatus = z.object({
  online: z.boolean(),
  /** When the state last changed, ms since the epoch. */
  since: z.number(),
  /** Why the app believes it is offline (a redacted, human-readable reason). */
  reason: z.string().optional(),
});

const discoverFilters = z.object({
  page,
  sortBy: z
    .enum([
      'popularity.desc',
      'popularity.asc',
      'vote_average.desc',
      'vote_average.asc',
      'primary_release_date.desc',
      'primary_release_date.asc',
      'title.asc',
      'title.desc',
    ])
    .default('popularity.desc'),
  genres: z.array(id).max(20).default([]),
  yearFrom: z.number().int().min(1870).max(2100).optional(),
  yearTo: z.number().int().min(1870).max(2100).optional(),
  ratingMin: z.number().min(0).max(10).optional(),
  ratingMax: z.number().min(0).max(10).optional(),
  originalLanguage: z
    .string()
    .regex(/^[a-z]{2}$/)
    .optional(),
  providers: z.array(id).max(20).default([]),
});

/** The IPC contract: every channel's input and output schema, and every event's payload. */
export const contract = {
  'app.info': {
    input: noInput,
    output: z.object({
      name: z.string(),
      version: z.string(),
      platform: z.string(),
      dataDir: z.string(),
      apiBase: z.string(),
      imageBase: z.string(),
      /** True when Marquee runs against its built-in demo catalogue rather than TMDB. */
      demo: z.boolean(),
      /** Images are served by the app itself under this path: `${imagePath}/${size}${file_path}`. */
      imagePath: z.string(),
    }),
  },
  /** The network state now; `network.status` announces each later change. */
  'network.current': { input: noInput, output: networkStatus },
  'settings.get': { input: noInput, output: settings },
  'settings.set': { input: settings.partial().strict(), output: settings },

  'reference.countries': {
    input: noInput,
    output: z.object({ items: z.array(country), meta: provenance }),
  },
  'reference.jobs': {
    input: noInput,
    output: z.object({ items: z.array(departmentJobs), meta: provenance }),
  },
  'reference.genres': {
    input: z.object({ media }),
    output: fetched(responseOf('GET /3/genre/movie/list')),
  },
  'reference.watchProviders': {
    input: z.object({
      region: z
        .string()
        .regex(/^[A-Z]{2}$/)
        .optional(),
    }),
    output: z.object({
      providers: fetched(responseOf('GET /3/watch/providers/movie')),
      regions: fetched(responseOf('GET /3/watch/providers/regions')),
    }),
  },

  'browse.trendingTv': {
    input: z.object({ window: z.enum(['day', 'week']), page }),
    output: fetched(responseOf('GET /3/trending/tv/{time_window}')),
  },
  'browse.topRatedTv': {
    input: z.object({ page }),
    output: fetched(responseOf('GET /3/tv/top_rated')),
  },
  'browse.popularPeople': {
    input: z.object({ page }),
    output: fetched(responseOf('GET /3/person/popular')),
  },
  'browse.latestPerson': { input: noInput, output: fetched(responseOf('GET /3/person/latest')) },
  'browse.discoverMovies': {
    input: discoverFilters,
    output: fetched(responseOf('GET /3/discover/movie')),
  },

  'search.multi': {
    input: z.object({
      query: searchText,
      page,
      /**
       * Answer from the local index alone, at once: the search view paints these on every
       * keystroke, then replaces them with the (debounced) network answer.
       */
      localOnly: z.boolean().default(false),
    }),
    output: fetched(responseOf('GET /3/search/multi')),
  },
  'search.collections': {
    input: z.object({ query: searchText, page }),
    output: fetched(responseOf('GET /3/search/collection')),
  },

  'movie.details': {
    input: z.object({ id }),
    output: fetched(responseOf('GET /3/movie/{movie_id}')),
  },
  'movie.recommendations': {
    input: z.object({ id, page }),
    output: fetched(responseOf('GET /3/movie/{movie_id}/recommendations')),
  },
  'tv.details': { input: z.object({ id }), output: fetched(responseOf('GET /3/tv/{series_id}')) },
  'tv.similar': {
    input: z.object({ id, page }),
    output: fetched(responseOf('GET /3/tv/{series_id}/similar')),
  },
  'tv.season': {
    input: z.object({ seriesId: id, season: z.number().int().nonnegative() }),
    output: fetched(responseOf('GET /3/tv/{series_id}/season/{season_number}')),
  },
  'tv.episodeCredits': {
    input: z.object({
      seriesId: id,
      season: z.number().int().nonnegative(),
      episode: z.number().int().positive(),
    }),
    output: fetched(
      responseOf('GET /3/tv/{series_id}/season/{season_number}/episode/{episode_number}/credits'),
    ),
  },
  'tv.seasonTranslations': {
    input: z.object({ seriesId: id, season: z.number().int().nonnegative() }),
    output: fetched(responseOf('GET /3/tv/{series_id}/season/{season_number}/translations')),
  },
  'tv.episodeGroups': {
    input: z.object({ seriesId: id }),
    output: fetched(responseOf('GET /3/tv/{series_id}/episode_groups')),
  },
  'tv.episodeGroup': {
    input: z.object({
      groupId: z.string().regex(/^[a-f0-9]{24}$/, 'expected an episode group id'),
    }),
    output: fetched(responseOf('GET /3/tv/episode_group/{group_id}')),
  },
  'person.details': {
    input: z.object({ id }),
    output: fetched(responseOf('GET /3/person/{person_id}')),
  },
  'person.taggedImages': {
    input: z.object({ id, page }),
    output: fetched(responseOf('GET /3/person/{person_id}/tagged_images')),
  },

  'library.state': {
    input: z.object({ target: ratingTarget }),
    output: z.object({
      watchlist: z.boolean(),
      favorite: z.boolean(),
      rating: z.number().nullable(),
      /** Ids of the custom lists holding this movie. */
      lists: z.array(listId),
      pending: z.boolean(),
    }),
  },
  'library.collection': {
    input: z.object({
      collection: z.enum(['watchlist', 'favorites', 'rated']),
      mediaType: z.enum(['movie', 'tv', 'episode']),
    }),
    output: z.object({
      items: z.array(libraryItem),
      counts: z.record(z.string(), z.number().int()),
    }),
  },
  'library.setWatchlist': {
    input: z.object({ mediaType: media, mediaId: id, on: z.boolean() }),
    output: z.object({ queued: z.number().int() }),
  },
  'library.setFavorite': {
    input: z.object({ mediaType: media, mediaId: id, on: z.boolean() }),
    output: z.object({ queued: z.number().int() }),
  },
  'library.rate': {
    input: z.object({ target: ratingTarget, value: rating.nullable() }),
    output: z.object({ queued: z.number().int() }),
  },

  'lists.all': { input: noInput, output: z.object({ lists: z.array(userList) }) },
  'lists.get': {
    input: z.object({ listId }),
    output: z.object({ list: userList, items: z.array(libraryItem) }),
  },
  'lists.create': {
    input: z.object({
      name: z.string().trim().min(1, 'a list needs a name').max(200),
      description: z.string().max(2000).default(''),
    }),
    output: z.object({ list: userList }),
  },
  'lists.addItem': {
    input: z.object({ listId, movieId: id }),
    output: z.object({ queued: z.number().int() }),
  },
  'lists.removeItem': {
    input: z.object({ listId, movieId: id }),
    output: z.object({ queued: z.number().int() }),
  },
  'lists.clear': {
    input: z.object({ listId, confirm: z.literal(true) }),
    output: z.object({ queued: z.number().int() }),
  },
  'lists.delete': { input: z.object({ listId }), output: z.object({ queued: z.number().int() }) },

  'sync.now': { input: noInput, output: syncStatus },
  'sync.outbox': {
    input: noInput,
    output: z.object({ entries: z.array(outboxEntry), status: syncStatus }),
  },
  'sync.retryFailed': { input: noInput, output: syncStatus },

  'cache.status': {
    input: noInput,
    output: z.object({
      responses: z.number().int(),
      responseBytes: z.number().int(),
      titles: z.number().int(),
      people: z.number().int(),
      images: z.number().int(),
      imageBytes: z.number().int(),
      imageLimitBytes: z.number().int(),
    }),
  },
  'cache.clear': { input: noInput, output: z.object({ freedBytes: z.number().int() }) },

  'auth.status': { input: noInput, output: authStatus },
  /** Starts the browser sign-in: main opens TMDB's approval page; the renderer never sees the token. */
  'auth.beginApproval': {
    input: noInput,
    output: z.object({ flowId: z.string(), expiresAt: z.number() }),
  },
  /** "I have approved": finishes the sign-in when the loopback redirect did not arrive. */
  'auth.completeApproval': {
    input: z.object({ flowId: z.string().min(1).max(100) }),
    output: authStatus,
  },
  'auth.cancelApproval': {
    input: z.object({ flowId: z.string().min(1).max(100) }),
    output: authStatus,
  },
  'auth.login': {
    input: z.object({
      username: z.string().trim().min(1).max(200),
      password: z.string().min(1).max(500),
    }),
    output: authStatus,
  },
  'auth.guest': { input: noInput, output: authStatus },
  /** Signs out; refuses with `conflict` while unsent changes wait, unless `discardPending`. */
  'auth.signOut': {
    input: z.object({ discardPending: z.boolean().default(false) }),
    output: authStatus,
  },
  'credentials.setAppToken': {
    input: z.object({
      kind: z.enum(['accessToken', 'apiKey']),
      value: z.string().trim().min(16).max(1000),
    }),
    output: authStatus,
  },
  'credentials.clearAppToken': { input: noInput, output: authStatus },
  'account.details': { input: noInput, output: fetched(account) },
} as const satisfies Record<ChannelName, { input: z.ZodType; output: z.ZodType }>;

export const events = {
  'network.status': networkStatus,
  'sync.status': syncStatus,
  'library.changed': z.object({ collections: z.array(z.string()) }),
  'auth.changed': authStatus,
} as const satisfies Record<EventName, z.ZodType>;

export type Contract = typeof contract;
export type ChannelInput<C extends ChannelName> = z.input<Contract[C]['input']>;
export type ChannelOutput<C extends ChannelName> = z.output<Contract[C]['output']>;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;
