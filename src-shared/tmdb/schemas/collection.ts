import { z } from 'zod';
import { imagePath, tmdbId } from './fields';
import { movieSummary } from './movie';

/** A collection in collection search (the seed's fields). */
export const collectionSummary = z.looseObject({
  backdrop_path: imagePath,
  id: tmdbId,
  name: z.string(),
  poster_path: imagePath,
  // Absent in collection search responses from before TMDB added them.
  adult: z.boolean().optional(),
  original_language: z.string().optional(),
  original_name: z.string().optional(),
  overview: z.string().optional(),
});
export type CollectionSummary = z.infer<typeof collectionSummary>;

/** The collection a movie belongs to, as embedded in movie details. */
export const collectionRef = z.looseObject({
  id: tmdbId,
  name: z.string(),
  poster_path: imagePath,
  backdrop_path: imagePath,
});
export type CollectionRef = z.infer<typeof collectionRef>;

/** GET /3/collection/{collection_id}: the collection and its films. */
export const collectionDetails = z.looseObject({
  id: tmdbId,
  name: z.string(),
  overview: z.string(),
  poster_path: imagePath,
  backdrop_path: imagePath,
  parts: z.array(movieSummary),
});
export type CollectionDetails = z.infer<typeof collectionDetails>;
