import { describe, expect, it } from 'vitest';
import { parseTmdbTime } from './tmdb-time';

describe('parseTmdbTime', () => {
  it('reads TMDB’s “YYYY-MM-DD HH:MM:SS UTC” form as UTC', () => {
    expect(parseTmdbTime('2016-08-26 17:04:39 UTC', 0)).toBe(Date.UTC(2016, 7, 26, 17, 4, 39));
  });

  it('accepts an ISO time too and falls back on anything else', () => {
    expect(parseTmdbTime('2016-08-26T17:04:39Z', 0)).toBe(Date.UTC(2016, 7, 26, 17, 4, 39));
    expect(parseTmdbTime('soon', 1234)).toBe(1234);
  });
});
