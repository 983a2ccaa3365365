import type { BuiltRequest } from './build-request';
import type { CompiledEndpoint } from './compiled';
import { unsure } from './fast-args';
import { withDefaults, type RawArgs, type RequestDefaults } from './parse-args';
import type { TmdbCredentials } from './types';

/** Stands for arguments left out; never written to (`withDefaults` copies before adding). */
const none: Readonly<Record<string, never>> = Object.freeze({});

/**
 * The short way to build the common request: a bearer token, no session in the query, no body,
 * and arguments the entry's quick checks are sure of (see fast-args.ts). It writes the URL in one
 * pass over the query's names, sorted once per entry, instead of building, sorting and joining
 * records. `undefined` for anything else, and `buildRequest` then takes the full path, which also
 * gives every error: this function never throws.
 */
export function quickRequest(
  compiled: CompiledEndpoint,
  args: RawArgs,
  credentials: TmdbCredentials,
  defaults: RequestDefaults & { apiBase: string },
): BuiltRequest | undefined {
  const { def, fastParams, fastQuery, sortedQueryNames } = compiled;
  if (!compiled.plain || !fastParams || !fastQuery || !sortedQueryNames) return undefined;
  const token = credentials.accessToken;
  if (!token || args.body !== undefined) return undefined;
  // A session in the query is a secret to sort in: the full path does that.
  if (def.auth === 'session' || def.auth === 'session_or_guest') return undefined;
  if (def.auth === 'session_optional' && credentials.sessionId) return undefined;

  const params = fastParams(args.params ?? none);
  if (params === unsure) return undefined;
  const query = fastQuery(withDefaults(compiled.queryKeys, args.query ?? none, defaults));
  if (query === unsure) return undefined;
  const path = quickPath(compiled, params as Record<string, unknown>);
  const search = quickSearch(sortedQueryNames, query as Record<string, unknown>);
  if (path === undefined || search === undefined) return undefined;
  const rest = search === '' ? path : `${path}?${search}`;
  return {
    method: def.method,
    url: `${trimBase(defaults.apiBase)}${rest}`,
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    body: undefined,
    target: `${def.method} ${rest}`,
    secretsFromCredentials: true,
  };
}

/** The filled path, or `undefined` for a value the full path must refuse or convert. */
function quickPath(
  compiled: CompiledEndpoint,
  params: Record<string, unknown>,
): string | undefined {
  const { pathPieces, pathNames } = compiled;
  let path = pathPieces[0] ?? '';
  for (let i = 0; i < pathNames.length; i++) {
    const text = wireText(params[pathNames[i] as string]);
    if (text === undefined || text === '' || text === '.' || text === '..') return undefined;
    path += encodeURIComponent(text) + (pathPieces[i + 1] ?? '');
  }
  return path;
}

/** `a=1&b=x%20y` in sorted name order, or `undefined` for a value only the full path handles. */
function quickSearch(names: readonly string[], query: Record<string, unknown>): string | undefined {
  let search = '';
  for (const name of names) {
    const value = query[name];
    if (value === undefined || value === null) continue;
    const text = wireText(value);
    if (text === undefined) return undefined;
    search += `${search === '' ? '' : '&'}${encodeURIComponent(name)}=${encodeURIComponent(text)}`;
  }
  return search;
}

/** A single value as TMDB reads it; lists and other shapes are left to the full path. */
function wireText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return undefined;
}

function trimBase(apiBase: string): string {
  return apiBase.endsWith('/') ? apiBase.replace(/\/+$/, '') : apiBase;
}
