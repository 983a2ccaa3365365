import { z } from 'zod';
import { country, departmentJobs } from '../../tmdb/schemas/reference';
import type { Domain } from './domain';
import { fetched, id, media, noInput, page, provenance, responseOf, searchText } from './models';

const discoverFilters = z.object({
  page,
  sortBy: z
    .enum([
      'popularity.desc',
      'popularity.asc',
      'vote_average.desc',
      'vote_average.asc',
      'primary_release_date.desc',
      'primary_release_date.asc',
      'title.asc',
      'title.desc',
    ])
    .default('popularity.desc'),
  genres: z.array(id).max(20).default([]),
  yearFrom: z.number().int().min(1870).max(2100).optional(),
  yearTo: z.number().int().min(1870).max(2100).optional(),
  ratingMin: z.number().min(0).max(10).optional(),
  ratingMax: z.number().min(0).max(10).optional(),
  originalLanguage: z
    .string()
    .regex(/^[a-z]{2}$/)
    .optional(),
  providers: z.array(id).max(20).default([]),
  /**
   * Only films on my services: my providers in my region, by subscription (and free or with ads
   * when I chose so). Takes the place of `providers`.
   */
  onMyServices: z.boolean().default(false),
  /** The country whose providers count; the settings' region when left out. */
  watchRegion: z
    .string()
    .regex(/^[A-Z]{2}$/, 'expected a country code like US')
    .optional(),
});

/**
 * Reading TMDB's catalogue where a channel is more than one read of one endpoint: reference data,
 * discover and search. The channels that are exactly one read (browse feeds, the details of films,
 * series and people) are rows of the pass-through table (`../pass-through.ts`). Every answer
 * carries its provenance (network or cache, and its age).
 */
export const browseChannels = {
  'reference.countries': {
    input: noInput,
    output: z.object({ items: z.array(country), meta: provenance }),
  },
  'reference.jobs': {
    input: noInput,
    output: z.object({ items: z.array(departmentJobs), meta: provenance }),
  },
  'reference.genres': {
    input: z.object({ media }),
    output: fetched(responseOf('GET /3/genre/movie/list')),
  },
  'reference.watchProviders': {
    input: z.object({
      region: z
        .string()
        .regex(/^[A-Z]{2}$/)
        .optional(),
    }),
    output: z.object({
      providers: fetched(responseOf('GET /3/watch/providers/movie')),
      regions: fetched(responseOf('GET /3/watch/providers/regions')),
    }),
  },

  'browse.discoverMovies': {
    input: discoverFilters,
    output: fetched(responseOf('GET /3/discover/movie')),
  },

  'search.multi': {
    input: z.object({
      query: searchText,
      page,
      /**
       * Answer from the local index alone, at once: the search view paints these on every
       * keystroke, then replaces them with the (debounced) network answer.
       */
      localOnly: z.boolean().default(false),
    }),
    output: fetched(responseOf('GET /3/search/multi')),
  },
  'search.ahead': {
    input: z.object({
      /** The search box's text as it is, even empty or ending in a space: letters follow it. */
      text: z.string().max(200),
    }),
    output: z.object({
      text: z.string(),
      /** Every letter that can follow was answered; when false, a missing letter is unknown. */
      complete: z.boolean(),
      /** By letter (lower case, no diacritics): the local answer with that letter typed. */
      next: z.record(z.string(), fetched(responseOf('GET /3/search/multi'))),
    }),
  },
} as const;

export type BrowseChannel = keyof typeof browseChannels;

export const browseDomain = { channels: browseChannels, events: {} } satisfies Domain;
