import { z } from 'zod';
import { imagePath, tmdbId } from './fields';

/** A production company embedded in movie and series details. */
export const company = z.looseObject({
  id: tmdbId,
  name: z.string(),
  // Absent in details recorded before TMDB added them.
  logo_path: imagePath.optional(),
  origin_country: z.string().optional(),
});
export type Company = z.infer<typeof company>;

export const productionCountry = z.looseObject({ iso_3166_1: z.string(), name: z.string() });
export type ProductionCountry = z.infer<typeof productionCountry>;

export const spokenLanguage = z.looseObject({
  english_name: z.string().optional(),
  iso_639_1: z.string(),
  name: z.string(),
});
export type SpokenLanguage = z.infer<typeof spokenLanguage>;
