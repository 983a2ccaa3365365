import { describe, expect, it } from 'vitest';
import { TmdbHttpError, TmdbNetworkError, TmdbSchemaError, TmdbTimeoutError } from './errors';
import { backoffDelay, parseRetryAfter, shouldRetry } from './retry-policy';
import { testTable as t } from './testing/test-endpoints';

const http = (httpStatus: number, tmdbStatus?: number): TmdbHttpError =>
  new TmdbHttpError({ endpoint: 'X', httpStatus, tmdbStatus });

describe('shouldRetry', () => {
  const get = t['GET /3/movie/{movie_id}'];
  const post = t['POST /3/account/{account_id}/watchlist'];
  const deleteList = t['DELETE /3/list/{list_id}'];

  it('retries any request on 429', () => {
    expect(shouldRetry(get, http(429))).toBe(true);
    expect(shouldRetry(post, http(429))).toBe(true);
  });

  it('retries only idempotent requests on 5xx, network errors and timeouts', () => {
    for (const error of [
      http(500),
      http(503),
      new TmdbNetworkError('X', new Error('reset')),
      new TmdbTimeoutError('X', 10),
    ]) {
      expect(shouldRetry(get, error)).toBe(true);
      expect(shouldRetry(post, error)).toBe(false);
    }
  });

  it('never retries client errors, schema mismatches or unknown failures', () => {
    for (const status of [400, 401, 404, 422]) expect(shouldRetry(get, http(status))).toBe(false);
    expect(shouldRetry(get, new TmdbSchemaError('X', 'id', 'expected number'))).toBe(false);
    expect(shouldRetry(get, new Error('boom'))).toBe(false);
  });

  it('does not retry the list delete that TMDB answers with 500/11, which needs confirming instead', () => {
    expect(shouldRetry(deleteList, http(500, 11))).toBe(false);
    expect(shouldRetry(deleteList, http(502))).toBe(true);
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('0', 0)).toBe(0);
    expect(parseRetryAfter(' 7 ', 0)).toBe(7000);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    const at = Date.parse('Sun, 06 Nov 1994 08:49:37 GMT');
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:37 GMT', at - 4000)).toBe(4000);
    expect(parseRetryAfter('Sun, 06 Nov 1994 08:49:37 GMT', at + 4000)).toBe(0);
  });

  it('ignores an absent or unreadable value', () => {
    expect(parseRetryAfter(null, 0)).toBeUndefined();
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
    expect(parseRetryAfter('-3', 0)).toBeUndefined();
    expect(parseRetryAfter('1.5', 0)).toBeUndefined();
  });
});

describe('backoffDelay', () => {
  it('draws from [0, base·2^retry) with full jitter', () => {
    expect(backoffDelay(0, () => 0)).toBe(0);
    expect(backoffDelay(0, () => 0.999)).toBe(249);
    expect(backoffDelay(3, () => 0.5)).toBe(1000);
  });

  it('never exceeds the cap', () => {
    expect(backoffDelay(20, () => 0.999)).toBe(7992);
    expect(backoffDelay(5, () => 0.999, 100, 1000)).toBe(999);
  });
});
