import { describe, expect, it } from 'vitest';
import {
  describeRanking,
  describeRatings,
  describeSeries,
  formatDurationLong,
  formatHours,
  labelShown,
  labelStep,
  nextIndex,
  periodLabel,
  ratingSide,
  valueAxis,
} from './charts';

describe('valueAxis', () => {
  it('covers the largest value with round ticks from zero', () => {
    expect(valueAxis(17)).toEqual({ top: 20, ticks: [0, 5, 10, 15, 20] });
    expect(valueAxis(0.8).top).toBe(0.8);
  });

  it('keeps one step when every value is zero or not a number', () => {
    expect(valueAxis(0)).toEqual({ top: 1, ticks: [0, 0.2, 0.4, 0.6, 0.8, 1] });
    expect(valueAxis(Number.NaN).top).toBe(1);
  });
});

describe('durations', () => {
  it('short forms for bars and cells', () => {
    expect(formatHours(0)).toBe('0 h');
    expect(formatHours(45)).toBe('45 min');
    expect(formatHours(754)).toBe('12.6 h');
    expect(formatHours(90)).toBe('1.5 h');
    expect(formatHours(60 * 1234)).toBe('1,234 h');
  });

  it('long forms for text alternatives', () => {
    expect(formatDurationLong(7530)).toBe('125 hours 30 minutes');
    expect(formatDurationLong(60)).toBe('1 hour');
    expect(formatDurationLong(1)).toBe('1 minute');
    expect(formatDurationLong(0)).toBe('0 minutes');
  });
});

describe('periodLabel', () => {
  it('names weeks, months and years from their first day', () => {
    expect(periodLabel({ period: '2024-W07', start: '2024-02-12' }, 'week')).toEqual({
      short: '12 Feb',
      long: 'Week of 12 February 2024',
    });
    expect(periodLabel({ period: '2024-03', start: '2024-03-01' }, 'month')).toEqual({
      short: 'Mar',
      long: 'March 2024',
    });
    expect(periodLabel({ period: '2024', start: '2024-01-01' }, 'year').long).toBe('2024');
    expect(periodLabel({ period: '2025-01', start: '2025-01-01' }, 'month').short).toBe('Jan ’25');
  });

  it('falls back to the key when the first day is malformed', () => {
    expect(periodLabel({ period: '2024-13', start: '2024-13-01' }, 'month')).toEqual({
      short: '2024-13',
      long: '2024-13',
    });
  });
});

describe('nextIndex', () => {
  it('steps with arrows, stops at the ends, jumps with Home, End and Page keys', () => {
    expect(nextIndex('ArrowRight', 0, 3)).toBe(1);
    expect(nextIndex('ArrowRight', 2, 3)).toBe(2);
    expect(nextIndex('ArrowLeft', 0, 3)).toBe(0);
    expect(nextIndex('End', 0, 3)).toBe(2);
    expect(nextIndex('Home', 2, 3)).toBe(0);
    expect(nextIndex('PageDown', 5, 30)).toBe(15);
    expect(nextIndex('PageUp', 5, 30)).toBe(0);
    expect(nextIndex('a', 1, 3)).toBeNull();
    expect(nextIndex('ArrowRight', 0, 0)).toBeNull();
  });
});

describe('labelShown', () => {
  it('lines thinned labels up on the majors, at steps that divide a year', () => {
    const shown = (step: number, major: number): number[] =>
      Array.from({ length: 14 }, (_, i) => i).filter((i) => labelShown(i, step, major));
    expect(shown(3, 2)).toEqual([2, 5, 8, 11]);
    expect(shown(5, 2)).toEqual([2, 8]);
    expect(shown(2, -1)).toEqual([0, 2, 4, 6, 8, 10, 12]);
  });
});

describe('labelStep', () => {
  it('thins labels so each shown one has room', () => {
    expect(labelStep(12, 800)).toBe(1);
    expect(labelStep(104, 800)).toBe(6);
    expect(labelStep(0, 800)).toBe(1);
  });
});

describe('text alternatives', () => {
  const hours = (v: number): string => formatHours(v);

  it('a series names its total and its peak', () => {
    expect(
      describeSeries(
        [
          { name: 'January 2024', value: 120 },
          { name: 'February 2024', value: 600 },
          { name: 'March 2024', value: 0 },
        ],
        { unit: 'month', units: 'months' },
        hours,
        (total) => `${formatHours(total)} watched`,
      ),
    ).toBe('12 h watched over 3 months; the most in February 2024 (10 h).');
    expect(describeSeries([], { unit: 'month', units: 'months' }, hours, String)).toBe(
      'Nothing in this range.',
    );
    expect(
      describeSeries([{ name: 'May', value: 0 }], { unit: 'week', units: 'weeks' }, hours, String),
    ).toBe('Nothing watched over 1 week.');
  });

  it('a ranking names its first three and its size', () => {
    const noun = { one: 'genre', many: 'genres' };
    expect(
      describeRanking(
        [
          { name: 'Drama', value: 720 },
          { name: 'Comedy', value: 480 },
          { name: 'Crime', value: 300 },
          { name: 'War', value: 60 },
        ],
        hours,
        noun,
      ),
    ).toBe('Drama leads (12 h), then Comedy (8 h) and Crime (5 h); 4 genres in all.');
    expect(describeRanking([{ name: 'Drama', value: 60 }], hours, noun)).toBe(
      'Drama leads (1 h); 1 genre in all.',
    );
    expect(describeRanking([], hours, noun)).toBe('No genres yet.');
  });

  it('ratings say how far above or below TMDB the user rates', () => {
    const pairs = [
      { mine: 9, tmdb: 7.2 },
      { mine: 6, tmdb: 7.9 },
      { mine: 7, tmdb: 7.1 },
    ];
    expect(pairs.map(ratingSide)).toEqual(['above', 'below', 'level']);
    expect(describeRatings(pairs, -0.07)).toBe(
      '3 rated titles, on average 0.1 points below TMDB: 1 above, 1 below, 1 level.',
    );
    expect(describeRatings(pairs, 0.01)).toContain('on average level with TMDB');
    expect(describeRatings([], null)).toBe('No rated titles with a TMDB average yet.');
  });
});
