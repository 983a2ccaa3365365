import { describe, expect, it } from 'vitest';
import { EARLIEST_PLAY, LATEST_DATE, PLAY_AHEAD_MS, playTime, playTimeProblem } from './play-time';

const NOW = Date.UTC(2026, 5, 15, 9, 30);

describe('a play’s time', () => {
  it('accepts an unknown day, today, the past back to 1870, and a little clock skew', () => {
    for (const at of [
      null,
      NOW,
      Date.UTC(2024, 0, 2, 12),
      Date.UTC(1965, 3, 1, 12),
      EARLIEST_PLAY,
      NOW + PLAY_AHEAD_MS,
    ])
      expect(playTimeProblem(at, NOW)).toBeNull();
    // A day read without a time is noon UTC: in the first minute of 16 June at UTC+14 (10:00
    // UTC on the 15th), that noon is 26 hours ahead, and it is still today there.
    expect(playTimeProblem(Date.UTC(2026, 5, 16, 12), Date.UTC(2026, 5, 15, 10))).toBeNull();
  });

  it('refuses the future, before 1870 and what is not a real date, saying why', () => {
    expect(playTimeProblem(Date.UTC(2100, 0, 1), NOW)).toBe(
      'the viewing date 2100-01-01 is in the future',
    );
    expect(playTimeProblem(NOW + PLAY_AHEAD_MS + 1, NOW)).toBe(
      'the viewing date 2026-06-16 is in the future',
    );
    expect(playTimeProblem(Date.UTC(1869, 11, 31), NOW)).toBe(
      'the viewing date 1869-12-31 is before 1870',
    );
    for (const at of [9e15, -9e15, Number.NaN, Infinity, 1.5, '2024-01-01', undefined])
      expect(playTimeProblem(at, NOW)).toMatch(/is not a real date$/);
  });

  it('never lets through a time that a date cannot show', () => {
    const edges = [LATEST_DATE, LATEST_DATE + 1, -LATEST_DATE - 1, 2 ** 53, -(2 ** 53), 1e300];
    for (const at of edges)
      if (playTimeProblem(at, LATEST_DATE) === null)
        expect(new Date(at).toISOString()).toMatch(/^[+-]?\d{4,6}-/);
    expect(playTimeProblem(LATEST_DATE + 1, LATEST_DATE)).toMatch(/not a real date/);
  });

  it('has a schema for the parts that need no clock', () => {
    expect(playTime.safeParse(Date.UTC(1965, 0, 1)).success).toBe(true);
    expect(playTime.safeParse(9e15).success).toBe(false);
    expect(playTime.safeParse(Date.UTC(1800, 0, 1)).success).toBe(false);
    expect(playTime.safeParse(1.5).success).toBe(false);
  });
});
