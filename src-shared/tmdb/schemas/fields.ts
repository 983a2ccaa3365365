import { z } from 'zod';

/**
 * Field building blocks shared by the TMDB resource schemas.
 *
 * Identity fields (`id`, `page`, `results`, `media_type`) carry a message that names the field when it
 * is missing, so a schema mismatch reported by the client says which field TMDB left out, not only
 * "expected number, received undefined".
 */
function missing(field: string) {
  return (issue: { input?: unknown }): string | undefined =>
    issue.input === undefined ? `missing required field "${field}"` : undefined;
}

/** An integer identity (`id` of a movie, series, person, account, ...). */
export const tmdbId = z.number({ error: missing('id') }).int();

/** A string identity (episode group, image, credit ids). */
export const stringId = z.string({ error: missing('id') });

/** The page number of a paged envelope. */
export const pageNumber = z.number({ error: missing('page') }).int();

/** The `results` array of an envelope. */
export function resultsOf<T extends z.ZodType>(item: T) {
  return z.array(item, { error: missing('results') });
}

/** An integer TMDB field that is not an identity. */
export const int = z.number().int();

/** A TMDB image path (`/abc.jpg`), null when no image exists. */
export const imagePath = z.string().nullable();

/**
 * A calendar date, `YYYY-MM-DD`. TMDB sends an empty string for an unknown date on some titles
 * (the seed documents it for `first_air_date`; real movie listings show it for `release_date` too).
 */
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a YYYY-MM-DD date');
export const isoDateOrEmpty = z.union([isoDate, z.literal('')]);

/** An ISO 8601 timestamp (release dates, list items). Not parsed further: TMDB varies the precision. */
export const isoDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T/, 'expected an ISO 8601 timestamp');

/** Gender code: 0 not set, 1 female, 2 male, 3 non-binary (TMDB's documented values). */
export const gender = z.number().int().min(0).max(3);
