import { z } from 'zod';

/**
 * The shape of one entry of the endpoint table (`endpoints.ts`). The client, the local catalogue
 * server and the tests all read that one table, so everything a caller or a server needs to know
 * about an endpoint lives here: its route, the schemas of path parameters, query and body, the
 * schema of the success body, and which credentials it takes.
 */
export type HttpMethod = 'GET' | 'POST' | 'DELETE';

/**
 * An endpoint's route, written as TMDB's reference writes it and as the table is keyed:
 * `GET /3/movie/{movie_id}/release_dates`. Method and path template are read from it, never
 * written a second time.
 */
export type Route = `${HttpMethod} /${string}`;

/** The method of a route: `RouteMethod<'GET /3/movie/{movie_id}'>` is `'GET'`. */
export type RouteMethod<R extends Route> = R extends `${infer M extends HttpMethod} /${string}`
  ? M
  : never;

/** The path template of a route: `RoutePath<'GET /3/movie/{movie_id}'>` is `'/3/movie/{movie_id}'`. */
export type RoutePath<R extends Route> = R extends `${HttpMethod} ${infer P extends `/${string}`}`
  ? P
  : never;

/** The `{placeholder}` names of a path template, as a union (`never` for none). */
export type PathParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamNames<Rest>
  : never;

/**
 * Which credentials an endpoint takes, on top of the application's bearer token or api_key.
 * - `app`: the application's credentials alone.
 * - `session`: a signed-in user's `session_id` is required.
 * - `session_optional`: a `session_id` is sent when there is one (e.g. private lists).
 * - `session_or_guest`: a `session_id`, or a `guest_session_id` (ratings).
 */
export type AuthKind = 'app' | 'session' | 'session_optional' | 'session_or_guest';

/**
 * Freshness family of a GET, read by the cache (configuration and reference data keep for days,
 * details for hours, lists and trending for less). `none` is never cached (auth, writes).
 */
export type CacheFamily =
  'reference' | 'details' | 'listing' | 'trending' | 'search' | 'account' | 'live' | 'none';

/** What a table file writes for one route: everything but what the route already says. */
export interface EndpointSpec<
  PathS extends z.ZodType = z.ZodType,
  QueryS extends z.ZodType = z.ZodType,
  BodyS extends z.ZodType | undefined = z.ZodType | undefined,
  ResS extends z.ZodType = z.ZodType,
> {
  /** Path placeholders, by name. Accepts numbers or digit strings, so a server can parse its URL. */
  readonly params: PathS;
  /** Query parameters other than credentials (api_key, session_id, guest_session_id never appear here). */
  readonly query: QueryS;
  /** JSON body of a POST or DELETE, when it takes one. */
  readonly body: BodyS;
  /** The success body. */
  readonly response: ResS;
  readonly auth: AuthKind;
  /** HTTP statuses TMDB answers on success. */
  readonly success: readonly number[];
  /** Safe to retry after a 5xx or a network error (GET and DELETE; a POST only where repeating it changes nothing). */
  readonly idempotent: boolean;
  readonly cache: CacheFamily;
}

/** One entry of the table: its spec plus the route, and the method and path read from the route. */
export interface EndpointDef<
  R extends Route = Route,
  PathS extends z.ZodType = z.ZodType,
  QueryS extends z.ZodType = z.ZodType,
  BodyS extends z.ZodType | undefined = z.ZodType | undefined,
  ResS extends z.ZodType = z.ZodType,
> extends EndpointSpec<PathS, QueryS, BodyS, ResS> {
  readonly route: R;
  readonly method: RouteMethod<R>;
  /** TMDB's path template, e.g. `/3/movie/{movie_id}/release_dates`. */
  readonly path: RoutePath<R>;
}

/**
 * The params schema a route asks for: an object whose keys are exactly the route's placeholders.
 * Anything else turns into a type naming what is missing or extra, so the table does not compile.
 */
type ParamsFor<R extends Route, S> = S extends { readonly shape: infer Shape }
  ? [Exclude<PathParamNames<RoutePath<R>>, keyof Shape>] extends [never]
    ? [Exclude<keyof Shape, PathParamNames<RoutePath<R>>>] extends [never]
      ? S
      : {
          'params without a {placeholder} in the route': Exclude<
            keyof Shape,
            PathParamNames<RoutePath<R>>
          >;
        }
    : {
        'placeholders of the route missing from params': Exclude<
          PathParamNames<RoutePath<R>>,
          keyof Shape
        >;
      }
  : { 'params must be an object schema': S };

/** The checks `defineEndpoints` puts on each key and entry. */
type CheckedSpecs<T> = {
  readonly [K in keyof T]: K extends Route
    ? T[K] extends EndpointSpec
      ? { readonly params: ParamsFor<K, T[K]['params']> }
      : never
    : 'a key is a route: GET, POST or DELETE, a space, then a path starting with /';
};

/** The entries `defineEndpoints` makes of its specs, typed from each route and spec. */
export type DefinedEndpoints<T extends Readonly<Record<string, EndpointSpec>>> = {
  readonly [K in keyof T & Route]: EndpointDef<
    K,
    T[K]['params'],
    T[K]['query'],
    T[K]['body'],
    T[K]['response']
  >;
};

/**
 * Makes table entries from specs keyed by route: each entry gets its route, and the method and
 * path parsed from it. At compile time the key must be a route and the params schema must name
 * exactly the route's `{placeholders}`.
 */
export function defineEndpoints<T extends Readonly<Record<string, EndpointSpec>>>(
  specs: T & CheckedSpecs<T>,
): DefinedEndpoints<T> {
  const entries: Record<string, EndpointDef> = {};
  for (const [route, spec] of Object.entries<EndpointSpec>(specs)) {
    entries[route] = { ...spec, ...parseRoute(route) };
  }
  return entries as DefinedEndpoints<T>;
}

/** A route read into its parts. */
export interface ParsedRoute<R extends Route = Route> {
  readonly route: R;
  readonly method: RouteMethod<R>;
  readonly path: RoutePath<R>;
}

const routePattern = /^(GET|POST|DELETE) (\/[^\s]*)$/;

/** Reads a route into method and path; throws on anything that is not one. */
export function parseRoute<R extends Route>(route: R): ParsedRoute<R>;
export function parseRoute(route: string): ParsedRoute;
export function parseRoute(route: string): ParsedRoute {
  const match = routePattern.exec(route);
  const method = match?.[1];
  const rest = match?.[2];
  if (!isMethod(method) || rest === undefined) {
    throw new Error(`not a route: "${route}" (expected GET, POST or DELETE, a space, then /path)`);
  }
  // The pattern made sure the path starts with a slash; written so, the type says it too.
  const path: `/${string}` = `/${rest.slice(1)}`;
  return { route: `${method} ${path}`, method, path };
}

function isMethod(value: string | undefined): value is HttpMethod {
  return value === 'GET' || value === 'POST' || value === 'DELETE';
}

// Parameter helpers. A value arrives as a number from the client and as a string from a URL;
// both parse to the same output.

/** A non-negative integer path or query parameter. */
export const intParam = z.union([
  z.number().int().nonnegative(),
  z
    .string()
    .regex(/^\d{1,12}$/, 'expected a non-negative integer')
    .transform(Number),
]);

/** A page number, 1..500 as TMDB allows. */
export const pageParam = z.union([
  z.number().int().min(1).max(500),
  z
    .string()
    .regex(/^\d{1,3}$/, 'expected a page number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(500)),
]);

/** A boolean query parameter (`true` / `false`). */
export const boolParam = z.union([
  z.boolean(),
  z.enum(['true', 'false']).transform((v) => v === 'true'),
]);

/** A decimal query parameter (e.g. vote_average.gte). */
export const numberParam = z.union([
  z.number(),
  z
    .string()
    .regex(/^-?\d+(\.\d+)?$/, 'expected a number')
    .transform(Number),
]);

/** No path parameters / no query parameters. */
export const noParams = z.object({}).strict();
