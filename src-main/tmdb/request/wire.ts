/** Writing checked values in TMDB's wire form: texts, the filled path, the sorted query. */
import { TmdbInputError } from '../errors';
import type { RequestPlan } from './plan';

/** Turns parsed values into wire strings; arrays become TMDB's comma lists, absent values are dropped. */
export function stringifyRecord(key: string, part: string, value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new TmdbInputError(key, `${part}: expected an object`);
  }
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(value)) {
    if (v === undefined || v === null) continue;
    const text = wireText(v);
    if (text === undefined) {
      throw new TmdbInputError(key, `${part}.${name}: expected a string, number or boolean`);
    }
    out[name] = text;
  }
  return out;
}

/** A value as TMDB reads it: a scalar as text, a list as its items joined by commas. */
export function wireText(v: unknown): string | undefined {
  const text = scalar(v);
  if (text !== undefined || !Array.isArray(v)) return text;
  const items: unknown[] = v;
  const texts = items.map(scalar);
  return texts.every((t) => t !== undefined) ? texts.join(',') : undefined;
}

function scalar(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  return undefined;
}

/** The path with each placeholder's text URL-encoded in place; a missing or climbing value throws. */
export function fillPath(key: string, plan: RequestPlan, params: Record<string, string>): string {
  const { pathPieces, pathNames } = plan;
  let path = pathPieces[0] ?? '';
  for (let i = 0; i < pathNames.length; i++) {
    const name = pathNames[i] ?? '';
    const value = params[name];
    if (value === undefined || value === '')
      throw new TmdbInputError(key, `params.${name}: missing`);
    // encodeURIComponent leaves dots alone; a "." or ".." segment would walk up TMDB's path.
    if (value === '.' || value === '..')
      throw new TmdbInputError(key, `params.${name}: not a valid id`);
    path += encodeURIComponent(value) + (pathPieces[i + 1] ?? '');
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

/** The API origin without a trailing slash, so a path can follow it. */
export function trimBase(apiBase: string): string {
  return apiBase.endsWith('/') ? apiBase.replace(/\/+$/, '') : apiBase;
}

/** `value` when it is a plain object, else an empty one: read-only access by name. */
export function asRecord(value: unknown): Partial<Record<string, unknown>> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {};
}
