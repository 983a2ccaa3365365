import { z } from 'zod';
import { defineEndpoint, noParams } from './define';
import { country, departmentJobs } from './schemas/reference';

export { tmdbError } from './schemas/status';

/**
 * The one endpoint table. Keys are written as `METHOD /3/path/{placeholder}`, the form of the
 * `endpoint` field of the real-response fixtures index, so tests can look entries up by it.
 */
export const endpoints = {
  'GET /3/configuration/countries': defineEndpoint({
    method: 'GET',
    path: '/3/configuration/countries',
    params: noParams,
    query: z.object({ language: z.string().optional() }),
    body: undefined,
    response: z.array(country),
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'reference',
  }),
  'GET /3/configuration/jobs': defineEndpoint({
    method: 'GET',
    path: '/3/configuration/jobs',
    params: noParams,
    query: noParams,
    body: undefined,
    response: z.array(departmentJobs),
    auth: 'app',
    success: [200],
    idempotent: true,
    cache: 'reference',
  }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointKey = keyof Endpoints;
export type EndpointResponse<K extends EndpointKey> = z.output<Endpoints[K]['response']>;
export type EndpointParams<K extends EndpointKey> = z.input<Endpoints[K]['params']>;
export type EndpointQuery<K extends EndpointKey> = z.input<Endpoints[K]['query']>;
export type EndpointBody<K extends EndpointKey> =
  Endpoints[K]['body'] extends z.ZodType ? z.input<Endpoints[K]['body']> : undefined;
