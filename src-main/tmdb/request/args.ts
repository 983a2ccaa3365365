import type { z } from 'zod';
import type { EndpointDef } from '../../src-shared/tmdb/define';
import { TmdbInputError } from './errors';
import { compiledEndpoint } from './compiled';
import { unsure, type FastCheck } from './fast-args';
import { describeIssue } from './issues';

/** What a caller passes for one request, before validation. */
export interface RawArgs {
  params?: unknown;
  query?: unknown;
  body?: unknown;
}

export interface RequestDefaults {
  language?: string | undefined;
  region?: string | undefined;
}

/** The validated parts of a request, ready to be put on the wire (credentials not yet added). */
export interface ParsedArgs {
  /** The path with every placeholder filled and URL-encoded. */
  path: string;
  /** Query values as strings, credentials excluded. */
  query: Record<string, string>;
  /** Parsed JSON body, when the endpoint takes one. */
  body: unknown;
  /** The parsed path parameters, by name (before encoding). */
  params: Record<string, string>;
}

const placeholderPattern = /\{([A-Za-z0-9_]+)\}/g;

/** Names of the `{placeholders}` of a path template, in order. */
export function placeholders(pathTemplate: string): string[] {
  return [...pathTemplate.matchAll(placeholderPattern)].map((m) => m[1] ?? '');
}

/**
 * Validates a caller's arguments with the entry's schemas and fills the path. Bad input throws a
 * `TmdbInputError` naming the endpoint and the field, before anything reaches the network.
 */
export function parseArgs(
  key: string,
  def: EndpointDef,
  args: RawArgs,
  defaults: RequestDefaults = {},
): ParsedArgs {
  const compiled = compiledEndpoint(def);
  const params = parseWith(key, 'params', compiled.params, compiled.fastParams, args.params ?? {});
  const query = parseWith(
    key,
    'query',
    compiled.query,
    compiled.fastQuery,
    withDefaults(compiled.queryKeys, args.query ?? {}, defaults),
  );
  let body: unknown = undefined;
  if (compiled.body === undefined) {
    if (args.body !== undefined) throw new TmdbInputError(key, 'this endpoint takes no body');
  } else {
    body = parseWith(key, 'body', compiled.body, undefined, args.body);
  }
  const paramStrings = stringifyRecord(key, 'params', params);
  return {
    path: fillPath(key, compiled.pathPieces, compiled.pathNames, paramStrings),
    query: stringifyRecord(key, 'query', query),
    body,
    params: paramStrings,
  };
}

function parseWith(
  key: string,
  part: string,
  schema: z.ZodType,
  fast: FastCheck | undefined,
  value: unknown,
): unknown {
  if (fast) {
    const quick = fast(value);
    if (quick !== unsure) return quick;
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const { field, problem } = describeIssue(parsed.error, part);
  throw new TmdbInputError(key, `${field}: ${problem}`);
}

/** Adds `language` / `region` only where the entry's query declares them and the caller left them out. */
export function withDefaults(
  keys: ReadonlySet<string> | undefined,
  query: unknown,
  defaults: RequestDefaults,
): unknown {
  if (query === null || typeof query !== 'object' || Array.isArray(query)) return query;
  if (!keys) return query;
  // Nothing to add: the caller's object is parsed as it is, without a copy.
  if (!needsDefault(keys, query as Record<string, unknown>, defaults)) return query;
  const out: Record<string, unknown> = { ...(query as Record<string, unknown>) };
  for (const name of ['language', 'region'] as const) {
    const value = defaults[name];
    if (value !== undefined && value !== '' && keys.has(name) && out[name] === undefined)
      out[name] = value;
  }
  return out;
}

function needsDefault(
  keys: ReadonlySet<string>,
  query: Record<string, unknown>,
  defaults: RequestDefaults,
): boolean {
  for (const name of ['language', 'region'] as const) {
    const value = defaults[name];
    if (value !== undefined && value !== '' && keys.has(name) && query[name] === undefined)
      return true;
  }
  return false;
}

/** Turns parsed values into wire strings; arrays become TMDB's comma lists, absent values are dropped. */
function stringifyRecord(key: string, part: string, value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new TmdbInputError(key, `${part}: expected an object`);
  }
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    const text = scalar(v) ?? (Array.isArray(v) ? v.map((item) => scalar(item)) : undefined);
    if (text === undefined || (Array.isArray(text) && text.some((t) => t === undefined))) {
      throw new TmdbInputError(key, `${part}.${name}: expected a string, number or boolean`);
    }
    out[name] = Array.isArray(text) ? text.join(',') : text;
  }
  return out;
}

function scalar(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return undefined;
}

function fillPath(
  key: string,
  pieces: readonly string[],
  names: readonly string[],
  params: Record<string, string>,
): string {
  let path = pieces[0] ?? '';
  for (const [i, name] of names.entries()) {
    const value = params[name];
    if (value === undefined || value === '')
      throw new TmdbInputError(key, `params.${name}: missing`);
    // encodeURIComponent leaves dots alone; a "." or ".." segment would walk up TMDB's path.
    if (value === '.' || value === '..')
      throw new TmdbInputError(key, `params.${name}: not a valid id`);
    path += encodeURIComponent(value) + (pieces[i + 1] ?? '');
  }
  return path;
}

/** `a=1&b=x%20y`, keys sorted so the same request always has the same URL. */
export function sortedQueryString(query: Record<string, string>): string {
  return Object.keys(query)
    .sort()
    .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(query[name] ?? '')}`)
    .join('&');
}
