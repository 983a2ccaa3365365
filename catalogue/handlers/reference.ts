import { imageSizesByKind } from '../../src-shared/tmdb/image-sizes';
import type { Handler } from '../handler';
import { countries } from '../data/countries';
import { jobsFor } from '../data/jobs';
import { genreList, movieGenres, tvGenres } from '../data/genres';
import { providers } from '../data/providers';
import { languageOf, stringArg } from './helpers';

const CHANGE_KEYS = [
  'adult',
  'air_date',
  'also_known_as',
  'biography',
  'birthday',
  'budget',
  'cast',
  'certifications',
  'character_names',
  'created_by',
  'crew',
  'deathday',
  'episode',
  'episode_number',
  'episode_run_time',
  'genres',
  'homepage',
  'images',
  'imdb_id',
  'name',
  'network',
  'overview',
  'place_of_birth',
  'poster',
  'production_companies',
  'release_dates',
  'revenue',
  'runtime',
  'season',
  'status',
  'tagline',
  'title',
  'translations',
  'tvdb_id',
  'type',
  'videos',
];

export const referenceHandlers: Record<string, Handler> = {
  'GET /3/configuration/countries': () => countries,
  'GET /3/configuration/jobs': (ctx) => jobsFor(ctx.data.messy.duplicateJob),
  'GET /3/configuration': (ctx) => ({
    change_keys: CHANGE_KEYS,
    images: {
      // TMDB's base URLs end with a slash; an image URL is base + size + file_path.
      base_url: `${ctx.data.imageBase}/`,
      secure_base_url: `${ctx.data.imageBase}/`,
      backdrop_sizes: imageSizesByKind.backdrop,
      logo_sizes: imageSizesByKind.logo,
      poster_sizes: imageSizesByKind.poster,
      profile_sizes: imageSizesByKind.profile,
      still_sizes: imageSizesByKind.still,
    },
  }),
  'GET /3/genre/movie/list': (ctx) => ({ genres: genreList(movieGenres, languageOf(ctx)) }),
  'GET /3/genre/tv/list': (ctx) => ({ genres: genreList(tvGenres, languageOf(ctx)) }),
  'GET /3/watch/providers/regions': () => {
    const regions = new Set(providers.flatMap((p) => p.regions));
    return {
      results: countries
        .filter((c) => regions.has(c.iso_3166_1))
        .map((c) => ({
          iso_3166_1: c.iso_3166_1,
          english_name: c.english_name,
          native_name: c.native_name,
        })),
    };
  },
  'GET /3/watch/providers/movie': (ctx) => providerListing(stringArg(ctx, 'watch_region')),
  'GET /3/watch/providers/tv': (ctx) => providerListing(stringArg(ctx, 'watch_region')),
};

/** The providers TMDB lists for films and for series (the same here), in one region or all. */
function providerListing(region: string | undefined): { results: Record<string, unknown>[] } {
  const listed = providers.filter((p) => region === undefined || p.regions.includes(region));
  return {
    results: listed.map((p) => ({
      display_priorities: Object.fromEntries(p.regions.map((r) => [r, p.display_priority])),
      display_priority: p.display_priority,
      logo_path: p.logo_path,
      provider_id: p.provider_id,
      provider_name: p.provider_name,
    })),
  };
}
