import { z } from 'zod';

/**
 * The shape of one entry of the endpoint table (`endpoints.ts`). The client, the local catalogue
 * server and the tests all read that one table, so everything a caller or a server needs to know
 * about an endpoint lives here: method, path template, the schemas of path parameters, query and
 * body, the schema of the success body, and which credentials it takes.
 */
export type HttpMethod = 'GET' | 'POST' | 'DELETE';

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

export interface EndpointDef<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  PathS extends z.ZodType = z.ZodType,
  QueryS extends z.ZodType = z.ZodType,
  BodyS extends z.ZodType | undefined = z.ZodType | undefined,
  ResS extends z.ZodType = z.ZodType,
> {
  readonly method: M;
  /** TMDB's path template, e.g. `/3/movie/{movie_id}/release_dates`. */
  readonly path: P;
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

export function defineEndpoint<
  M extends HttpMethod,
  P extends string,
  PathS extends z.ZodType,
  QueryS extends z.ZodType,
  BodyS extends z.ZodType | undefined,
  ResS extends z.ZodType,
>(
  def: EndpointDef<M, P, PathS, QueryS, BodyS, ResS>,
): EndpointDef<M, P, PathS, QueryS, BodyS, ResS> {
  return def;
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
