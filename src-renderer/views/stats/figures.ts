/**
 * The Stats page's figures as its charts take them: points, bars, tables and text alternatives,
 * all from one formatter each, so a chart's labels and its table always say the same numbers.
 */
import type {
  RatingPairView,
  StatsBreakdown,
  StatsOverview,
  StatsPeriod,
  StatsRatings,
} from '../../../src-shared/ipc/contract/stats';
import {
  dayName,
  describeRanking,
  describeSeries,
  formatCount,
  formatDurationLong,
  formatHours,
  periodLabel,
  plural,
  WEEKDAYS,
  type BarItem,
  type ColumnPoint,
  type PeriodUnit,
  type ScatterPoint,
  type TableData,
} from '../../lib/charts';

export type TimeMetric = 'time' | 'plays';

export const plays = (value: number): string => plural(value, 'play');
export const titles = (value: number): string => plural(value, 'title');
/** A value in hours, said as the tables say minutes (`formatHours`). */
export const hours = (value: number): string => formatHours(value * 60);
/** An axis tick in hours. */
export const hourTick = (value: number): string => `${value.toLocaleString('en')} h`;

/** "3 May 2026", or "3 – 9 May 2026" style for a run of days; one day is named once. */
export function dayRange(from: string, to: string): string {
  return from === to ? dayName(from) : `${dayName(from)} – ${dayName(to)}`;
}

const UNIT_NAMES: Record<PeriodUnit, { unit: string; units: string }> = {
  week: { unit: 'week', units: 'weeks' },
  month: { unit: 'month', units: 'months' },
  year: { unit: 'year', units: 'years' },
};

export interface ChartData<P> {
  points: readonly P[];
  table: TableData;
  summary: string;
}

/** Time watched (one series) or plays (films and episodes stacked) per period. */
export function timeChart(
  periods: readonly StatsPeriod[],
  unit: PeriodUnit,
  metric: TimeMetric,
): ChartData<ColumnPoint> {
  const named = periods.map((period) => ({ period, ...periodLabel(period, unit) }));
  const points = named.map(({ period, short, long }) => ({
    key: period.period,
    short,
    long,
    major: unit === 'month' && period.start.slice(5, 7) === '01',
    // Hours, so the value axis ticks at whole hours rather than at round numbers of minutes.
    values: metric === 'time' ? [period.minutes / 60] : [period.filmPlays, period.episodePlays],
  }));
  const table: TableData = {
    columns: ['Period', 'Time', 'Film plays', 'Episode plays'],
    rows: named.map(({ period, long }) => [
      long,
      formatHours(period.minutes),
      plays(period.filmPlays),
      plays(period.episodePlays),
    ]),
  };
  const summary =
    metric === 'time'
      ? describeSeries(
          named.map(({ period, long }) => ({ name: long, value: period.minutes })),
          UNIT_NAMES[unit],
          formatHours,
          (total) => `${formatDurationLong(total)} watched`,
        )
      : describeSeries(
          named.map(({ period, long }) => ({ name: long, value: period.plays })),
          UNIT_NAMES[unit],
          plays,
          (total) => plays(total),
        );
  return { points, table, summary };
}

/** A breakdown (genres, decades, languages, countries) as bars of time watched. */
export function breakdownChart(
  breakdown: StatsBreakdown,
  noun: { one: string; many: string },
): ChartData<BarItem> {
  const points = breakdown.items.map((slice) => ({
    key: slice.key,
    label: slice.label || slice.key,
    value: slice.minutes,
    detail: `${titles(slice.titles)} · ${plays(slice.plays)}`,
  }));
  const rows = breakdown.items.map((slice) => [
    slice.label || slice.key,
    formatHours(slice.minutes),
    formatCount(slice.titles),
    formatCount(slice.plays),
  ]);
  if (breakdown.unknown.titles > 0) {
    rows.push([
      'Not known yet',
      formatHours(breakdown.unknown.minutes),
      formatCount(breakdown.unknown.titles),
      formatCount(breakdown.unknown.plays),
    ]);
  }
  return {
    points,
    table: { columns: [capitalise(noun.one), 'Time', 'Titles', 'Plays'], rows },
    summary: describeRanking(
      points.map((p) => ({ name: p.label, value: p.value })),
      formatHours,
      noun,
    ),
  };
}

/** The user's ratings against TMDB's averages, bucket by bucket. */
export function distributionChart(ratings: StatsRatings): ChartData<ColumnPoint> {
  const buckets = [...ratings.distribution].sort((a, b) => a.bucket - b.bucket);
  const points = buckets.map((b) => ({
    key: String(b.bucket),
    short: String(b.bucket),
    long: `Rated ${b.bucket}`,
    values: [b.mine, b.tmdb],
  }));
  const total = buckets.reduce((sum, b) => sum + b.mine, 0);
  const top = (pick: (b: (typeof buckets)[number]) => number): number | null =>
    buckets.reduce<(typeof buckets)[number] | null>(
      (best, b) => (pick(b) > 0 && (best === null || pick(b) > pick(best)) ? b : best),
      null,
    )?.bucket ?? null;
  const mine = top((b) => b.mine);
  const theirs = top((b) => b.tmdb);
  return {
    points,
    table: {
      columns: ['Rating', 'Your ratings', 'TMDB averages'],
      rows: buckets.map((b) => [String(b.bucket), titles(b.mine), titles(b.tmdb)]),
    },
    summary:
      total === 0 || mine === null
        ? 'No ratings yet.'
        : `Of ${titles(total)}, you most often give ${mine}${theirs === null ? '' : `; TMDB’s averages most often round to ${theirs}`}.`,
  };
}

export function pairName(pair: Pick<RatingPairView, 'title' | 'year'>): string {
  const name = pair.title.trim() || 'Untitled';
  return pair.year === null ? name : `${name} (${pair.year})`;
}

/** Every rated title as a point, and as a table row with the difference. */
export function scatterChart(ratings: StatsRatings): { points: ScatterPoint[]; table: TableData } {
  const points = ratings.pairs.map((pair) => ({
    key: `${pair.mediaType}-${pair.id}`,
    name: pairName(pair),
    mine: pair.mine,
    tmdb: pair.tmdb,
    votes: pair.votes,
  }));
  const byDifference = [...ratings.pairs].sort(
    (a, b) => b.mine - b.tmdb - (a.mine - a.tmdb) || a.title.localeCompare(b.title),
  );
  return {
    points,
    table: {
      columns: ['Title', 'You', 'TMDB', 'Difference'],
      rows: byDifference.map((pair) => [
        pairName(pair),
        String(pair.mine),
        pair.tmdb.toFixed(1),
        signed(pair.mine - pair.tmdb),
      ]),
    },
  };
}

/** +1.2, −0.4, 0.0 */
export function signed(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  if (rounded === 0) return '0.0';
  return `${rounded > 0 ? '+' : '−'}${Math.abs(rounded).toFixed(1)}`;
}

/** Plays by day of the week, Monday first. */
export function weekdayChart(activity: StatsOverview['activity']): ChartData<ColumnPoint> {
  const days = WEEKDAYS.map((name, index) => {
    const found = activity.weekdays.find((w) => w.weekday === index + 1);
    return { name, plays: found?.plays ?? 0, minutes: found?.minutes ?? 0 };
  });
  const busiest = days.reduce(
    (best, day) => (day.plays > best.plays ? day : best),
    days[0] ?? {
      name: 'Monday',
      plays: 0,
      minutes: 0,
    },
  );
  return {
    points: days.map((day) => ({
      key: day.name,
      short: day.name.slice(0, 3),
      long: day.name,
      values: [day.plays],
    })),
    table: {
      columns: ['Day', 'Plays', 'Time'],
      rows: days.map((day) => [day.name, plays(day.plays), formatHours(day.minutes)]),
    },
    summary:
      busiest.plays === 0
        ? 'No dated plays yet.'
        : `${busiest.name} is your busiest day of the week, with ${plays(busiest.plays)}.`,
  };
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
