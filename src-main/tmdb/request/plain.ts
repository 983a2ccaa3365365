import type { RawArgs, TmdbCredentials } from '../types';
import { none, withDefaults } from './args';
import { unsure } from './fast-args';
import type { RequestPlan } from './plan';
import type { BuiltRequest, RequestDefaults } from './types';
import { asRecord, trimBase } from './wire';

/**
 * The common request, written in one pass: a bearer token, no session in the query, no body, no
 * quirk, and plain numbers and strings the quick checks are sure of, put straight into the URL.
 * `undefined` for anything else, which `generalRequest` then builds; this function never throws.
 * Exported for the test that proves it builds exactly what the general way builds with zod alone.
 */
export function plainRequest(
  plan: RequestPlan,
  args: RawArgs,
  credentials: TmdbCredentials,
  defaults: RequestDefaults & { apiBase: string },
): BuiltRequest | undefined {
  const token = credentials.accessToken;
  if (!plan.plain || !token || args.body !== undefined) return undefined;
  // A session in the query is a secret to sort in: the general way.
  if (credentials.sessionId && plan.def.auth === 'session_optional') return undefined;
  const path =
    args.params === undefined && plan.paramsOptional
      ? (plan.pathPieces[0] ?? '')
      : plainPath(plan, args.params ?? none);
  if (path === undefined) return undefined;
  const queryInput = withDefaults(plan.queryKeys, args.query ?? none, defaults);
  const search = queryInput === none && plan.queryOptional ? '' : plainSearch(plan, queryInput);
  if (search === undefined) return undefined;
  const method = plan.def.method;
  const rest = search === '' ? path : `${path}?${search}`;
  return {
    method,
    url: `${trimBase(defaults.apiBase)}${rest}`,
    headers: bearerHeaders(token),
    body: undefined,
    target: `${method} ${rest}`,
    secretsFromCredentials: true,
  };
}

let lastToken = '';
let lastHeaders: Readonly<Record<string, string>> = {};

/** The headers of a token's plain requests: one frozen object while the token stays the same. */
function bearerHeaders(token: string): Readonly<Record<string, string>> {
  if (token !== lastToken) {
    lastToken = token;
    lastHeaders = Object.freeze({ Accept: 'application/json', Authorization: `Bearer ${token}` });
  }
  return lastHeaders;
}

/** The filled path, or `undefined` for params the general way must refuse or convert. */
function plainPath(plan: RequestPlan, input: unknown): string | undefined {
  const params = plan.fastParams?.(input) ?? unsure;
  if (params === unsure) return undefined;
  const { pathPieces, pathNames } = plan;
  const values = asRecord(params);
  let path = pathPieces[0] ?? '';
  for (let i = 0; i < pathNames.length; i++) {
    const text = plainText(values[pathNames[i] ?? '']);
    if (text === undefined || text === '' || text === '.' || text === '..') return undefined;
    path += encodeURIComponent(text) + (pathPieces[i + 1] ?? '');
  }
  return path;
}

/**
 * `a=1&b=x%20y`, or `undefined` for a query the general way must refuse or convert. A sure
 * answer of the quick check holds only names the schema declares, so its own names, sorted, are
 * the URL's order: usually one or two, where the schema may declare twenty.
 */
function plainSearch(plan: RequestPlan, input: unknown): string | undefined {
  const query = plan.fastQuery?.(input) ?? unsure;
  if (query === unsure) return undefined;
  const values = asRecord(query);
  const names = Object.keys(values);
  if (names.length > 1) names.sort();
  let search = '';
  for (const name of names) {
    const value = values[name];
    if (value === undefined || value === null) continue;
    const text = plainText(value);
    if (text === undefined) return undefined;
    search += `${search === '' ? '' : '&'}${encodeURIComponent(name)}=${encodeURIComponent(text)}`;
  }
  return search;
}

/** A single value as TMDB reads it; lists and other shapes are left to the general way. */
function plainText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return undefined;
}
