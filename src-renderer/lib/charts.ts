/**
 * Pure helpers behind Marquee's charts (components/charts): scales and ticks from d3-scale, the
 * labels of time periods, keyboard movement between data points, and the one-sentence text
 * alternative each chart carries. No DOM here, so all of it is tested in Node.
 *
 * Why d3-scale with Svelte's own SVG rather than a chart library: measured on one bar chart built
 * both ways (Vite, minified, gzip, Svelte's runtime subtracted), LayerChart 2.5 added about 80 KB
 * and d3-scale + d3-array about 14 KB; and LayerChart's marks take no keyboard focus and carry no
 * labels of their own, which every Marquee chart needs (a roving Tab stop, a named point each).
 */
import { scaleLinear } from 'd3-scale';
import { MONTHS } from './format';

/** A value axis from zero: "nice" ticks that cover `max` (at least one step when all are zero). */
export function valueAxis(max: number, count = 4): { top: number; ticks: number[] } {
  const safe = Number.isFinite(max) && max > 0 ? max : 1;
  const scale = scaleLinear().domain([0, safe]).nice(count);
  const ticks = scale.ticks(count);
  const top = scale.domain()[1] ?? safe;
  return { top, ticks };
}

/** 754 → "12.6"; hours for an axis or a bar, one decimal below 100 and whole above. */
export function hoursValue(minutes: number): string {
  const hours = minutes / 60;
  if (hours === 0) return '0';
  if (hours < 100) return String(Math.round(hours * 10) / 10);
  return Math.round(hours).toLocaleString('en');
}

/** 754 → "12.6 h", 45 → "45 min": a duration short enough for a tooltip or a table cell. */
export function formatHours(minutes: number): string {
  if (minutes > 0 && minutes < 60) return `${Math.round(minutes)} min`;
  return `${hoursValue(minutes)} h`;
}

/** 7_530 → "125 hours 30 minutes"; the long form for text alternatives and big numbers. */
export function formatDurationLong(minutes: number): string {
  const total = Math.max(0, Math.round(minutes));
  const hours = Math.floor(total / 60);
  const rest = total % 60;
  const h = `${hours.toLocaleString('en')} ${hours === 1 ? 'hour' : 'hours'}`;
  const m = `${rest} ${rest === 1 ? 'minute' : 'minutes'}`;
  if (hours === 0) return m;
  return rest === 0 ? h : `${h} ${m}`;
}

/** 1,234 with the thousands separated. */
export function formatCount(value: number): string {
  return value.toLocaleString('en');
}

/** "1 film", "2 films". */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${formatCount(count)} ${count === 1 ? one : many}`;
}

export type PeriodUnit = 'week' | 'month' | 'year';

function dayParts(day: string): { year: number; month: number; date: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const month = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { year: Number(match[1]), month, date: Number(match[3]) };
}

/**
 * A period's names: `short` under its column ("Mar", "12 Feb", "2024"), `long` for its label and
 * the table ("March 2024", "Week of 12 February 2024", "2024"). Built from the period's first day,
 * so a malformed key still gets a readable name.
 */
export function periodLabel(
  period: { period: string; start: string },
  unit: PeriodUnit,
): { short: string; long: string } {
  const start = dayParts(period.start);
  if (!start) return { short: period.period, long: period.period };
  const monthName = MONTHS[start.month - 1] ?? '';
  if (unit === 'year') return { short: String(start.year), long: String(start.year) };
  if (unit === 'month') {
    // January carries its year, so a chart over several years reads without guessing.
    const short = start.month === 1 ? `Jan ’${String(start.year).slice(2)}` : monthName.slice(0, 3);
    return { short, long: `${monthName} ${start.year}` };
  }
  return {
    short: `${start.date} ${monthName.slice(0, 3)}`,
    long: `Week of ${start.date} ${monthName} ${start.year}`,
  };
}

/** "12 February 2024" from "2024-02-12". */
export function dayName(day: string): string {
  const parts = dayParts(day);
  if (!parts) return day;
  return `${parts.date} ${MONTHS[parts.month - 1] ?? ''} ${parts.year}`;
}

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/**
 * Roving focus between `count` data points: the index a key moves to, or null when the key is not
 * a movement key. Arrows step (and stop at the ends), Home and End jump, Page keys step by ten.
 */
export function nextIndex(key: string, index: number, count: number): number | null {
  if (count <= 0) return null;
  const last = count - 1;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return Math.min(last, index + 1);
    case 'ArrowLeft':
    case 'ArrowUp':
      return Math.max(0, index - 1);
    case 'Home':
      return 0;
    case 'End':
      return last;
    case 'PageDown':
      return Math.min(last, index + 10);
    case 'PageUp':
      return Math.max(0, index - 10);
    default:
      return null;
  }
}

/**
 * Every `step`-th label is shown when columns are too narrow for all of theirs: the step that
 * gives each shown label at least `room` pixels.
 */
export function labelStep(count: number, width: number, room = 44): number {
  if (count <= 0 || width <= 0) return 1;
  return Math.max(1, Math.ceil((count * room) / width));
}

/** Steps that divide a year of months evenly, so thinned month labels land on the same months. */
const CALENDAR_STEPS = [1, 2, 3, 4, 6, 12];

/**
 * Which labels to show when only every `step`-th fits: with a major point (a January), the step is
 * rounded to divide a year and the labels line up on the majors (Jan, Apr, Jul, Oct).
 */
export function labelShown(index: number, step: number, firstMajor: number): boolean {
  if (firstMajor < 0) return index % step === 0;
  const even = CALENDAR_STEPS.find((n) => n >= step) ?? step;
  return (((index - firstMajor) % even) + even) % even === 0;
}

export interface NamedValue {
  name: string;
  value: number;
}

/**
 * The text alternative of a series over time: its total, its peak and how many periods it spans,
 * e.g. "42 hours over 12 months; the most in March 2024 (9.5 h)."
 */
export function describeSeries(
  points: readonly NamedValue[],
  what: { unit: string; units: string },
  format: (value: number) => string,
  totalText: (total: number) => string,
): string {
  if (points.length === 0) return 'Nothing in this range.';
  const total = points.reduce((sum, p) => sum + p.value, 0);
  if (total === 0) return `Nothing watched over ${plural(points.length, what.unit, what.units)}.`;
  let peak = points[0] as NamedValue;
  for (const point of points) if (point.value > peak.value) peak = point;
  return `${totalText(total)} over ${plural(points.length, what.unit, what.units)}; the most in ${peak.name} (${format(peak.value)}).`;
}

/** The text alternative of a ranking: "Drama leads (12 h), then Comedy (8 h) and Crime (5 h); 9 in all." */
export function describeRanking(
  items: readonly NamedValue[],
  format: (value: number) => string,
  noun: { one: string; many: string },
): string {
  const [first, second, third] = items;
  if (!first) return `No ${noun.many} yet.`;
  const rest = [second, third]
    .filter((item): item is NamedValue => item !== undefined)
    .map((item) => `${item.name} (${format(item.value)})`);
  const then =
    rest.length === 0
      ? ''
      : rest.length === 1
        ? `, then ${rest[0]}`
        : `, then ${rest.join(' and ')}`;
  return `${first.name} leads (${format(first.value)})${then}; ${plural(items.length, noun.one, noun.many)} in all.`;
}

export interface RatingPoint {
  mine: number;
  tmdb: number;
}

/** How the user's ratings sit against TMDB's: above, below or level with it (within 0.25). */
export function ratingSide(point: RatingPoint): 'above' | 'below' | 'level' {
  const difference = point.mine - point.tmdb;
  if (difference > 0.25) return 'above';
  if (difference < -0.25) return 'below';
  return 'level';
}

/** The text alternative of the mine-against-TMDB view. */
export function describeRatings(
  pairs: readonly RatingPoint[],
  meanDifference: number | null,
): string {
  if (pairs.length === 0) return 'No rated titles with a TMDB average yet.';
  const counts = { above: 0, below: 0, level: 0 };
  for (const pair of pairs) counts[ratingSide(pair)] += 1;
  const lead =
    meanDifference === null || Math.abs(meanDifference) < 0.05
      ? 'on average level with TMDB'
      : `on average ${Math.abs(meanDifference).toFixed(1)} ${Math.abs(meanDifference) === 1 ? 'point' : 'points'} ${meanDifference > 0 ? 'above' : 'below'} TMDB`;
  return `${plural(pairs.length, 'rated title')}, ${lead}: ${formatCount(counts.above)} above, ${formatCount(counts.below)} below, ${formatCount(counts.level)} level.`;
}

/** A chart's exact numbers, shown as a table on request. The first column names each row. */
export interface TableData {
  columns: readonly string[];
  rows: readonly (readonly string[])[];
}

/** One series of a chart: its name, its colour and whether it is hatched. */
export interface LegendEntry {
  label: string;
  /** 1–4: the palette's colour (CSS `--chart-N`). */
  tone: number;
  /** Hatched rather than solid, so series differ without colour too. */
  hatched?: boolean;
}

/** One column (or group of columns) of a column chart. */
export interface ColumnPoint {
  key: string;
  /** Under the column ("Mar"). */
  short: string;
  /** In the column's label, tooltip and table ("March 2024"). */
  long: string;
  /** One value per series, in the order of the series. */
  values: readonly number[];
  /** A landmark of the axis (a January): thinned labels line up on these. */
  major?: boolean;
}

/** One bar of a ranking. */
export interface BarItem {
  key: string;
  label: string;
  value: number;
  /** A second line of numbers ("4 titles · 6 plays"), shown on hover and focus. */
  detail?: string;
}

/** One rated title on the mine-against-TMDB plot. */
export interface ScatterPoint {
  key: string;
  /** The title, with its year when known. */
  name: string;
  mine: number;
  tmdb: number;
  votes: number;
}
