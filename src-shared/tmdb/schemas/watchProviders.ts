import { z } from 'zod';
import { imagePath, int, tmdbId } from './fields';
import { readItems } from './tolerant';

/** A streaming, rental or purchase provider offering a title. */
export const watchProvider = z.looseObject({
  display_priority: int,
  logo_path: imagePath,
  provider_id: tmdbId,
  provider_name: z.string(),
});
export type WatchProvider = z.infer<typeof watchProvider>;

/** Where a title can be watched in one country; `link` is TMDB's page for that country. */
export const countryWatchProviders = z.looseObject({
  link: z.string(),
  flatrate: z.array(watchProvider).optional(),
  rent: z.array(watchProvider).optional(),
  buy: z.array(watchProvider).optional(),
  ads: z.array(watchProvider).optional(),
  free: z.array(watchProvider).optional(),
});
export type CountryWatchProviders = z.infer<typeof countryWatchProviders>;

/** GET /3/movie/{id}/watch/providers (and tv): offers keyed by ISO 3166-1 country code. */
export const titleWatchProviders = z.looseObject({
  id: tmdbId.optional(),
  results: z.record(z.string(), countryWatchProviders),
});
export type TitleWatchProviders = z.infer<typeof titleWatchProviders>;

/** A country where watch providers are known. */
export const watchRegion = z.looseObject({
  iso_3166_1: z.string(),
  english_name: z.string(),
  native_name: z.string(),
});
export type WatchRegion = z.infer<typeof watchRegion>;

/** GET /3/watch/providers/regions. */
export const watchRegions = z.looseObject({ results: z.array(watchRegion) });
export type WatchRegions = z.infer<typeof watchRegions>;

/** A provider in GET /3/watch/providers/movie, with its priority per country. */
export const providerListing = watchProvider.extend({
  display_priorities: z.record(z.string(), int).optional(),
});
export type ProviderListing = z.infer<typeof providerListing>;

/**
 * GET /3/watch/providers/movie (and tv). Providers are read one by one: one TMDB sends without a
 * name or an id is left out, so it never blanks the list a person chooses their services from.
 */
export const providerList = z.looseObject({
  results: z.array(z.unknown()).transform((results) => readItems(providerListing, results).items),
});
export type ProviderList = z.infer<typeof providerList>;
