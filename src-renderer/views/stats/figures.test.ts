import { describe, expect, it } from 'vitest';
import {
  breakdownChart,
  distributionChart,
  scatterChart,
  signed,
  timeChart,
  weekdayChart,
} from './figures';
import { fitText } from './year-card';

const period = (key: string, start: string, minutes: number, films: number, episodes: number) => ({
  period: key,
  start,
  end: start,
  minutes,
  plays: films + episodes,
  filmPlays: films,
  episodePlays: episodes,
});

describe('chart figures', () => {
  it('a time chart labels each column as its table row says it', () => {
    const chart = timeChart(
      [period('2026-01', '2026-01-01', 754, 2, 3), period('2026-02', '2026-02-01', 0, 0, 0)],
      'month',
      'time',
    );
    expect(chart.points.map((p) => [p.long, p.values])).toEqual([
      ['January 2026', [754 / 60]],
      ['February 2026', [0]],
    ]);
    expect(chart.table.rows[0]).toEqual(['January 2026', '12.6 h', '2 plays', '3 plays']);
    expect(chart.summary).toBe(
      '12 hours 34 minutes watched over 2 months; the most in January 2026 (12.6 h).',
    );
    const playsChart = timeChart([period('2026-01', '2026-01-01', 754, 2, 3)], 'month', 'plays');
    expect(playsChart.points[0]?.values).toEqual([2, 3]);
  });

  it('a breakdown keeps TMDB’s messy labels readable and counts the unknown in the table', () => {
    const chart = breakdownChart(
      {
        items: [
          { key: '18', label: 'Drama', titles: 3, plays: 4, minutes: 400 },
          { key: 'xx', label: '', titles: 1, plays: 1, minutes: 90 },
        ],
        unknown: { titles: 2, plays: 2, minutes: 0 },
      },
      { one: 'language', many: 'languages' },
    );
    expect(chart.points.map((p) => p.label)).toEqual(['Drama', 'xx']);
    expect(chart.table.columns).toEqual(['Language', 'Time', 'Titles', 'Plays']);
    expect(chart.table.rows.at(-1)).toEqual(['Not known yet', '0 h', '2', '2']);
  });

  it('the rating distribution and the scatter table', () => {
    const ratings = {
      distribution: Array.from({ length: 10 }, (_, i) => ({
        bucket: i + 1,
        mine: i === 7 ? 2 : 0,
        tmdb: i === 6 ? 2 : 0,
      })),
      pairs: [
        {
          mediaType: 'movie' as const,
          id: 1,
          title: 'Alpha',
          posterPath: null,
          year: 2001,
          mine: 9,
          tmdb: 7.04,
          votes: 10,
        },
        {
          mediaType: 'tv' as const,
          id: 2,
          title: ' ',
          posterPath: null,
          year: null,
          mine: 6,
          tmdb: 7.5,
          votes: 10,
        },
      ],
      meanMine: 7.5,
      meanTmdb: 7.27,
      meanDifference: 0.23,
    };
    const chart = distributionChart(ratings);
    expect(chart.summary).toBe(
      'Of 2 titles, you most often give 8; TMDB’s averages most often round to 7.',
    );
    expect(chart.table.rows[7]).toEqual(['8', '2 titles', '0 titles']);
    const scatter = scatterChart(ratings);
    expect(scatter.table.rows).toEqual([
      ['Alpha (2001)', '9', '7.0', '+2.0'],
      ['Untitled', '6', '7.5', '−1.5'],
    ]);
    expect(signed(0.04)).toBe('0.0');
  });

  it('weekdays run Monday to Sunday with gaps filled', () => {
    const chart = weekdayChart({
      busiestDays: [],
      weekdays: [{ weekday: 6, plays: 5, minutes: 300 }],
    });
    expect(chart.points.map((p) => p.short)).toEqual([
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
      'Sun',
    ]);
    expect(chart.points[5]?.values).toEqual([5]);
    expect(chart.summary).toBe('Saturday is your busiest day of the week, with 5 plays.');
  });
});

describe('fitText', () => {
  const measure = (s: string): number => s.length * 10;

  it('keeps text that fits and cuts a 10,000-character title with an ellipsis', () => {
    expect(fitText('Heat', 100, measure)).toBe('Heat');
    const cut = fitText('x'.repeat(10_000), 100, measure);
    expect(cut).toBe(`${'x'.repeat(9)}…`);
    expect(fitText('anything', 5, measure)).toBe('…');
  });
});
