import { z } from 'zod';
import { tmdbId } from './fields';

/** One translation; `data` holds the translated texts, which differ by resource. */
export function translationOf<T extends z.ZodType>(data: T) {
  return z.looseObject({
    data,
    english_name: z.string(),
    iso_3166_1: z.string(),
    iso_639_1: z.string(),
    /** The language's own name. */
    name: z.string(),
  });
}

/** Translated texts of a season (either may be empty). */
export const seasonTranslationData = z.looseObject({
  name: z.string(),
  overview: z.string(),
});

/** GET /3/tv/{series_id}/season/{season_number}/translations. */
export const seasonTranslations = z.looseObject({
  id: tmdbId,
  translations: z.array(translationOf(seasonTranslationData)),
});
export type SeasonTranslations = z.infer<typeof seasonTranslations>;

/** Translated texts of a film or series as appended to its details; keys vary by resource. */
export const titleTranslationData = z.looseObject({
  title: z.string().optional(),
  name: z.string().optional(),
  overview: z.string().optional(),
  tagline: z.string().optional(),
  homepage: z.string().optional(),
});

/** `append_to_response=translations` on movie or series details. */
export const titleTranslations = z.looseObject({
  id: tmdbId.optional(),
  translations: z.array(translationOf(titleTranslationData)),
});
export type TitleTranslations = z.infer<typeof titleTranslations>;
