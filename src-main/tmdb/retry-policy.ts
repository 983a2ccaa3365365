import type { EndpointDef } from '../../src-shared/tmdb/define';
import { TmdbHttpError, TmdbNetworkError, TmdbTimeoutError } from './errors';
import { isListDeleteAmbiguous } from './quirks';

/**
 * When to try again. A 429 means TMDB did not act on the request, so any request may be repeated;
 * a 5xx, a dropped connection or a timeout may have been acted on, so only idempotent ones are.
 */
export function shouldRetry(def: EndpointDef, error: unknown): boolean {
  if (error instanceof TmdbHttpError) {
    if (error.httpStatus === 429) return true;
    if (isListDeleteAmbiguous(def, error)) return false;
    return error.httpStatus >= 500 && def.idempotent;
  }
  return (error instanceof TmdbNetworkError || error instanceof TmdbTimeoutError) && def.idempotent;
}

/** `Retry-After` as milliseconds from now: delta-seconds or an HTTP date. `undefined` when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * Exponential backoff with full jitter: a random wait in [0, min(cap, base·2^retry)). Spreads the
 * retries of many callers instead of having them hit TMDB again in step.
 */
export function backoffDelay(
  retry: number,
  random: () => number,
  baseMs = 250,
  capMs = 8000,
): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** retry);
  return Math.floor(random() * ceiling);
}
