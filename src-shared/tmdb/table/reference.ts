import { z } from 'zod';
import { defineEndpoints, noParams } from '../define';
import { languageQuery, providerListQuery } from '../queries';
import {
  configuration,
  country,
  departmentJobs,
  genreList,
  providerList,
  watchRegions,
} from '../schemas';

/**
 * Reference data: configuration, countries, jobs, genres and watch-provider lists. Changes rarely;
 * cached for days.
 */
export const referenceEndpoints = defineEndpoints({
  'GET /3/configuration/countries': {
    params: noParams,
    query: z.object({ language: z.string().optional() }),
    body: undefined,
    response: z.array(country),
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'reference',
  },
  'GET /3/configuration/jobs': {
    params: noParams,
    query: noParams,
    body: undefined,
    response: z.array(departmentJobs),
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'reference',
  },
  'GET /3/configuration': {
    params: noParams,
    query: noParams,
    body: undefined,
    response: configuration,
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'reference',
  },
  'GET /3/genre/movie/list': {
    params: noParams,
    query: languageQuery,
    body: undefined,
    response: genreList,
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'reference',
  },
  'GET /3/genre/tv/list': {
    params: noParams,
    query: languageQuery,
    body: undefined,
    response: genreList,
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'reference',
  },
  'GET /3/watch/providers/regions': {
    params: noParams,
    query: languageQuery,
    body: undefined,
    response: watchRegions,
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'reference',
  },
  'GET /3/watch/providers/movie': {
    params: noParams,
    query: providerListQuery,
    body: undefined,
    response: providerList,
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'reference',
  },
  'GET /3/watch/providers/tv': {
    params: noParams,
    query: providerListQuery,
    body: undefined,
    response: providerList,
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'reference',
  },
});
