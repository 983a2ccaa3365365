import type { z } from 'zod';
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
 * The groups of the endpoint table, one file each under `table/`; the demo catalogue answers each
 * group in the handler file of the same name (`catalogue/handlers/<group>.ts`).
 */
export const endpointGroups = {
  reference: referenceEndpoints,
  auth: authEndpoints,
  account: accountEndpoints,
  lists: listsEndpoints,
  ratings: ratingsEndpoints,
  movies: moviesEndpoints,
  tv: tvEndpoints,
  people: peopleEndpoints,
  search: searchEndpoints,
  discover: discoverEndpoints,
} as const;

export type EndpointGroup = keyof typeof endpointGroups;

/**
 * The one endpoint table. Keys are routes, `METHOD /3/path/{placeholder}`, the form of the
 * `endpoint` field of the real-response fixtures index, so tests can look entries up by it; each
 * entry's method and path are read from its route (see `defineEndpoints`). The entries live in
 * `table/*.ts`, one file per group, and are gathered here.
 */
export const endpoints = {
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
