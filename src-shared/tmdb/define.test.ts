import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import {
  defineEndpoints,
  intParam,
  noParams,
  parseRoute,
  type EndpointSpec,
  type PathParamNames,
  type RouteMethod,
  type RoutePath,
} from './define';
import { endpoints } from './endpoints';

/** A spec with every field but params, for the cases below. */
const rest = {
  query: noParams,
  body: undefined,
  response: z.object({ id: z.number() }),
  auth: 'app',
  success: [200],
  idempotent: true,
  cache: 'details',
} satisfies Omit<EndpointSpec, 'params'>;

describe('a route', () => {
  it('is read into its method and path template at compile time', () => {
    expectTypeOf<RouteMethod<'GET /3/movie/{movie_id}'>>().toEqualTypeOf<'GET'>();
    expectTypeOf<RouteMethod<'DELETE /3/list/{list_id}'>>().toEqualTypeOf<'DELETE'>();
    expectTypeOf<RoutePath<'GET /3/movie/{movie_id}'>>().toEqualTypeOf<'/3/movie/{movie_id}'>();
    expectTypeOf<
      PathParamNames<'/3/tv/{series_id}/season/{season_number}/episode/{episode_number}'>
    >().toEqualTypeOf<'series_id' | 'season_number' | 'episode_number'>();
    expectTypeOf<PathParamNames<'/3/configuration'>>().toEqualTypeOf<never>();
  });

  it('gives each entry its method and path, typed from the key', () => {
    const entry = endpoints['GET /3/movie/{movie_id}/release_dates'];
    expectTypeOf(entry.method).toEqualTypeOf<'GET'>();
    expectTypeOf(entry.path).toEqualTypeOf<'/3/movie/{movie_id}/release_dates'>();
    expect(entry.method).toBe('GET');
    expect(entry.path).toBe('/3/movie/{movie_id}/release_dates');
    expect(entry.route).toBe('GET /3/movie/{movie_id}/release_dates');
  });

  it.each(Object.keys(endpoints))('%s parses into the method and path its entry carries', (key) => {
    const parsed = parseRoute(key);
    const entry = Object.values(endpoints).find((def) => def.route === key);
    expect(`${parsed.method} ${parsed.path}`).toBe(key);
    expect(entry).toMatchObject({ route: key, method: parsed.method, path: parsed.path });
  });

  it.each([
    'GET',
    'PUT /3/movie',
    'get /3/movie',
    'GET 3/movie',
    'GET  /3/movie',
    'GET /3/a b',
    '',
  ])('refuses %j', (text) => {
    expect(() => parseRoute(text)).toThrow('not a route');
  });
});

describe('defineEndpoints', () => {
  it('makes entries whose route, method and path come from the key alone', () => {
    const table = defineEndpoints({
      'POST /3/list/{list_id}/clear': { ...rest, params: z.object({ list_id: intParam }) },
    });
    const entry = table['POST /3/list/{list_id}/clear'];
    expectTypeOf(entry.method).toEqualTypeOf<'POST'>();
    expect(entry).toMatchObject({
      route: 'POST /3/list/{list_id}/clear',
      method: 'POST',
      path: '/3/list/{list_id}/clear',
      auth: 'app',
    });
  });

  it('refuses at compile time a placeholder without its path param, and a param without a placeholder', () => {
    const make = (): unknown => [
      defineEndpoints({
        // @ts-expect-error `{movie_id}` is in the route but not in params.
        'GET /3/movie/{movie_id}': { ...rest, params: noParams },
      }),
      defineEndpoints({
        'GET /3/tv/{series_id}': {
          ...rest,
          // @ts-expect-error `season_number` is a param but not in the route.
          params: z.object({ series_id: intParam, season_number: intParam }),
        },
      }),
      defineEndpoints({
        // @ts-expect-error A key names its method.
        '/3/configuration': { ...rest, params: noParams },
      }),
      defineEndpoints({
        // @ts-expect-error PUT is not a TMDB v3 method the table knows.
        'PUT /3/configuration': { ...rest, params: noParams },
      }),
    ];
    // The checks above are the compiler's; at run time a bad key is refused too.
    expect(make).toThrow('not a route');
  });
});
