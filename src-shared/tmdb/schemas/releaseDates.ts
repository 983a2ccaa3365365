import { z } from 'zod';
import { int, isoDateTime, tmdbId } from './fields';
import { tolerantArray } from './tolerant';

/**
 * One release of a film in one country. `type` is TMDB's release type: 1 premiere, 2 limited
 * theatrical, 3 theatrical, 4 digital, 5 physical, 6 TV.
 */
export const releaseDate = z.looseObject({
  certification: z.string(),
  /** Content descriptors; absent in responses from before TMDB added them. */
  descriptors: z.array(z.string()).optional(),
  iso_639_1: z.string(),
  /** Absent in older responses when empty. */
  note: z.string().optional(),
  release_date: isoDateTime,
  type: int.min(1).max(6),
});
export type ReleaseDate = z.infer<typeof releaseDate>;

/** One country's releases; an unreadable release is left out (tolerant.ts). */
export const countryReleaseDates = z.looseObject({
  iso_3166_1: z.string(),
  release_dates: tolerantArray(releaseDate),
});
export type CountryReleaseDates = z.infer<typeof countryReleaseDates>;

/** GET /3/movie/{movie_id}/release_dates (also appended to movie details, without `id`). */
export const releaseDates = z.looseObject({
  id: tmdbId,
  /** A country TMDB sent unreadable (a null code) is left out, the others kept. */
  results: tolerantArray(countryReleaseDates),
});
export type ReleaseDates = z.infer<typeof releaseDates>;
