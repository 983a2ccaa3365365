import { z } from 'zod';
import { imagePath, tmdbId } from './fields';
import { byMediaType } from './mediaUnion';
import { searchedMovie } from './movie';
import { paged } from './paging';
import { searchedPerson } from './person';
import { searchedTv } from './tv';

/**
 * A collection in multi search results. Not in the seed's list of kinds, but real responses return
 * it (with `title`, like a film); Marquee shows it as a collection.
 */
export const searchedCollection = z.looseObject({
  media_type: z.literal('collection'),
  id: tmdbId,
  adult: z.boolean().optional(),
  backdrop_path: imagePath,
  poster_path: imagePath,
  title: z.string().optional(),
  original_title: z.string().optional(),
  name: z.string().optional(),
  overview: z.string(),
  original_language: z.string().optional(),
});
export type SearchedCollection = z.infer<typeof searchedCollection>;

/** One multi search result: a movie, a series or a person (or a collection), told apart by `media_type`. */
export const multiSearchItem = byMediaType([
  searchedMovie,
  searchedTv,
  searchedPerson,
  searchedCollection,
]);
export type MultiSearchItem = z.infer<typeof multiSearchItem>;

export const multiSearchPage = paged(multiSearchItem);
export type MultiSearchPage = z.infer<typeof multiSearchPage>;
