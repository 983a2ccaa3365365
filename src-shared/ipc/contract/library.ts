import { z } from 'zod';
import { TEXT_LIMITS } from '../../text/limits';
import type { Domain } from './domain';
import { id, media, noInput } from './models';

/** A list id: TMDB's numeric id, or a local id for a list created offline and not yet synced. */
export const listId = z
  .string()
  .regex(/^(local-[A-Za-z0-9-]{1,64}|\d{1,12})$/, 'expected a list id');
const rating = z
  .number()
  .min(0.5)
  .max(10)
  .refine((v) => Number.isInteger(v * 2), 'a rating is a multiple of 0.5');
/** A change is saved locally and queued; the reply says how many changes wait to be sent. */
const queued = z.object({ queued: z.number().int() });

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

/** The user's TMDB library: watchlist, favourites, ratings and custom lists. */
export const libraryChannels = {
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
    output: queued,
  },
  'library.setFavorite': {
    input: z.object({ mediaType: media, mediaId: id, on: z.boolean() }),
    output: queued,
  },
  'library.rate': {
    input: z.object({ target: ratingTarget, value: rating.nullable() }),
    output: queued,
  },

  'lists.all': { input: noInput, output: z.object({ lists: z.array(userList) }) },
  'lists.get': {
    input: z.object({ listId }),
    output: z.object({ list: userList, items: z.array(libraryItem) }),
  },
  'lists.create': {
    input: z.object({
      name: z.string().trim().min(1, 'a list needs a name').max(TEXT_LIMITS.listName),
      description: z.string().max(TEXT_LIMITS.listDescription).default(''),
    }),
    output: z.object({ list: userList }),
  },
  'lists.addItem': { input: z.object({ listId, movieId: id }), output: queued },
  'lists.removeItem': { input: z.object({ listId, movieId: id }), output: queued },
  'lists.clear': { input: z.object({ listId, confirm: z.literal(true) }), output: queued },
  'lists.delete': { input: z.object({ listId }), output: queued },
} as const;

export const libraryEvents = {
  'library.changed': z.object({ collections: z.array(z.string()) }),
} as const;

export type LibraryChannel = keyof typeof libraryChannels;

export const libraryDomain = { channels: libraryChannels, events: libraryEvents } satisfies Domain;
