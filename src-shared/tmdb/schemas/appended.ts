import { z } from 'zod';
import { ratedState } from './accountStates';
import { int } from './fields';
import { countryReleaseDates } from './releaseDates';
import { tolerantArray } from './tolerant';
import { countryWatchProviders } from './watchProviders';

/**
 * Objects TMDB adds to a details response when asked with `append_to_response`. Appended objects
 * lack the `id` their stand-alone endpoint sends, so each has its own shape here.
 */

/**
 * An appended part of a details response: absent when not asked for, and left out when it cannot
 * be read at all. One unreadable part (release dates, providers, images) never costs the page;
 * the page shows without it.
 */
export function appendedPart<T extends z.ZodType>(part: T) {
  return part.optional().catch(undefined);
}

/** `append_to_response=release_dates`: an unreadable country is left out, the others kept. */
export const appendedReleaseDates = z.looseObject({ results: tolerantArray(countryReleaseDates) });

/** One country's rating of a series; `rating` is often empty in TMDB's data. */
export const contentRating = z.looseObject({
  iso_3166_1: z.string(),
  rating: z.string(),
  descriptors: z.array(z.string()).optional(),
});
export type ContentRating = z.infer<typeof contentRating>;

/**
 * `append_to_response=content_ratings` on series details: one entry per country, an unreadable
 * one left out (a rating beside the title is never worth the page).
 */
export const appendedContentRatings = z.looseObject({ results: tolerantArray(contentRating) });

/** `append_to_response=watch/providers` (the key in the response is literally "watch/providers"). */
export const appendedWatchProviders = z.looseObject({
  results: z.record(z.string(), countryWatchProviders),
});

/** `append_to_response=account_states` (only with a session). */
export const appendedAccountStates = z.looseObject({
  id: int.optional(),
  favorite: z.boolean().optional(),
  rated: ratedState,
  watchlist: z.boolean().optional(),
});

/** The names `append_to_response` accepts on Marquee's details requests. */
export const appendable = [
  'credits',
  'aggregate_credits',
  'combined_credits',
  'images',
  'videos',
  'recommendations',
  'similar',
  'release_dates',
  'content_ratings',
  'watch/providers',
  'translations',
  'account_states',
  'external_ids',
] as const;
export type Appendable = (typeof appendable)[number];

/**
 * `season/N` on series details: season N with its episodes, under the key "season/N" (a season
 * that does not exist is left out). Watch tracking refreshes a series and its seasons in one
 * request this way.
 */
const appendableSeason = /^season\/\d{1,4}$/;

/**
 * The `append_to_response` query value: comma-separated names from `appendable` or `season/N`, at
 * most 20 as TMDB allows.
 */
export const appendToResponse = z
  .string()
  .regex(/^[a-z_/0-9]+(,[a-z_/0-9]+)*$/, 'expected comma-separated names')
  .refine((v) => v.split(',').length <= 20, 'TMDB appends at most 20 objects')
  .refine(
    (v) =>
      v
        .split(',')
        .every(
          (name) => (appendable as readonly string[]).includes(name) || appendableSeason.test(name),
        ),
    `expected names from: ${appendable.join(', ')}, season/N`,
  );
