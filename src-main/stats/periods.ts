import type { StatsOverview, StatsPeriod, StatsStreak } from '../../src-shared/ipc/contract/stats';
import type { DayRow } from './store/aggregates';
import { DAY_MS, isoOfDay } from './zone';

export type Grain = 'week' | 'month' | 'year';

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** ISO weekday of a day number: Monday 1 … Sunday 7 (1970-01-01 was a Thursday). */
export const weekdayOf = (day: number): number => ((((day + 3) % 7) + 7) % 7) + 1;

interface Bucket {
  key: string;
  start: number;
  /** The first day of the next bucket. */
  next: number;
}

/** The bucket (ISO week, month or year) a day falls in. */
export function bucketOf(day: number, grain: Grain): Bucket {
  if (grain === 'week') {
    const monday = day - (weekdayOf(day) - 1);
    const thursday = monday + 3;
    const year = new Date(thursday * DAY_MS).getUTCFullYear();
    const week = Math.floor((thursday - Date.UTC(year, 0, 1) / DAY_MS) / 7) + 1;
    return { key: `${pad(year, 4)}-W${pad(week)}`, start: monday, next: monday + 7 };
  }
  const date = new Date(day * DAY_MS);
  const year = date.getUTCFullYear();
  if (grain === 'month') {
    const month = date.getUTCMonth();
    return {
      key: `${pad(year, 4)}-${pad(month + 1)}`,
      start: Date.UTC(year, month, 1) / DAY_MS,
      next: Date.UTC(year, month + 1, 1) / DAY_MS,
    };
  }
  return {
    key: pad(year, 4),
    start: Date.UTC(year, 0, 1) / DAY_MS,
    next: Date.UTC(year + 1, 0, 1) / DAY_MS,
  };
}

/**
 * Rolls days up into contiguous periods from `fromDay`'s bucket to `toDay`'s (both inclusive):
 * periods without plays are present with zeros, so a chart's bars are evenly spaced.
 */
export function rollUp(
  days: readonly DayRow[],
  grain: Grain,
  fromDay: number,
  toDay: number,
): StatsPeriod[] {
  const out: StatsPeriod[] = [];
  if (toDay < fromDay) return out;
  const byKey = new Map<string, StatsPeriod>();
  let bucket = bucketOf(fromDay, grain);
  const last = bucketOf(toDay, grain);
  // Bounded: a century of weeks is ~5,200 periods.
  for (let guard = 0; guard < 10_000; guard++) {
    const period: StatsPeriod = {
      period: bucket.key,
      start: isoOfDay(bucket.start),
      end: isoOfDay(bucket.next - 1),
      minutes: 0,
      plays: 0,
      filmPlays: 0,
      episodePlays: 0,
    };
    out.push(period);
    byKey.set(bucket.key, period);
    if (bucket.key === last.key) break;
    bucket = bucketOf(bucket.next, grain);
  }
  for (const row of days) {
    const period = byKey.get(bucketOf(row.day, grain).key);
    if (!period) continue;
    period.minutes += row.minutes;
    period.plays += row.plays;
    period.filmPlays += row.filmPlays;
    period.episodePlays += row.plays - row.filmPlays;
  }
  return out;
}

/** Runs of consecutive days with plays: the longest (latest on a tie) and the one alive today. */
export function streaksOf(
  days: readonly DayRow[],
  today: number,
): { longest: StatsStreak | null; current: StatsStreak | null } {
  let longest: StatsStreak | null = null;
  let current: StatsStreak | null = null;
  let runStart = -1;
  let runPlays = 0;
  let previous = Number.NaN;
  const close = (end: number): void => {
    const streak: StatsStreak = {
      days: end - runStart + 1,
      from: isoOfDay(runStart),
      to: isoOfDay(end),
      plays: runPlays,
    };
    if (!longest || streak.days >= longest.days) longest = streak;
    if (end >= today - 1 && end <= today) current = streak;
  };
  for (const row of days) {
    if (row.plays <= 0) continue;
    if (row.day !== previous + 1) {
      if (runStart >= 0) close(previous);
      runStart = row.day;
      runPlays = 0;
    }
    runPlays += row.plays;
    previous = row.day;
  }
  if (runStart >= 0) close(previous);
  return { longest, current };
}

/** The busiest days by minutes (then plays, then the latest), and the seven weekdays. */
export function activityOf(days: readonly DayRow[], top = 10): StatsOverview['activity'] {
  const weekdays = Array.from({ length: 7 }, (_, i) => ({ weekday: i + 1, plays: 0, minutes: 0 }));
  for (const row of days) {
    const entry = weekdays[weekdayOf(row.day) - 1];
    if (!entry) continue;
    entry.plays += row.plays;
    entry.minutes += row.minutes;
  }
  const busiestDays = [...days]
    .sort((a, b) => b.minutes - a.minutes || b.plays - a.plays || b.day - a.day)
    .slice(0, top)
    .map((row) => ({ date: isoOfDay(row.day), plays: row.plays, minutes: row.minutes }));
  return { busiestDays, weekdays };
}
