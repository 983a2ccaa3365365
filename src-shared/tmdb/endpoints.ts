import { z } from 'zod';
import { defineEndpoints, noParams } from './define';
import { country, departmentJobs } from './schemas/reference';
import { accountEndpoints } from './table/account';
import { authEndpoints } from './table/auth';
import { discoverEndpoints } from './table/discover';
import { listsEndpoints } from './table/lists';
import { moviesEndpoints } from './table/movies';
import { peopleEndpoints } from './table/people';
import { ratingsEndpoints } from './table/ratings';
import { referenceEndpoints } from './table/reference';
import { searchEndpoints } from './table/search';
import { tvEndpoints } from './table/tv';

export { tmdbError } from './schemas/status';

/**
 * The one endpoint table. Keys are routes, `METHOD /3/path/{placeholder}`, the form of the
 * `endpoint` field of the real-response fixtures index, so tests can look entries up by it; each
 * entry's method and path are read from its route (see `defineEndpoints`). The entries live in
 * `table/*.ts`, one file per area, and are gathered here.
 */
export const endpoints = {
  ...defineEndpoints({
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
  }),
  ...referenceEndpoints,
  ...authEndpoints,
  ...accountEndpoints,
  ...listsEndpoints,
  ...ratingsEndpoints,
  ...moviesEndpoints,
  ...tvEndpoints,
  ...peopleEndpoints,
  ...searchEndpoints,
  ...discoverEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type EndpointKey = keyof Endpoints;
export type EndpointResponse<K extends EndpointKey> = z.output<Endpoints[K]['response']>;
export type EndpointParams<K extends EndpointKey> = z.input<Endpoints[K]['params']>;
export type EndpointQuery<K extends EndpointKey> = z.input<Endpoints[K]['query']>;
export type EndpointBody<K extends EndpointKey> = Endpoints[K]['body'] extends z.ZodType
  ? z.input<Endpoints[K]['body']>
  : undefined;
